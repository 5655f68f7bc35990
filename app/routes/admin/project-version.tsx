import {
  type StaffReviewAnswer,
  staffReviewAction,
  staffReviewLoader,
} from "@server/route-kit/staff-review";
import { requireAccess } from "@server/security/admin-access";
import { Link } from "react-router";
import { DECISION_WORDS } from "~/components/admin/project-review";
import {
  DeskCommentForm,
  DeskComments,
  ReviewStage,
  useReviewDesk,
} from "~/components/review/review-desk";
import { PageHeader } from "~/components/ui/page-header";
import { REVIEW_COPY } from "~/copy/review";
import { adminMeta } from "~/lib/admin-meta";
import type { Route } from "./+types/project-version";

/**
 * /admin/projects/{id}/versions/{versionId} (admins and editors; issue #45 item 6, decision 0532):
 * the review room's player and comments in the back-office. Staff see the client's comments as
 * markers, comment at a frame or over a range with a drawing, reply, resolve and reopen, as
 * themselves; an older version's comments are read only. The same components as /review/{token}
 * and the same plain forms: each post reloads the page at its comment.
 */

const nameOf = (data: { deliverableTitle: string; version: { number: number } }) =>
  `${data.deliverableTitle} v${data.version.number}`;

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? nameOf(loaderData) : "Version");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  return staffReviewLoader(args, staff);
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  return staffReviewAction(args);
}

export default function ProjectVersionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { projectId, projectTitle, version, versions, video, comments, decision } = loaderData;
  const answer = actionData as StaffReviewAnswer | undefined;
  const commentAnswer = answer?.intent === "comment" ? answer : null;
  const writable = version.latest;
  const desk = useReviewDesk({ clock: loaderData.clock, comments, writable, commentAnswer });
  const name = nameOf(loaderData);
  const base = `/admin/projects/${projectId}`;
  return (
    <>
      <PageHeader
        variant="admin"
        title={name}
        lead={
          <Link to={base} className="underline underline-offset-4">
            {projectTitle}
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="flex min-w-0 flex-col gap-4">
          <nav aria-label={`Versions of ${loaderData.deliverableTitle}`}>
            <ul className="flex flex-wrap items-center gap-2 text-sm">
              {versions.map((item) => {
                const current = item.id === version.id;
                return (
                  <li key={item.id}>
                    <Link
                      to={`${base}/versions/${item.id}`}
                      reloadDocument
                      aria-current={current ? "page" : undefined}
                      aria-label={`${loaderData.deliverableTitle} v${item.number}${item.latest ? ` (${REVIEW_COPY.latest})` : ""}`}
                      className={`rounded px-2 py-0.5 ${current ? "bg-accent text-black" : "underline underline-offset-4"}`}
                    >
                      v{item.number}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <p className="text-sm">
            {decision
              ? `${DECISION_WORDS[decision.decision]} by ${decision.who}, ${decision.at}`
              : "In review: no decision yet."}
          </p>
          {video ? (
            <ReviewStage desk={desk} video={video} comments={comments} />
          ) : (
            <p>{REVIEW_COPY.notPlayable}</p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          {writable ? (
            <DeskCommentForm
              desk={desk}
              versionId={version.id}
              author={loaderData.author}
              answer={commentAnswer}
            />
          ) : (
            <p className="text-sm">{REVIEW_COPY.readOnly}</p>
          )}
          {answer && !commentAnswer && answer.message ? (
            <p role="alert" className="text-sm text-danger">
              {answer.message}
            </p>
          ) : null}
          <DeskComments
            desk={desk}
            comments={comments}
            versionId={version.id}
            writable={writable}
          />
        </div>
      </div>
    </>
  );
}
