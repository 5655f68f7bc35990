import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/forms";
import { ADMIN_RESPONSE_HEADERS, requireAdmin } from "@server/security/admin-access";
import { commitFlash, type Flash, type FlashInput } from "@server/security/flash";
import { type RouterContextProvider, redirect } from "react-router";
import { deleteCaseStudy, findCaseStudyTitle, setCaseStudyFeatured } from "./case-studies";
import { isUuid } from "./list-params";
import {
  BAD_REQUEST,
  CASE_STUDY_MESSAGES,
  failure,
  type ModerationMessages,
  PORTFOLIO_EDITOR_MESSAGES,
  success,
  TEAM_MESSAGES,
  TESTIMONIAL_MESSAGES,
} from "./messages";
import { deletePortfolioItem, findPortfolioTitle, setPortfolioFeatured } from "./portfolio";
import { deleteTeamMember, findTeamMemberName, setTeamMemberActive } from "./team";
import { deleteTestimonial, findTestimonialTitle, setTestimonialFeatured } from "./testimonials";

/**
 * The three moderated lists (case studies, testimonials, team) share one shape: a toggle
 * (featured, or active for the team) and a delete after confirmation. One table describes each.
 */
export const MODERATED_SECTIONS = {
  "case-studies": {
    listPath: "/admin/case-studies",
    noun: "case study",
    toggleIntent: "feature",
    messages: CASE_STUDY_MESSAGES,
    toggle: setCaseStudyFeatured,
    remove: deleteCaseStudy,
    describe: findCaseStudyTitle,
  },
  testimonials: {
    listPath: "/admin/testimonials",
    noun: "testimonial",
    toggleIntent: "feature",
    messages: TESTIMONIAL_MESSAGES,
    toggle: setTestimonialFeatured,
    remove: deleteTestimonial,
    describe: findTestimonialTitle,
  },
  team: {
    listPath: "/admin/team",
    noun: "team member",
    toggleIntent: "activate",
    messages: TEAM_MESSAGES,
    toggle: setTeamMemberActive,
    remove: deleteTeamMember,
    describe: findTeamMemberName,
  },
  portfolio: {
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
  context: Readonly<RouterContextProvider>;
}

/** Redirects to `path` carrying `flash` (post/redirect/get: works the same with or without JS). */
export async function redirectWithFlash(
  context: Readonly<RouterContextProvider>,
  path: string,
  flash: FlashInput,
): Promise<Response> {
  const runtime = getRuntimeFrom(context);
  return redirect(path, {
    headers: { ...ADMIN_RESPONSE_HEADERS, "Set-Cookie": await commitFlash(runtime, flash) },
  });
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
  await requireAdmin(args);
  const config = MODERATED_SECTIONS[section];
  const runtime = getRuntimeFrom(args.context);
  const form = posted === undefined ? await readForm(args.request) : posted;
  const id = form?.get("id");
  const value = form?.get("value");
  if (form?.get("intent") !== config.toggleIntent || !isUuid(id) || !isBoolean(value)) {
    return redirectWithFlash(args.context, config.listPath, failure(BAD_REQUEST));
  }
  const on = value === "true";
  return redirectWithFlash(
    args.context,
    config.listPath,
    await attempt(
      runtime,
      config.messages,
      "update",
      () => config.toggle(runtime.database.db, id, on),
      config.messages.toggled(on),
    ),
  );
}

/** The delete confirmation's action (the no-JS step and the dialog both post here). */
export async function moderationDeleteAction(
  section: ModeratedSection,
  id: string,
  args: ActionArgs,
): Promise<Response> {
  await requireAdmin(args);
  const config = MODERATED_SECTIONS[section];
  const runtime = getRuntimeFrom(args.context);
  if (!isUuid(id)) {
    return redirectWithFlash(args.context, config.listPath, failure(config.messages.deleteFailed));
  }
  return redirectWithFlash(
    args.context,
    config.listPath,
    await attempt(
      runtime,
      config.messages,
      "delete",
      () => config.remove(runtime.database.db, id),
      config.messages.deleted,
    ),
  );
}

async function attempt(
  runtime: ReturnType<typeof getRuntimeFrom>,
  messages: ModerationMessages,
  kind: "update" | "delete",
  write: () => Promise<boolean>,
  done: string,
): Promise<FlashInput> {
  const failed = kind === "update" ? messages.updateFailed : messages.deleteFailed;
  try {
    if (await write()) return success(done);
    // The row is gone (another admin deleted it): the write did not happen.
    runtime.logger.warn({ kind }, `${failed}: not found`);
    return failure(failed);
  } catch (error) {
    runtime.logger.error({ err: error }, failed);
    return failure(failed);
  }
}

function isBoolean(value: unknown): value is "true" | "false" {
  return value === "true" || value === "false";
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
