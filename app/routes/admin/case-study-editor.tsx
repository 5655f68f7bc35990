import { draftOf, findCaseStudy, isFixedSlug } from "@server/content/case-studies/editor";
import { findDraft } from "@server/content/workflow/drafts";
import { currentPreviewPath } from "@server/content/workflow/preview";
import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { readyVideoOptions } from "@server/media/library";
import { type EditorState, handleCaseStudyPost } from "@server/route-kit/case-study-editor";
import { redirectWithFlash } from "@server/route-kit/flash";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import { CaseStudyEditor } from "~/components/admin/case-study-editor/editor";
import { DeleteButton } from "~/components/admin/delete-button";
import {
  PreviewLink,
  PublishingStatus,
  RevokePreviewForm,
} from "~/components/admin/publishing-controls";
import { buttonClass } from "~/components/admin/ui";
import { BUILT_IN_CASE_STUDY_SLUGS } from "~/copy/samples";
import { type CaseStudyDraft, emptyDraft } from "~/entities/case-study/form";
import { mayEnter, WORKFLOW_INTENTS_OF } from "~/entities/staff/access";
import { CASE_STUDY_EDITOR_MESSAGES, failure } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import {
  historyPath,
  type PublishingState,
  previewLinksPath,
  publishingStateOf,
} from "~/lib/publishing";
import { studioTimeZone, toZonedInput } from "~/lib/studio-time";
import type { Route } from "./+types/case-study-editor";

/**
 * /admin/case-studies/new and /admin/case-studies/{id}/edit: one module, two routes. Saving
 * redirects to the list with a toast; a refused save or a row change made without JavaScript
 * answers with the form to show again (nothing stored).
 */

const LIST_PATH = "/admin/case-studies";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.mode === "edit" ? "Edit Case Study" : "New Case Study");

/** The id of the edit route; throws a 404 for anything that is not a uuid. */
function editId(params: { id?: string }): string | null {
  if (params.id === undefined) return null;
  if (!isUuid(params.id)) throw data("Not found", { status: 404 });
  return params.id;
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const intents = WORKFLOW_INTENTS_OF[staff.role];
  // Deleting and the history (its Restore) are the content area's: not a contributor's.
  const manages = mayEnter(staff.role, "content");
  const id = editId(args.params);
  const { database, keys } = getRuntimeFrom(args.context);
  const db = database.db;
  const videos = await readyVideoOptions(db);
  if (id === null) {
    return {
      mode: "create" as const,
      videos,
      id: null,
      draft: emptyDraft(),
      slugLocked: false,
      builtIn: false,
      published: false,
      manages,
      preview: null,
      publishing: {
        intents,
        state: "draft" as PublishingState,
        live: false,
        publishAt: "",
        timeZone: studioTimeZone(),
      },
    };
  }
  const timeZone = studioTimeZone();
  const study = await findCaseStudy(db, id);
  if (!study) {
    throw await redirectWithFlash(
      args.context,
      LIST_PATH,
      failure(CASE_STUDY_EDITOR_MESSAGES.notFound),
    );
  }
  // Work not yet published shows in the editor; the public site keeps the live row (issue #31).
  const pending = await findDraft(db, "case_study", id);
  return {
    mode: "edit" as const,
    videos,
    id,
    draft: pending
      ? { ...draftOf(study), ...(pending.values as Partial<CaseStudyDraft>) }
      : draftOf(study),
    slugLocked: isFixedSlug(study.slug),
    builtIn: (BUILT_IN_CASE_STUDY_SLUGS as readonly string[]).includes(study.slug),
    published: study.status === "published",
    manages,
    // A link to send to someone without an account: valid 24 hours from this page's load.
    preview: await currentPreviewPath(db, keys.previewLinks, "case_study", id),
    publishing: {
      intents,
      state: publishingStateOf(study.status, pending?.state ?? null),
      live: study.status === "published",
      publishAt: toZonedInput(pending?.publishAt, timeZone),
      timeZone,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const id = editId(args.params);
  const runtime = getRuntimeFrom(args.context);
  const outcome = await handleCaseStudyPost(
    runtime,
    args.request,
    id,
    currentActor(args.context),
    staff.role,
  );
  if (outcome.kind === "saved") {
    const to = outcome.to === "editor" ? `${LIST_PATH}/${outcome.id}/edit` : LIST_PATH;
    return redirectWithFlash(args.context, to, outcome.flash);
  }
  if (outcome.kind === "failed") {
    const to = outcome.to === "list" ? LIST_PATH : args.url.pathname;
    return redirectWithFlash(args.context, to, outcome.flash);
  }
  return data(outcome.state, { status: outcome.status, headers: ADMIN_RESPONSE_HEADERS });
}

/** A key per action answer, so the form re-mounts with what the server sent back. */
const versions = new WeakMap<object, number>();
let version = 0;
function versionOf(answer: object | undefined): number {
  if (!answer) return 0;
  if (!versions.has(answer)) versions.set(answer, ++version);
  return versions.get(answer) ?? 0;
}

export default function CaseStudyEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as EditorState | undefined;
  const state: EditorState = answer ?? {
    draft: loaderData.draft,
    fieldErrors: {},
    message: null,
    focus: null,
  };
  const { mode, id, builtIn, published, manages } = loaderData;
  const slug = loaderData.draft.slug;
  return (
    <>
      {mode === "edit" && id ? (
        <RevokePreviewForm action={previewLinksPath("case-studies", id)} />
      ) : null}
      <CaseStudyEditor
        key={versionOf(answer)}
        mode={mode}
        draft={state.draft}
        fieldErrors={state.fieldErrors}
        message={state.message}
        focus={state.focus}
        slugLocked={loaderData.slugLocked}
        cancelHref={LIST_PATH}
        publishing={loaderData.publishing}
        videos={loaderData.videos}
        notice={
          <>
            {mode === "edit" && id ? (
              <PublishingStatus publishing={loaderData.publishing}>
                {loaderData.preview && loaderData.id ? (
                  <PreviewLink href={loaderData.preview} />
                ) : null}
                {manages ? (
                  <Link to={historyPath("case-studies", id)} className={buttonClass.secondary}>
                    History
                  </Link>
                ) : null}
              </PublishingStatus>
            ) : null}
            {loaderData.slugLocked ? (
              <p className="rounded-lg border border-line bg-surface px-4 py-3 text-sm text-ink-muted">
                {builtIn
                  ? "A built-in study: it is always listed on /case-studies. While this row is published, the website shows it as edited here; unpublished or deleted, the built-in copy shows instead."
                  : "One of the named studies with a built-in copy: while this row is published, /case-studies/" +
                    slug +
                    " shows it as edited here; unpublished or deleted, the built-in copy answers that address instead."}
              </p>
            ) : null}
          </>
        }
        actions={
          mode === "edit" && id ? (
            <>
              {published ? (
                <Link to={`/case-studies/${slug}`} className={buttonClass.ghost}>
                  <ExternalLink aria-hidden="true" className="size-4" />
                  View on site
                </Link>
              ) : null}
              {manages ? (
                <DeleteButton
                  confirmHref={`${LIST_PATH}/${id}/delete`}
                  itemName={loaderData.draft.title}
                  noun="case study"
                />
              ) : null}
            </>
          ) : null
        }
      />
    </>
  );
}
