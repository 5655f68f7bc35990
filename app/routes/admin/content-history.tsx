import { recordAudit } from "@server/audit/log";
import {
  findRevisions,
  keepDraft,
  listRevisions,
  liveStatusOf,
} from "@server/content/workflow/drafts";
import { diffRevisions } from "@server/content/workflow/revision-diff";
import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { inTransaction } from "@server/kit/transaction";
import { redirectWithFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { data, Form, Link } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { buttonClass, ColumnHeads, TableRegion } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { failure, success, WORKFLOW_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { HISTORY_SECTIONS, type HistorySection } from "~/lib/publishing";
import type { Route } from "./+types/content-history";

/**
 * /admin/history/{section}/{id} (issue #31): an item's revisions (who, when; the last 50), two of
 * them compared (`?compare=a&compare=b`: each field, the body word by word), and "Restore", which
 * makes a revision the item's current draft. A plain GET form and a plain POST: no JavaScript needed.
 */

export const meta: Route.MetaFunction = () => adminMeta("History");

function sectionOf(params: { section: string; id: string }) {
  if (!Object.hasOwn(HISTORY_SECTIONS, params.section) || !isUuid(params.id)) {
    throw data("Not found", { status: 404, headers: ADMIN_RESPONSE_HEADERS });
  }
  return { ...HISTORY_SECTIONS[params.section as HistorySection], id: params.id };
}

const KIND_LABELS: Record<string, string> = { draft: "Draft saved", published: "Published" };

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const section = sectionOf(args.params);
  const db = getRuntimeFrom(args.context).database.db;
  if ((await liveStatusOf(db, section.entity, section.id)) === null) {
    throw data("Not found", { status: 404, headers: ADMIN_RESPONSE_HEADERS });
  }
  const revisions = await listRevisions(db, section.entity, section.id);
  const chosen = args.url.searchParams.getAll("compare").filter(isUuid).slice(0, 2);
  let comparison: { from: string; to: string; changes: ReturnType<typeof diffRevisions> } | null =
    null;
  let compareError: string | null = null;
  if (args.url.searchParams.has("compare")) {
    const found = await findRevisions(db, section.entity, section.id, chosen);
    if (found.length !== 2) {
      compareError = "Choose two revisions to compare.";
    } else {
      // Older first: the changes read from the earlier revision to the later one.
      const [from, to] = [...found].sort((a, b) => a.at.getTime() - b.at.getTime()) as [
        (typeof found)[0],
        (typeof found)[0],
      ];
      comparison = {
        from: from.id,
        to: to.id,
        changes: diffRevisions(from.values, to.values),
      };
    }
  }
  return {
    noun: section.noun,
    editor: section.editor(section.id),
    revisions: revisions.map((revision) => ({
      id: revision.id,
      kind: KIND_LABELS[revision.kind] ?? revision.kind,
      by: revision.actorEmail ?? "Someone no longer on the staff",
      at: revision.at.toISOString(),
    })),
    chosen,
    comparison,
    compareError,
  };
}

/** "Restore": the revision becomes the item's draft (the live row and the site stay as they are). */
export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const section = sectionOf(args.params);
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const read = await readPost(args.request, FORM_LIMITS.editor, (refusal) =>
    data({ error: refusal.message }, { status: refusal.status, headers: ADMIN_RESPONSE_HEADERS }),
  );
  if (read.refused) return read.refused;
  const revisionId = read.form.fields.get("revision");
  const [revision] =
    typeof revisionId === "string" && isUuid(revisionId)
      ? await findRevisions(db, section.entity, section.id, [revisionId])
      : [];
  if (!revision) {
    return redirectWithFlash(
      args.context,
      args.url.pathname,
      failure("That revision no longer exists. Choose another one."),
    );
  }
  const actor = currentActor(args.context);
  await inTransaction(db, async (tx) => {
    await keepDraft(tx, { entity: section.entity, id: section.id }, revision.values, actor);
    const title = revision.values.title;
    await recordAudit(tx, {
      action: "restore_revision",
      actor,
      entityType: section.entity,
      entityId: section.id,
      entityName: typeof title === "string" ? title.slice(0, 200) : null,
      changes: { revision: { before: null, after: revision.id } },
    });
  });
  return redirectWithFlash(
    args.context,
    section.editor(section.id),
    success(WORKFLOW_MESSAGES.restored),
  );
}

const FIELD_LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  excerpt: "Excerpt",
  content: "Body",
  categoryId: "Category",
  tags: "Tags",
  featuredImageUrl: "Featured image",
  authorName: "Author name",
  authorImageUrl: "Author image",
  isFeatured: "Featured",
  publishedAt: "Publish date",
  subtitle: "Subtitle",
  description: "Description",
  imageUrl: "Image",
  videoUrl: "Video",
  clientName: "Client",
  serviceType: "Service type",
  projectDuration: "Project duration",
  budgetRange: "Budget range",
  sortPosition: "Sort position",
  galleryLayout: "Gallery layout",
  metrics: "Key metrics",
  media: "Gallery",
};

export default function ContentHistory({ loaderData }: Route.ComponentProps) {
  const { noun, editor, revisions, chosen, comparison, compareError } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="History"
        lead={`Every saved draft and publish of this ${noun}, newest first (the last 50 are kept).`}
        actions={
          <Link to={editor} className={buttonClass.secondary}>
            Back to the editor
          </Link>
        }
      />
      {revisions.length === 0 ? (
        <p className="text-ink-muted">No revisions yet. Each draft save and publish keeps one.</p>
      ) : (
        <>
          <Form method="get" id="compare-form" />
          <Form method="post" id="restore-form" />
          <TableRegion captionId="revisions-caption">
            <table className="w-full text-left text-sm">
              <caption id="revisions-caption" className="sr-only">
                Revisions
              </caption>
              <thead className="bg-surface text-ink-muted">
                <tr>
                  <ColumnHeads labels={["Compare", "When", "What", "Who"]} className="px-3 py-2" />
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {revisions.map((revision) => (
                  <tr key={revision.id} className="border-t border-line">
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        form="compare-form"
                        name="compare"
                        value={revision.id}
                        defaultChecked={chosen.includes(revision.id)}
                        aria-label={`Compare the revision of ${formatDateTime(revision.at)}`}
                        className="size-5"
                      />
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <time dateTime={revision.at}>{formatDateTime(revision.at)}</time>
                    </td>
                    <td className="px-3 py-2">{revision.kind}</td>
                    <td className="px-3 py-2 break-all">{revision.by}</td>
                    <td className="px-3 py-2 text-right">
                      <button
                        type="submit"
                        form="restore-form"
                        name="revision"
                        value={revision.id}
                        className={buttonClass.secondary}
                      >
                        Restore
                        <span className="sr-only">
                          {" "}
                          the revision of {formatDateTime(revision.at)}
                        </span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
          <p className="mt-4">
            <button type="submit" form="compare-form" className={buttonClass.primary}>
              Compare
            </button>
          </p>
        </>
      )}
      {compareError ? (
        <p role="alert" className="mt-6 text-danger">
          {compareError}
        </p>
      ) : null}
      {comparison ? (
        <section aria-labelledby="changes-heading" className="mt-8 space-y-4">
          <h2 id="changes-heading" className="font-display text-xl font-bold">
            What changed
          </h2>
          {comparison.changes.length === 0 ? (
            <p className="text-ink-muted">These two revisions are the same.</p>
          ) : (
            <dl className="space-y-4">
              {comparison.changes.map((change) => (
                <div key={change.field} className="rounded-lg border border-line p-4">
                  <dt className="font-semibold">{FIELD_LABELS[change.field] ?? change.field}</dt>
                  <dd className="mt-2 text-sm break-words">
                    {change.words ? (
                      <p>
                        {change.words.map((part, index) =>
                          part.change === "added" ? (
                            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity
                            <ins key={index} className="bg-success/20 text-ink no-underline">
                              {part.text}
                            </ins>
                          ) : part.change === "removed" ? (
                            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity
                            <del key={index} className="bg-danger/20 text-ink-muted">
                              {part.text}
                            </del>
                          ) : (
                            // biome-ignore lint/suspicious/noArrayIndexKey: parts have no identity
                            <span key={index}>{part.text}</span>
                          ),
                        )}
                      </p>
                    ) : (
                      <>
                        <p>
                          <span className="text-ink-muted">Before: </span>
                          <del className="bg-danger/20">{change.before || "(empty)"}</del>
                        </p>
                        <p className="mt-1">
                          <span className="text-ink-muted">After: </span>
                          <ins className="bg-success/20 no-underline">
                            {change.after || "(empty)"}
                          </ins>
                        </p>
                      </>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      ) : null}
    </>
  );
}
