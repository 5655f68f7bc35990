import { type AuditActor, audited } from "@server/audit/log";
import { saveCaseStudy } from "@server/content/case-studies/editor";
import { unpublish } from "@server/content/workflow/drafts";
import {
  publishAtOf,
  requestChanges,
  saveThroughWorkflow,
  workflowIntentOf,
} from "@server/content/workflow/editor-buttons";
import { isReady } from "@server/media/playback";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import type { Runtime } from "@server/runtime";
import { uploadImage } from "@server/uploads/images";
import { UploadRejectedError } from "@server/uploads/store";
import {
  applyRowIntent,
  CASE_STUDY_TEXT,
  type CaseStudyDraft,
  mediaIdOf,
  parseCaseStudy,
  readDraft,
} from "~/entities/case-study/form";
import { parseRowIntent, ROW_LISTS } from "~/entities/case-study/rows";
import {
  CASE_STUDY_EDITOR_MESSAGES,
  failure,
  success,
  WORKFLOW_MESSAGES,
} from "~/lib/admin-messages";
import type { FlashInput } from "~/lib/flash";
import { MUST_BE_MEDIA_VIDEO } from "~/lib/forms/admin-fields";
import type { FieldErrors } from "~/lib/forms/result";
import { studioTimeZone } from "~/lib/studio-time";
import type { StaffRole } from "~/lib/values";

/**
 * The case study editor's post (issue #7): its own form of rows (metrics, media) with a
 * no-JavaScript path, so not the shared editor steps of route-kit/editor.ts. The study's rows and
 * their rules are server/content/case-studies/editor.ts's.
 */

/** What the editor's action answers when it does not redirect: the form to show again. */
export interface EditorState {
  draft: CaseStudyDraft;
  fieldErrors: FieldErrors;
  /** The summary line above the form (a refused save), or null. */
  message: string | null;
  /** Set after a row was added, moved or removed without JavaScript: which control to focus. */
  focus: string | null;
}

export type EditorOutcome =
  /** Saved: back to the list (published) or to the editor (a draft). */
  | { kind: "saved"; flash: FlashInput; id: string; to: "list" | "editor" }
  | { kind: "form"; status: 200 | 400 | 403 | 409 | 500; state: EditorState }
  /** Nothing to show again: back to the list (the study is gone) or to a fresh editor. */
  | { kind: "failed"; flash: FlashInput; to: "list" | "editor" };

/** The image fields of a draft whose value may come from an uploaded file (`${name}File`). */
function imageFieldNames(draft: CaseStudyDraft): string[] {
  return [
    "imageUrl",
    ...draft.media.flatMap((_, i) => [`media.${i}.url`, `media.${i}.thumbnailUrl`]),
  ];
}

/**
 * The editor's action: a row intent (add, remove, move: the no-JavaScript path) re-renders the
 * form and stores nothing; a save checks everything, then stores the files chosen without
 * JavaScript, then the study in one transaction.
 */
export async function handleCaseStudyPost(
  runtime: Pick<Runtime, "database" | "storage" | "logger" | "config" | "jobs">,
  request: Request,
  id: string | null,
  actor: AuditActor,
  role: StaffRole,
): Promise<EditorOutcome> {
  const read = await readPost(request, FORM_LIMITS.caseStudy, (refusal) => ({
    kind: "failed" as const,
    flash: failure(refusal.message),
    to: "editor" as const,
  }));
  if (read.refused) return read.refused;
  const { form } = read;
  const draft = readDraft(form.fields);
  // A button the person's role may not use is refused before anything is stored.
  const workflow = workflowIntentOf(form.fields, role);
  if (!workflow) return refusedForm(draft, WORKFLOW_MESSAGES.forbidden, 403);
  if (workflow === "unpublish") return unpublishStudy(runtime, id, actor);
  if (workflow === "request-changes") {
    return requestChangesOf(runtime, id, draft, form.fields.get("reviewComment"), actor, role);
  }
  const intent = parseRowIntent(form.fields.get("intent"));
  if (intent) {
    const next = applyRowIntent(draft, intent);
    return {
      kind: "form",
      status: 200,
      state: { draft: next, fieldErrors: {}, message: null, focus: focusAfter(intent, next) },
    };
  }

  // Files chosen without JavaScript: validate as if their URLs were there, store them only if
  // everything else is right (a refused save stores nothing).
  const chosen = imageFieldNames(draft).filter((name) => form.files(`${name}File`).length > 0);
  const checked = structuredClone(draft);
  for (const name of chosen) setField(checked, name, "/uploaded-image");
  const fieldErrors: FieldErrors = {};
  for (const name of chosen) {
    const match = /^media\.(\d+)\.url$/.exec(name);
    if (match && draft.media[Number(match[1])]?.type === "video") {
      fieldErrors[name] = [CASE_STUDY_TEXT.videoUpload];
    }
  }
  const parsed = parseCaseStudy(checked);
  if (parsed.ok) {
    // Only a ready video of the library: the study's own, and each gallery row's.
    const chosen = draft.media.map((row, i) => [`media.${i}.mediaId`, mediaIdOf(row)] as const);
    for (const [name, id] of [["videoMediaId", parsed.value.videoMediaId ?? ""], ...chosen]) {
      if (id && !(await isReady(runtime.database.db, id)))
        fieldErrors[name] = [MUST_BE_MEDIA_VIDEO];
    }
  }
  if (!parsed.ok || Object.keys(fieldErrors).length > 0) {
    const errors = { ...(parsed.ok ? {} : parsed.fieldErrors) };
    for (const [name, messages] of Object.entries(fieldErrors)) errors[name] = messages;
    for (const name of chosen) {
      if (!errors[name]) errors[name] = [CASE_STUDY_TEXT.chooseFileAgain];
    }
    return invalid(draft, errors);
  }

  for (const name of chosen) {
    const [file] = form.files(`${name}File`);
    if (!file) continue;
    try {
      setField(draft, name, (await uploadImage(runtime, file)).url);
    } catch (error) {
      if (!(error instanceof UploadRejectedError)) throw error;
      return invalid(draft, { [name]: [error.message] });
    }
  }
  const final = parseCaseStudy(draft);
  if (!final.ok) return invalid(draft, final.fieldErrors);

  const db = runtime.database.db;
  const timeZone = studioTimeZone();
  const publishAt = publishAtOf(workflow, form.fields.get("publishAt"), timeZone);
  if (publishAt === "invalid") {
    return invalid(draft, { publishAt: [WORKFLOW_MESSAGES.publishAtInvalid] });
  }
  try {
    const saved = await saveThroughWorkflow(db, {
      entity: "case_study",
      id,
      intent: workflow,
      role,
      values: draft as unknown as Record<string, unknown>,
      name: final.value.title,
      publishAt,
      timeZone,
      actor,
      siteUrl: runtime.config.SITE_URL,
      jobs: runtime.jobs,
      status: final.value.status,
      saveRow: (tx, status) => saveCaseStudy(tx, id, { ...final.value, status }),
    });
    switch (saved.kind) {
      case "forbidden":
        return refusedForm(draft, WORKFLOW_MESSAGES.forbidden, 403);
      case "not-in-review":
        return refusedForm(draft, WORKFLOW_MESSAGES.notInReview, 409);
      case "refused":
        if (saved.result.reason === "not-found") {
          return {
            kind: "failed",
            flash: failure(CASE_STUDY_EDITOR_MESSAGES.notFound),
            to: "list",
          };
        }
        return invalid(draft, saved.result.fieldErrors, 409);
      case "kept":
        return {
          kind: "saved",
          id: saved.id,
          to: "editor",
          flash: success(saved.message),
        };
      case "published":
        return {
          kind: "saved",
          id: saved.id,
          to: "list",
          flash: success(
            workflow === "approve"
              ? WORKFLOW_MESSAGES.approved
              : saved.created
                ? CASE_STUDY_EDITOR_MESSAGES.created
                : CASE_STUDY_EDITOR_MESSAGES.updated,
          ),
        };
    }
  } catch (error) {
    runtime.logger.error({ err: error, id }, CASE_STUDY_EDITOR_MESSAGES.saveFailed);
    return refusedForm(draft, CASE_STUDY_EDITOR_MESSAGES.saveFailed, 500);
  }
}

/** "Request changes": only the comment is read; the draft goes back to its author. */
async function requestChangesOf(
  runtime: Pick<Runtime, "database" | "config" | "jobs">,
  id: string | null,
  draft: CaseStudyDraft,
  comment: unknown,
  actor: AuditActor,
  role: StaffRole,
): Promise<EditorOutcome> {
  if (id === null) return refusedForm(draft, WORKFLOW_MESSAGES.notInReview, 409);
  const done = await requestChanges(runtime.database.db, { entity: "case_study", id }, comment, {
    actor,
    role,
    siteUrl: runtime.config.SITE_URL,
    jobs: runtime.jobs,
  });
  if (done === "forbidden") return refusedForm(draft, WORKFLOW_MESSAGES.forbidden, 403);
  if (done === "not-in-review") return refusedForm(draft, WORKFLOW_MESSAGES.notInReview, 409);
  if (typeof done === "object") return invalid(draft, { reviewComment: [done.commentError] });
  return { kind: "saved", id, to: "editor", flash: success(WORKFLOW_MESSAGES.changesRequested) };
}

/** The form again with a message over it (nothing stored). */
function refusedForm(draft: CaseStudyDraft, message: string, status: 403 | 409 | 500) {
  return {
    kind: "form" as const,
    status,
    state: { draft, fieldErrors: {}, message, focus: null },
  };
}

/** "Unpublish": no fields to check; the study leaves the site (every instance's caches drop it). */
async function unpublishStudy(
  runtime: Pick<Runtime, "database">,
  id: string | null,
  actor: AuditActor,
): Promise<EditorOutcome> {
  if (id === null) {
    return { kind: "failed", flash: failure(CASE_STUDY_EDITOR_MESSAGES.notPublished), to: "list" };
  }
  const done = await audited(runtime.database.db, actor, { entity: "case_study", id }, (tx) =>
    unpublish(tx, "case_study", id),
  );
  return done
    ? { kind: "saved", id, to: "editor", flash: success(CASE_STUDY_EDITOR_MESSAGES.unpublished) }
    : { kind: "failed", flash: failure(CASE_STUDY_EDITOR_MESSAGES.notPublished), to: "editor" };
}

function invalid(draft: CaseStudyDraft, fieldErrors: FieldErrors, status: 400 | 409 = 400) {
  return {
    kind: "form" as const,
    status,
    state: { draft, fieldErrors, message: CASE_STUDY_TEXT.checkFields, focus: null },
  };
}

/** Puts a value in a draft by its form field name (`imageUrl`, `media.2.thumbnailUrl`). */
function setField(draft: CaseStudyDraft, name: string, value: string) {
  const match = /^media\.(\d+)\.(url|thumbnailUrl)$/.exec(name);
  if (match) {
    const row = draft.media[Number(match[1])];
    if (row) row[match[2] as "url" | "thumbnailUrl"] = value;
  } else if (name === "imageUrl") {
    draft.imageUrl = value;
  }
}

/** The control that keeps the focus after a row intent posted without JavaScript. */
function focusAfter(intent: NonNullable<ReturnType<typeof parseRowIntent>>, draft: CaseStudyDraft) {
  const { field, first } = ROW_LISTS[intent.list];
  const rows = draft[field];
  if (intent.op === "add") return `${field}.${rows.length - 1}.${first}`;
  if (intent.op === "remove") {
    return rows.length === 0
      ? `${intent.list}-add`
      : `${field}.${Math.min(intent.index, rows.length - 1)}.${first}`;
  }
  const last = rows.length - 1;
  const to = Math.max(0, Math.min(last, intent.index + (intent.op === "up" ? -1 : 1)));
  // At an edge that button is off: its twin is the one that still works.
  if (intent.op === "up" && to === 0 && last > 0) return `${intent.list}-down:0`;
  if (intent.op === "down" && to === last && last > 0) return `${intent.list}-up:${last}`;
  return `${intent.list}-${intent.op}:${to}`;
}
