import { getRuntimeFrom } from "@server/context";
import type { Database } from "@server/db/client";
import { isUuid } from "@server/kit/list-params";
import { type ActivityRow, listActivity } from "@server/pipeline/activity";
import { rateApplication } from "@server/pipeline/ratings";
import {
  addNote,
  changeFollowUp,
  changeOwner,
  changeStatus,
  PIPELINE_PATHS,
  possibleOwners,
  type StaffMember,
  type StepServices,
  sendReply,
} from "@server/pipeline/steps";
import { listTemplates, type TemplateLinks, templateValues } from "@server/pipeline/templates";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import type { Runtime } from "@server/runtime";
import { currentActor, requireAccess, type StaffUser } from "@server/security/admin-access";
import { data, type RouterContextProvider } from "react-router";
import { followUpSchema, noteSchema, ratingSchema, replySchema } from "~/entities/pipeline/form";
import { fillTemplate, NO_TEMPLATE, untouchedReply } from "~/entities/pipeline/view";
import { BAD_REQUEST, failure, success } from "~/lib/admin-messages";
import type { FieldErrors } from "~/lib/forms/result";
import type { PipelineSubject } from "~/lib/values";

/**
 * What an inquiry's and an application's page share (issue #30): the loader's pipeline part
 * (staff to own it, notes, Activity, templates and the reply prefilled from the chosen one) and
 * the action of its forms: Status, Owner, Follow-up, Note, Reply. Every form is a plain post to
 * the page; success redirects back with a toast, bad input answers 400 with the field's message.
 */

export const PIPELINE_MESSAGES = {
  statusSaved: (label: string) => `Status set to ${label}`,
  ownerSaved: (name: string | null) => (name ? `Owner set to ${name}` : "Owner removed"),
  followUpSaved: (day: string | null) => (day ? `Follow-up set for ${day}` : "Follow-up cleared"),
  noteAdded: "Note added",
  replySent: "Reply sent",
  rated: (rating: number) => `Your rating: ${rating} of 5`,
  /** An owner who cannot open the record (or no active staff member at all): a 400. */
  notOwner: (subject: PipelineSubject) =>
    `Choose an active staff member who can open ${subject === "inquiry" ? "inquiries" : "job applications"}`,
  gone: "This record no longer exists",
  noTemplate: "Choose one of the templates",
  failed: "The change could not be saved. Please try again.",
};

export interface PipelineAnswer {
  intent: "owner" | "follow_up" | "note" | "reply" | "rating";
  fieldErrors: FieldErrors;
  values: Record<string, string>;
  /**
   * A template chosen over typed text without JavaScript (issue #47 item 17): nothing replaced
   * yet, the page asks first ("Replace" or "Keep what I typed"), what was typed in `values`.
   */
  replace?: { template: string; name: string };
}

/** A template filled in for one record: what choosing it puts in Subject and Message. */
export interface ReplyChoice {
  id: string;
  name: string;
  subject: string;
  message: string;
}

export interface PipelinePageData {
  staff: StaffMember[];
  notes: ActivityRow[];
  activity: ActivityRow[];
  /** Every template, filled in for this record (the page swaps them in with JavaScript). */
  templates: ReplyChoice[];
  /** The Reply form's starting values: the chosen template filled in, or the default subject. */
  reply: { template: string; subject: string; message: string };
  /** The page's own subject ("No template"). */
  defaultSubject: string;
}

/** What a record's reply is written from: its name (and position), and the page's own subject. */
interface ReplyContext {
  record: { name: string; positionTitle?: string | null };
  defaultSubject: string;
}

/** A record's templates, each filled in; an empty subject is the page's own. */
async function replyChoices(
  db: Database,
  subject: PipelineSubject,
  context: ReplyContext,
  links: TemplateLinks,
): Promise<ReplyChoice[]> {
  const values = templateValues(subject, links, context.record);
  return (await listTemplates(db, subject)).map((template) => ({
    id: template.id,
    name: template.name,
    subject: (template.subject && fillTemplate(template.subject, values)) || context.defaultSubject,
    message: fillTemplate(template.body, values),
  }));
}

/** The reply form's text with no template: the page's subject, no message. */
const blankReply = (context: ReplyContext): ReplyChoice => ({
  id: "",
  name: NO_TEMPLATE,
  subject: context.defaultSubject,
  message: "",
});

interface ActionArgs {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}

/** The scheduling pages of the configuration that templates link to. */
export const templateLinksOf = (config: {
  BOOKING_URL: string;
  INTERVIEW_BOOKING_URL?: string | undefined;
}): TemplateLinks => ({
  bookingUrl: config.BOOKING_URL,
  interviewUrl: config.INTERVIEW_BOOKING_URL,
});

async function loadPipelinePage(
  db: Database,
  subject: PipelineSubject,
  record: { id: string; name: string; positionTitle?: string | null },
  options: { links: TemplateLinks; defaultSubject: string; templateId: string | null },
): Promise<PipelinePageData> {
  const context = { record, defaultSubject: options.defaultSubject };
  const [staff, activity, templates] = await Promise.all([
    possibleOwners(db, subject),
    listActivity(db, subject, record.id),
    replyChoices(db, subject, context, options.links),
  ]);
  const chosen =
    templates.find((template) => template.id === options.templateId) ?? blankReply(context);
  return {
    staff,
    notes: activity.filter((entry) => entry.kind === "note"),
    activity,
    templates,
    reply: { template: chosen.id, subject: chosen.subject, message: chosen.message },
    defaultSubject: options.defaultSubject,
  };
}

type PipelineRecord = { id: string; name: string; positionTitle?: string | null };

/** What one pipeline's record page is built on: how to find its record and reply to it. */
export interface PipelineRecordKind<R extends PipelineRecord> {
  subject: PipelineSubject;
  statuses: readonly { value: string; label: string }[];
  find: (db: Database, id: string) => Promise<R | null>;
  /** The Reply's subject with no template. */
  replySubject: (record: R) => string;
  /** The 404's text for an id that is not a record. */
  notFound: string;
}

/** A kind, its record's type read from `find`. */
export const pipelineRecordKind = <R extends PipelineRecord>(kind: PipelineRecordKind<R>) => kind;

/**
 * A record page's loader: the record (a 404 for an unknown id), its pipeline, and what `more`
 * loads beside it for this page alone, all at once.
 */
export async function loadPipelineRecord<R extends PipelineRecord, More extends object>(
  args: ActionArgs,
  kind: PipelineRecordKind<R>,
  more: (record: R, services: { runtime: Runtime; staff: StaffUser }) => Promise<More>,
): Promise<{ record: R } & More & PipelinePageData> {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const id = args.params.id;
  const record = isUuid(id) ? await kind.find(db, id) : null;
  if (!record) throw data(kind.notFound, { status: 404 });
  const [pipeline, extra] = await Promise.all([
    loadPipelinePage(db, kind.subject, record, {
      links: templateLinksOf(runtime.config),
      defaultSubject: kind.replySubject(record),
      templateId: args.url.searchParams.get("template"),
    }),
    more(record, { runtime, staff }),
  ]);
  return { record, ...extra, ...pipeline };
}

/** The template choice's three buttons (without JavaScript): use it, and the answers to asking. */
const TEMPLATE_INTENTS = ["template", "template-replace", "template-keep"] as const;

export async function pipelineAction<R extends PipelineRecord>(
  args: ActionArgs,
  kind: PipelineRecordKind<R>,
) {
  const { subject, statuses } = kind;
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const id = args.params.id;
  const back = isUuid(id) ? PIPELINE_PATHS[subject](id) : "/admin";
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const form = read.form;
  if (!form || !isUuid(id)) return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
  const services: StepServices = {
    db: runtime.database.db,
    jobs: runtime.jobs,
    actor: currentActor(args.context),
    siteUrl: runtime.config.SITE_URL,
  };
  const fields = form.fields;
  const done = (ok: boolean, message: string) =>
    redirectWithFlash(args.context, back, ok ? success(message) : failure(PIPELINE_MESSAGES.gone));
  const invalid = (
    intent: PipelineAnswer["intent"],
    fieldErrors: FieldErrors,
    values: Record<string, string>,
  ) => data<PipelineAnswer>({ intent, fieldErrors, values }, { status: 400 });

  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : "";
  };

  try {
    const intent = fields.get("intent");
    if (TEMPLATE_INTENTS.includes(intent as (typeof TEMPLATE_INTENTS)[number])) {
      // A template chosen without JavaScript: the post carries what was typed, which is kept
      // unless it is the page's own text or the answer to the question is "Replace".
      const record = await kind.find(services.db, id);
      if (!record) return done(false, PIPELINE_MESSAGES.gone);
      const context = { record, defaultSubject: kind.replySubject(record) };
      const choices = await replyChoices(
        services.db,
        subject,
        context,
        templateLinksOf(runtime.config),
      );
      const templateId = text("template");
      const chosen = templateId ? choices.find((choice) => choice.id === templateId) : null;
      const typed = { subject: text("subject"), message: text("message") };
      if (chosen === undefined) {
        return invalid("reply", { template: [PIPELINE_MESSAGES.noTemplate] }, typed);
      }
      const next = chosen ?? blankReply(context);
      const kept = { ...typed, template: templateId };
      if (intent === "template-keep") {
        return data<PipelineAnswer>({ intent: "reply", fieldErrors: {}, values: kept });
      }
      if (
        intent === "template-replace" ||
        untouchedReply(typed, [blankReply(context), ...choices])
      ) {
        return data<PipelineAnswer>({
          intent: "reply",
          fieldErrors: {},
          values: { template: next.id, subject: next.subject, message: next.message },
        });
      }
      return data<PipelineAnswer>({
        intent: "reply",
        fieldErrors: {},
        values: kept,
        replace: { template: next.id, name: next.name },
      });
    }
    switch (intent) {
      case "status": {
        const option = statuses.find((o) => o.value === fields.get("status"));
        if (!option) return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
        return done(
          await changeStatus(services, subject, id, option.value),
          PIPELINE_MESSAGES.statusSaved(option.label),
        );
      }
      case "owner": {
        const owner = fields.get("owner");
        if (typeof owner !== "string") {
          return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
        }
        const outcome = await changeOwner(services, subject, id, owner || null);
        if (outcome === "not-allowed") {
          return invalid("owner", { owner: [PIPELINE_MESSAGES.notOwner(subject)] }, { owner });
        }
        const name = owner
          ? ((await possibleOwners(services.db, subject)).find((m) => m.id === owner)?.name ?? null)
          : null;
        return done(outcome === "saved", PIPELINE_MESSAGES.ownerSaved(name));
      }
      case "follow_up": {
        const checked = checkPost(form, followUpSchema);
        if (!checked.data) return invalid("follow_up", checked.fieldErrors, checked.values);
        const day = checked.data.followUp;
        return done(
          await changeFollowUp(services, subject, id, day),
          PIPELINE_MESSAGES.followUpSaved(day),
        );
      }
      case "note": {
        const checked = checkPost(form, noteSchema);
        if (!checked.data) return invalid("note", checked.fieldErrors, checked.values);
        return done(
          await addNote(services, subject, id, checked.data.note),
          PIPELINE_MESSAGES.noteAdded,
        );
      }
      case "reply": {
        const checked = checkPost(form, replySchema);
        if (!checked.data) return invalid("reply", checked.fieldErrors, checked.values);
        const sent = await sendReply(
          { ...services, replyTo: runtime.config.NOTIFY_EMAIL },
          subject,
          id,
          checked.data,
        );
        return done(sent, PIPELINE_MESSAGES.replySent);
      }
      case "rating": {
        if (subject !== "job_application") break;
        const checked = checkPost(form, ratingSchema);
        if (!checked.data) return invalid("rating", checked.fieldErrors, checked.values);
        return done(
          await rateApplication(services, id, checked.data.rating),
          PIPELINE_MESSAGES.rated(checked.data.rating),
        );
      }
    }
  } catch (error) {
    runtime.logger.error({ err: error, id, subject }, PIPELINE_MESSAGES.failed);
    return redirectWithFlash(args.context, back, failure(PIPELINE_MESSAGES.failed));
  }
  return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
}
