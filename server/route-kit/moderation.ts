import { audited } from "@server/audit/log";
import {
  deleteCaseStudy,
  findCaseStudyTitle,
  setCaseStudyFeatured,
} from "@server/content/case-studies/editor";
import {
  deletePortfolioItem,
  findPortfolioTitle,
  setPortfolioFeatured,
} from "@server/content/portfolio/editor";
import {
  deleteTeamMember,
  findTeamMemberName,
  setTeamMemberActive,
} from "@server/content/team/editor";
import {
  deleteTestimonial,
  findTestimonialTitle,
  setTestimonialFeatured,
} from "@server/content/testimonials/editor";
import { getRuntimeFrom } from "@server/context";
import type { Database } from "@server/db/client";
import { isUuid, listReturnPath } from "@server/kit/list-params";
import { changeStatus } from "@server/pipeline/steps";
import { redirectWithFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { currentActor, requireAccess } from "@server/security/admin-access";
import type { RouterContextProvider } from "react-router";
import {
  BAD_REQUEST,
  CASE_STUDY_MESSAGES,
  failure,
  PORTFOLIO_EDITOR_MESSAGES,
  success,
  TEAM_MESSAGES,
  TESTIMONIAL_MESSAGES,
} from "~/lib/admin-messages";
import type { Flash, FlashInput } from "~/lib/flash";

/**
 * The three moderated lists (case studies, testimonials, team) share one shape: a toggle
 * (featured, or active for the team) and a delete after confirmation. One table describes each.
 */
export const MODERATED_SECTIONS = {
  "case-studies": {
    entity: "case_study",
    listPath: "/admin/case-studies",
    noun: "case study",
    toggleIntent: "feature",
    messages: CASE_STUDY_MESSAGES,
    toggle: setCaseStudyFeatured,
    remove: deleteCaseStudy,
    describe: findCaseStudyTitle,
  },
  testimonials: {
    entity: "testimonial",
    listPath: "/admin/testimonials",
    noun: "testimonial",
    toggleIntent: "feature",
    messages: TESTIMONIAL_MESSAGES,
    toggle: setTestimonialFeatured,
    remove: deleteTestimonial,
    describe: findTestimonialTitle,
  },
  team: {
    entity: "team_member",
    listPath: "/admin/team",
    noun: "team member",
    toggleIntent: "activate",
    messages: TEAM_MESSAGES,
    toggle: setTeamMemberActive,
    remove: deleteTeamMember,
    describe: findTeamMemberName,
  },
  portfolio: {
    entity: "portfolio_item",
    listPath: "/admin/portfolio",
    noun: "portfolio item",
    toggleIntent: "feature",
    messages: PORTFOLIO_EDITOR_MESSAGES,
    toggle: setPortfolioFeatured,
    remove: deletePortfolioItem,
    describe: findPortfolioTitle,
  },
} as const;

export type ModeratedSection = keyof typeof MODERATED_SECTIONS;

export function isModeratedSection(value: unknown): value is ModeratedSection {
  return typeof value === "string" && Object.hasOwn(MODERATED_SECTIONS, value);
}

interface ActionArgs {
  request: Request;
  url: URL;
  pattern: string;
  context: Readonly<RouterContextProvider>;
}

/** A moderation form (a few short fields); null when it is not a readable, small form. */
export async function readForm(request: Request): Promise<FormData | null> {
  // Its callers answer an unreadable form with their "could not be understood" toast.
  const read = await readPost(request, FORM_LIMITS.short, () => null);
  return read.form?.fields ?? null;
}

/**
 * The list page's action: the toggle (`intent` feature/activate, `value` true/false). `posted` is
 * the form when the caller has read it already (a page whose action also takes another form).
 */
export async function moderationListAction(
  section: ModeratedSection,
  args: ActionArgs,
  posted?: FormData | null,
): Promise<Response> {
  await requireAccess(args);
  const config = MODERATED_SECTIONS[section];
  // Back to the page and filters the admin was on (the form posts to the list's own URL).
  const back = listReturnPath(config.listPath, args.url.searchParams);
  const form = posted === undefined ? await readForm(args.request) : posted;
  const id = form?.get("id");
  const value = form?.get("value");
  if (form?.get("intent") !== config.toggleIntent || !isUuid(id) || !isBoolean(value)) {
    return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
  }
  const on = value === "true";
  return attempt(args.context, back, config.messages.updateFailed, {
    write: () => auditedRow(args, config.entity, id, (tx) => config.toggle(tx, id, on)),
    done: config.messages.toggled(on),
    logged: { kind: "update" },
  });
}

/**
 * The delete confirmation's action (the no-JS step and the dialog both post here); its URL carries
 * the list's search, filter and page, where it returns.
 */
export async function moderationDeleteAction(
  section: ModeratedSection,
  id: string,
  args: ActionArgs,
): Promise<Response> {
  await requireAccess(args);
  const config = MODERATED_SECTIONS[section];
  const back = listReturnPath(config.listPath, args.url.searchParams);
  if (!isUuid(id)) {
    return redirectWithFlash(args.context, back, failure(config.messages.deleteFailed));
  }
  return attempt(args.context, back, config.messages.deleteFailed, {
    write: () => auditedRow(args, config.entity, id, (tx) => config.remove(tx, id)),
    done: config.messages.deleted,
    logged: { kind: "delete" },
  });
}

/**
 * The status action of the submission lists (inquiries, job applications): `intent` status, the
 * row's `id` and one of `statuses`; back to the list (its filters kept) with the outcome's toast.
 */
export async function submissionStatusAction<Status extends string>(
  args: ActionArgs,
  list: {
    path: string;
    entity: "inquiry" | "job_application";
    options: readonly { value: Status; label: string }[];
    messages: { statusSaved: (label: string) => string; updateFailed: string };
  },
): Promise<Response> {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const back = `${list.path}${args.url.search}`;
  const form = await readForm(args.request);
  const id = form?.get("id");
  const option = list.options.find((o) => o.value === form?.get("status"));
  if (form?.get("intent") !== "status" || !isUuid(id) || !option) {
    return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
  }
  return attempt(args.context, back, list.messages.updateFailed, {
    // The step of the record's pipeline: the status, its Activity entry and its audit row.
    write: () =>
      changeStatus(
        {
          db: runtime.database.db,
          actor: currentActor(args.context),
          siteUrl: runtime.config.SITE_URL,
          jobs: runtime.jobs,
        },
        list.entity,
        id,
        option.value,
      ),
    done: list.messages.statusSaved(option.label),
    logged: { id },
  });
}

/** A section's write on one row, in one transaction with its audit row. */
function auditedRow(
  args: ActionArgs,
  entity: (typeof MODERATED_SECTIONS)[ModeratedSection]["entity"],
  id: string,
  write: (tx: Database) => Promise<boolean>,
): Promise<boolean> {
  const db = getRuntimeFrom(args.context).database.db;
  return audited(db, currentActor(args.context), { entity, id }, write);
}

/** Runs a write and redirects to `path` with its toast: `done`, or `failed` (logged). */
async function attempt(
  context: Readonly<RouterContextProvider>,
  path: string,
  failed: string,
  { write, done, logged }: { write: () => Promise<boolean>; done: string; logged?: object },
): Promise<Response> {
  const { logger } = getRuntimeFrom(context);
  let flash: FlashInput = failure(failed);
  try {
    if (await write()) flash = success(done);
    // Else the row is gone (another admin deleted it): the write did not happen.
    else logger.warn({ ...logged }, `${failed}: not found`);
  } catch (error) {
    logger.error({ err: error, ...logged }, failed);
  }
  return redirectWithFlash(context, path, flash);
}

function isBoolean(value: unknown): value is "true" | "false" {
  return value === "true" || value === "false";
}

/** An admin list's loader: the admin check, then the list query through `loadOrReport`. */
export async function loadAdminList<T>(
  args: ActionArgs,
  load: (db: Database) => Promise<T>,
  fetchFailed: string,
): Promise<{ data: T; loadError: null } | { data: null; loadError: Flash }> {
  await requireAccess(args);
  const db = getRuntimeFrom(args.context).database.db;
  return loadOrReport(args.context, () => load(db), fetchFailed);
}

/**
 * Runs a list query; on failure logs it and returns the error toast the page shows (SPEC section 8:
 * 'Failed to fetch ...') instead of failing the whole page.
 */
export async function loadOrReport<T>(
  context: Readonly<RouterContextProvider>,
  load: () => Promise<T>,
  fetchFailed: string,
): Promise<{ data: T; loadError: null } | { data: null; loadError: Flash }> {
  try {
    return { data: await load(), loadError: null };
  } catch (error) {
    getRuntimeFrom(context).logger.error({ err: error }, fetchFailed);
    return {
      data: null,
      loadError: {
        id: crypto.randomUUID(),
        kind: "error",
        title: "Error",
        description: fetchFailed,
      },
    };
  }
}
