import { listCaseStudies } from "@server/admin/case-studies";
import { CASE_STUDY_MESSAGES } from "@server/admin/messages";
import { loadAdminList, moderationListAction } from "@server/admin/moderation";
import { DeleteButton } from "~/components/admin/delete-button";
import { AddLink, ContentRow, EditLink, ListBody } from "~/components/admin/list-page";
import { FeatureToggle } from "~/components/admin/toggle-form";
import { Flag, RowList, StatusBadge } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import type { Route } from "./+types/case-studies";

/** /admin/case-studies: every case study, newest first; feature toggle and delete. */

export const meta: Route.MetaFunction = () => adminMeta("Case Studies");

export const loader = (args: Route.LoaderArgs) =>
  loadAdminList(args, listCaseStudies, CASE_STUDY_MESSAGES.fetchFailed);

export const action = (args: Route.ActionArgs) => moderationListAction("case-studies", args);

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { data: rows, loadError } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Case Studies"
        lead="Every case study, newest first. Only published ones appear on the website."
        actions={<AddLink to="/admin/case-studies/new">Add Case Study</AddLink>}
      />
      <ToastMessageView message={loadError} />
      <ListBody loadError={loadError} rows={rows} empty="No case studies found">
        {(studies) => (
          <RowList label="Case studies">
            {studies.map((study) => (
              <ContentRow
                key={study.id}
                title={study.title}
                badges={
                  <>
                    <StatusBadge status={study.status} />
                    {study.isFeatured ? <Flag on>Featured</Flag> : null}
                  </>
                }
                details={[study.clientName, study.serviceType, formatDay(study.createdAt)]}
                actions={
                  <>
                    <FeatureToggle id={study.id} on={study.isFeatured} itemName={study.title} />
                    <EditLink to={`/admin/case-studies/${study.id}/edit`} name={study.title} />
                    <DeleteButton
                      confirmHref={`/admin/case-studies/${study.id}/delete`}
                      itemName={study.title}
                      noun="case study"
                    />
                  </>
                }
              />
            ))}
          </RowList>
        )}
      </ListBody>
    </>
  );
}
