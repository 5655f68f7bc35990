import { getRuntimeFrom } from "@server/context";
import type { Database } from "@server/db/client";
import { checkPost, FORM_LIMITS, readPost } from "@server/forms";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { data, type RouterContextProvider } from "react-router";
import { followUpSchema, noteSchema, ratingSchema, replySchema } from "~/entities/pipeline/form";
import { fillTemplate } from "~/entities/pipeline/view";
import type { FieldErrors } from "~/lib/forms/result";
import type { PipelineSubject } from "~/lib/values";
import { type ActivityRow, listActivity } from "./activity";
import { isUuid } from "./list-params";
import { BAD_REQUEST, failure, success } from "./messages";
import { redirectWithFlash } from "./moderation";
import {
  addNote,
  changeFollowUp,
  changeOwner,
  changeStatus,
  listTemplates,
  PIPELINE_PATHS,
  possibleOwners,
  rateApplication,
  type StaffMember,
  type StepServices,
  sendReply,
  templateValues,
} from "./pipeline";

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
  failed: "The change could not be saved. Please try again.",
};

export interface PipelineAnswer {
  intent: "owner" | "follow_up" | "note" | "reply" | "rating";
  fieldErrors: FieldErrors;
  values: Record<string, string>;
}

export interface PipelinePageData {
  staff: StaffMember[];
  notes: ActivityRow[];
  activity: ActivityRow[];
  templates: { id: string; name: string }[];
  /** The Reply form's starting values: the chosen template filled in, or the default subject. */
  reply: { template: string; subject: string; message: string };
}

export async function loadPipelinePage(
  db: Database,
  subject: PipelineSubject,
  record: { id: string; name: string; positionTitle?: string | null },
  options: { bookingUrl: string; defaultSubject: string; templateId: string | null },
): Promise<PipelinePageData> {
  const [staff, activity, templates] = await Promise.all([
    possibleOwners(db, subject),
    listActivity(db, subject, record.id),
    listTemplates(db, subject),
  ]);
  const chosen = templates.find((template) => template.id === options.templateId);
  const values = templateValues(options.bookingUrl, record);
  return {
    staff,
    notes: activity.filter((entry) => entry.kind === "note"),
    activity,
    templates: templates.map(({ id, name }) => ({ id, name })),
    reply: {
      template: chosen?.id ?? "",
      subject: (chosen?.subject && fillTemplate(chosen.subject, values)) || options.defaultSubject,
      message: chosen ? fillTemplate(chosen.body, values) : "",
    },
  };
}

interface ActionArgs {
  request: Request;
  url: URL;
  pattern: string;
  params: Record<string, string | undefined>;
  context: Readonly<RouterContextProvider>;
}

export async function pipelineAction(
  args: ActionArgs,
  subject: PipelineSubject,
  statuses: readonly { value: string; label: string }[],
) {
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const id = args.params.id;
  const back = isUuid(id) ? PIPELINE_PATHS[subject](id) : "/admin";
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const form = read.form;
  if (!form || !isUuid(id)) return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
  const services: StepServices = {
    db: runtime.database.db,
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

  try {
    switch (fields.get("intent")) {
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
