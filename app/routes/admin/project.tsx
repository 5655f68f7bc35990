import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { approvalsOf } from "@server/projects/approvals";
import { findProject, readyMediaItems } from "@server/projects/projects";
import { commentCounts, projectReviewActivity } from "@server/projects/review-records";
import { listShareLinks } from "@server/projects/share-links";
import { projectPost } from "@server/route-kit/projects";
import { requireAccess } from "@server/security/admin-access";
import { data, Form, Link } from "react-router";
import { CopyButton } from "~/components/admin/copy-button";
import { IntentForm } from "~/components/admin/intent-form";
import { ReviewActivity, VersionReview } from "~/components/admin/project-review";
import { buttonClass, EmptyState, RowList } from "~/components/admin/ui";
import { CheckboxField, SelectField, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { Panel } from "~/components/ui/panel";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import { formatStudioDateTime } from "~/lib/studio-time";
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES } from "~/lib/values";
import type { Route } from "./+types/project";

/**
 * /admin/projects/{id} (admins and editors; issue #45): the client, owner, status and the inquiry
 * it came from; deliverables with their versions ("Add version" takes a ready video of the Media
 * library and keeps its SHA-256); share links made, listed with their opens, revoked.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.project.title ?? "Project");

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const db = getRuntimeFrom(args.context).database.db;
  const found = isUuid(args.params.id) ? await findProject(db, args.params.id) : null;
  if (!found) throw data("Not found", { status: 404 });
  const versionIds = found.deliverables.flatMap((item) => item.versions.map((v) => v.version.id));
  const [links, media, counts, decisions, activity] = await Promise.all([
    listShareLinks(db, found.project.id),
    readyMediaItems(db),
    commentCounts(db, versionIds),
    approvalsOf(db, versionIds),
    projectReviewActivity(db, found.project.id),
  ]);
  return {
    project: found.project,
    ownerName: found.ownerName,
    inquiryName: found.inquiryName,
    deliverables: found.deliverables,
    media,
    reviews: Object.fromEntries(
      versionIds.map((versionId) => [
        versionId,
        {
          comments: counts.get(versionId) ?? 0,
          decisions: decisions
            .filter((row) => row.versionId === versionId)
            .map((row) => ({
              id: row.id,
              decision: row.decision as "approve" | "changes",
              who: row.reviewerEmail
                ? `${row.reviewerName} <${row.reviewerEmail}>`
                : row.reviewerName,
              at: formatStudioDateTime(row.createdAt),
              sha256: row.sha256,
              note: row.note,
            })),
        },
      ]),
    ),
    activity: activity.map((entry) => ({ ...entry, at: formatStudioDateTime(entry.at) })),
    links: links.map((link) => ({
      id: link.id,
      deliverableId: link.deliverableId,
      hasPassword: link.hasPassword,
      allowDownload: link.allowDownload,
      expiresAt: link.expiresAt ? formatStudioDateTime(link.expiresAt) : null,
      revokedAt: link.revokedAt ? formatStudioDateTime(link.revokedAt) : null,
      createdAt: formatStudioDateTime(link.createdAt),
      opens: link.opens.map((open) => ({
        at: formatStudioDateTime(open.at),
        reviewer: open.reviewer,
      })),
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  return projectPost(args);
}

type Answer = { intent: string; fieldErrors?: FieldErrors; token?: string };

const STATUS_OPTIONS = PROJECT_STATUSES.map((status) => ({
  value: status,
  label: PROJECT_STATUS_LABELS[status],
}));

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project, ownerName, inquiryName, deliverables, media, links, reviews, activity } =
    loaderData;
  const answer = actionData as Answer | undefined;
  const errorsOf = (intent: string) =>
    answer?.intent === intent ? (answer.fieldErrors ?? {}) : ({} as FieldErrors);
  const origin = typeof window === "undefined" ? "" : window.location.origin;
  return (
    <>
      <PageHeader
        variant="admin"
        title={project.title}
        lead={[project.clientName, project.clientCompany].filter(Boolean).join(", ")}
      />
      <div className="flex flex-col gap-8">
        <Panel id="client" title="Client">
          <dl className="grid gap-1 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="text-ink-muted">Client</dt>
            <dd>{project.clientName}</dd>
            <dt className="text-ink-muted">E-mail</dt>
            <dd>{project.clientEmail ?? "—"}</dd>
            <dt className="text-ink-muted">Owner</dt>
            <dd>{ownerName ?? "No owner"}</dd>
            <dt className="text-ink-muted">Inquiry</dt>
            <dd>
              {project.inquiryId ? (
                <Link to={`/admin/inquiries/${project.inquiryId}`} className="underline">
                  {inquiryName ?? "The inquiry"}
                </Link>
              ) : (
                "Made directly"
              )}
            </dd>
          </dl>
          <IntentForm
            intent="status"
            errors={errorsOf("status")}
            className="flex flex-wrap items-end gap-2"
            fields={
              <SelectField
                name="status"
                label="Status"
                options={STATUS_OPTIONS}
                defaultValue={project.status}
              />
            }
            submit="Save status"
          />
        </Panel>

        <Panel id="deliverables" title="Deliverables">
          {deliverables.length === 0 ? (
            <EmptyState>No deliverables yet.</EmptyState>
          ) : (
            <RowList label="Deliverables">
              {deliverables.map((item) => (
                <li key={item.id} className="flex flex-col gap-2 p-4">
                  <h3 className="font-medium">{item.title}</h3>
                  <ul className="text-sm">
                    {item.versions.map(({ version, mediaTitle }) => (
                      <li key={version.id} className="flex flex-col gap-1 py-1">
                        <span>
                          <Link
                            to={`/admin/projects/${project.id}/versions/${version.id}`}
                            className="underline underline-offset-4"
                            aria-label={`Review ${item.title} v${version.number}`}
                          >
                            v{version.number}
                          </Link>
                          : {mediaTitle}{" "}
                          <code className="text-xs break-all">SHA-256 {version.sha256}</code>
                        </span>
                        <VersionReview
                          projectId={project.id}
                          versionId={version.id}
                          versionLabel={`${item.title} v${version.number}`}
                          comments={reviews[version.id]?.comments ?? 0}
                          decisions={reviews[version.id]?.decisions ?? []}
                        />
                      </li>
                    ))}
                  </ul>
                  {media.length === 0 ? (
                    <p className="text-sm text-ink-muted">
                      No video is ready to be a version yet: upload one on the{" "}
                      <Link to="/admin/media" className="underline">
                        Media
                      </Link>{" "}
                      screen.
                    </p>
                  ) : (
                    <IntentForm
                      intent="version"
                      // A deliverable's own version form: a refused one names the video chosen.
                      errors={{
                        mediaItemId:
                          errorsOf("version").mediaItemId ?? errorsOf("version").deliverableId,
                      }}
                      className="flex flex-wrap items-end gap-2"
                      fields={
                        <>
                          <input type="hidden" name="deliverableId" value={item.id} />
                          <SelectField
                            name="mediaItemId"
                            label="Video from the Media library"
                            options={media.map((video) => ({
                              value: video.id,
                              label: video.title,
                            }))}
                          />
                        </>
                      }
                      submit="Add version"
                    />
                  )}
                </li>
              ))}
            </RowList>
          )}
          {/* Keyed by the count: a fresh, empty form once a deliverable is added. */}
          <IntentForm
            key={deliverables.length}
            intent="deliverable"
            errors={errorsOf("deliverable")}
            className="flex flex-wrap items-end gap-2"
            fields={<TextField name="title" label="New deliverable" />}
            submit="Add deliverable"
          />
        </Panel>

        <Panel id="review-activity" title="Activity">
          <ReviewActivity entries={activity} />
        </Panel>

        <Panel id="share-links" title="Share links">
          {answer?.token ? (
            <div className="flex flex-col gap-2 rounded-lg border border-line p-4 text-sm">
              <p role="status">
                The new link (shown once):{" "}
                <code id="new-link" className="break-all select-all">
                  {`${origin}/review/${answer.token}`}
                </code>
              </p>
              <p className="flex flex-wrap items-center gap-3">
                <CopyButton
                  text={`${origin}/review/${answer.token}`}
                  label="Copy"
                  name="Copy the new link"
                  failed="It could not be copied: select the address and copy it."
                />
              </p>
            </div>
          ) : null}
          <IntentForm
            key={links.length}
            intent="link"
            errors={errorsOf("link")}
            className="grid gap-3 sm:grid-cols-2"
            fields={
              <>
                <SelectField
                  name="deliverableId"
                  label="Covers"
                  placeholder="The whole project"
                  options={deliverables.map((item) => ({ value: item.id, label: item.title }))}
                />
                <TextField
                  name="password"
                  label="Password (optional)"
                  type="password"
                  autoComplete="new-password"
                />
                <TextField name="expiresOn" label="Expires after (optional)" type="date" />
              </>
            }
          >
            <CheckboxField
              name="allowDownload"
              label="Allow download of approved versions"
              defaultChecked={false}
            />
            <div>
              <button type="submit" className={buttonClass.primary}>
                Create share link
              </button>
            </div>
          </IntentForm>
          {links.length === 0 ? (
            <EmptyState>No share links yet.</EmptyState>
          ) : (
            <RowList label="Share links">
              {links.map((link) => (
                <li key={link.id} className="flex flex-col gap-2 p-4 text-sm">
                  <p>
                    {[
                      `Made ${link.createdAt}`,
                      link.hasPassword ? "Password" : null,
                      link.expiresAt ? `Expires ${link.expiresAt}` : null,
                      link.allowDownload ? "Download allowed" : null,
                      link.revokedAt ? `Revoked ${link.revokedAt}` : null,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                  </p>
                  <p className="text-ink-muted">
                    {link.opens.length === 0
                      ? "Not opened yet."
                      : `Opened: ${link.opens.map((open) => `${open.reviewer ?? "someone"} ${open.at}`).join("; ")}`}
                  </p>
                  {link.revokedAt ? null : (
                    <Form method="post">
                      <input type="hidden" name="intent" value="revoke" />
                      <input type="hidden" name="linkId" value={link.id} />
                      <button
                        type="submit"
                        className={buttonClass.danger}
                        aria-label={`Revoke the link made ${link.createdAt}`}
                      >
                        Revoke
                      </button>
                    </Form>
                  )}
                </li>
              ))}
            </RowList>
          )}
        </Panel>
      </div>
    </>
  );
}
