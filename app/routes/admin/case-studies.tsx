import { listCaseStudies } from "@server/content/case-studies/editor";
import { parseListQuery, parseOneOf } from "@server/kit/list-params";
import { loadAdminList, moderationListAction } from "@server/route-kit/moderation";
import { requireAccess } from "@server/security/admin-access";
import { DeleteButton } from "~/components/admin/delete-button";
import { AdminListFilters, FilterSearch } from "~/components/admin/list-filters";
import { AddLink, ContentRow, EditLink, ListBody, PagedList } from "~/components/admin/list-page";
import { PublishingBadge, PublishingFilter } from "~/components/admin/publishing-controls";
import { FeatureToggle } from "~/components/admin/toggle-form";
import { Flag } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { mayEnter } from "~/entities/staff/access";
import { CASE_STUDY_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import { PUBLISHING_STATES, publishingStateOf } from "~/lib/publishing";
import type { Route } from "./+types/case-studies";

/** /admin/case-studies: every case study, newest first; feature toggle and delete. */

export const meta: Route.MetaFunction = () => adminMeta("Case Studies");

export async function loader(args: Route.LoaderArgs) {
  const query = {
    ...parseListQuery(args.url.searchParams),
    status: parseOneOf(args.url.searchParams.get("status"), PUBLISHING_STATES),
  };
  const list = await loadAdminList(
    args,
    (db) => listCaseStudies(db, query),
    CASE_STUDY_MESSAGES.fetchFailed,
  );
  // The feature toggle and Delete are the content area's: not on a contributor's list.
  const staff = await requireAccess(args);
  return { ...list, q: query.q, status: query.status, manages: mayEnter(staff.role, "content") };
}

export const action = (args: Route.ActionArgs) => moderationListAction("case-studies", args);

export default function CaseStudies({ loaderData }: Route.ComponentProps) {
  const { data, loadError, q, status, manages } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Case Studies"
        lead="Every case study, newest first. Only published ones appear on the website."
        actions={<AddLink to="/admin/case-studies/new">Add Case Study</AddLink>}
      />
      <ToastMessageView message={loadError} />
      <AdminListFilters
        label="Filter case studies"
        clearTo="/admin/case-studies"
        filtered={Boolean(q || status)}
      >
        <FilterSearch id="case-study-search" label="Search titles and clients" value={q} />
        <PublishingFilter id="case-study-status" value={status} />
      </AdminListFilters>
      <ListBody
        loadError={loadError}
        rows={data?.rows}
        empty={
          q || status ? "No case studies found matching your search." : "No case studies found"
        }
      >
        {(studies) => (
          <PagedList label="Case studies" result={data} noun={["case study", "case studies"]}>
            {studies.map((study) => (
              <ContentRow
                key={study.id}
                title={study.title}
                badges={
                  <>
                    <PublishingBadge state={publishingStateOf(study.status, study.draftState)} />
                    {study.isFeatured ? <Flag on>Featured</Flag> : null}
                  </>
                }
                details={[study.clientName, study.serviceType, formatDay(study.createdAt)]}
                actions={
                  <>
                    {manages ? (
                      <FeatureToggle id={study.id} on={study.isFeatured} itemName={study.title} />
                    ) : null}
                    <EditLink to={`/admin/case-studies/${study.id}/edit`} name={study.title} />
                    {manages ? (
                      <DeleteButton
                        confirmHref={`/admin/case-studies/${study.id}/delete`}
                        itemName={study.title}
                        noun="case study"
                      />
                    ) : null}
                  </>
                }
              />
            ))}
          </PagedList>
        )}
      </ListBody>
    </>
  );
}
