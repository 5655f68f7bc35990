import { getRuntimeFrom } from "@server/context";
import { mailFileDirectory } from "@server/mail/transport";
import { consentCountsByMonth } from "@server/privacy/consent";
import { erasePerson, erasuresOf } from "@server/privacy/erasure";
import { findPerson, isEmpty, type PersonData } from "@server/privacy/person";
import { readRetention, saveRetention } from "@server/privacy/retention";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { requireRecentVerification } from "@server/security/step-up";
import { data, useNavigation } from "react-router";
import { ConsentSection } from "~/components/admin/privacy/consent";
import { RequestsSection } from "~/components/admin/privacy/requests";
import { RetentionSection } from "~/components/admin/privacy/retention";
import { PageHeader } from "~/components/ui/page-header";
import { eraseSchema, personSchema, retentionSchema } from "~/entities/privacy/form";
import type { FoundPerson } from "~/entities/privacy/view";
import { failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import type { Route } from "./+types/privacy";

/**
 * /admin/privacy (admins, issue #32): a person's requests ("Email" + "Find", then "Export" and
 * "Erase" after a ticked confirmation) and the retention periods. Every form is a plain POST (the
 * address never goes into a URL) answered in place or by post/redirect/get with a toast.
 */

export const meta: Route.MetaFunction = () => adminMeta("Privacy");

const PRIVACY_PATH = "/admin/privacy";
export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const db = getRuntimeFrom(args.context).database.db;
  return { retention: await readRetention(db), consent: await consentCountsByMonth(db) };
}

type Answer =
  | {
      form: "find";
      found?: FoundPerson;
      fieldErrors?: FieldErrors;
      values?: Record<string, string>;
    }
  | { form: "erase"; fieldErrors: FieldErrors; found?: FoundPerson }
  | { form: "retention"; fieldErrors: FieldErrors; values: Record<string, string> };

function summary(person: PersonData, erasedBefore: Date[]): FoundPerson {
  return {
    erasedBefore,
    address: person.address,
    empty: isEmpty(person),
    inquiries: person.inquiries.map((row) => ({
      id: row.id,
      at: row.createdAt,
      kind: row.kind,
      status: row.status,
      files: row.fileAttachments?.length ?? 0,
    })),
    applications: person.applications.map((row) => ({
      id: row.id,
      at: row.createdAt,
      position: row.positionTitle,
      status: row.status,
      resume: row.resumeUrl !== null,
    })),
    files: person.files.map((file) => ({
      name: file.name,
      size: file.size,
      from: file.ownerTable === "job_applications" ? "Resume" : "Inquiry attachment",
    })),
    related: Object.entries(person.related).map(([table, rows]) => ({ table, rows: rows.length })),
    notifications: person.notifications.map((mail) => ({
      at: mail.createdAt,
      subject: mail.subject,
      sent: mail.sentAt !== null,
    })),
  };
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const hashKey = runtime.keys.personHashes;
  const found = async (address: string) =>
    summary(await findPerson(db, address), await erasuresOf(db, hashKey, address));
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const form = read.form;
  if (!form) return redirectWithFlash(args.context, PRIVACY_PATH, failure("Please try again"));
  const intent = form.fields.get("intent");

  if (intent === "find") {
    const checked = checkPost(form, personSchema);
    if (!checked.data) {
      return data<Answer>(
        { form: "find", fieldErrors: checked.fieldErrors, values: checked.values },
        { status: 400 },
      );
    }
    return data<Answer>({ form: "find", found: await found(checked.data.email) });
  }

  if (intent === "erase") {
    const checked = checkPost(form, eraseSchema);
    if (!checked.data) {
      const email = personSchema.safeParse({ email: form.fields.get("email") });
      return data<Answer>(
        {
          form: "erase",
          fieldErrors: checked.fieldErrors,
          found: email.success ? await found(email.data.email) : undefined,
        },
        { status: 400 },
      );
    }
    // Erasure asks for the password or a code again after 10 minutes (step-up); the person comes
    // back to this page to erase (the address never travels in a URL).
    await requireRecentVerification(runtime, staff, PRIVACY_PATH);
    try {
      const counts = await erasePerson(
        {
          db,
          storage: runtime.storage,
          hashKey,
          mailFiles: runtime.config.SMTP_URL ? null : mailFileDirectory(runtime.config.DATA_DIR),
        },
        currentActor(args.context),
        checked.data.email,
      );
      return redirectWithFlash(
        args.context,
        PRIVACY_PATH,
        success(
          `Erased ${counts.inquiries} inquiries, ${counts.applications} applications, ${counts.files} files and ${counts.notifications} e-mails.`,
        ),
      );
    } catch (error) {
      runtime.logger.error({ err: error }, "an erasure failed");
      return redirectWithFlash(
        args.context,
        PRIVACY_PATH,
        failure("Failed to erase the data. Nothing was erased; please try again."),
      );
    }
  }

  if (intent === "retention") {
    const checked = checkPost(form, retentionSchema);
    if (!checked.data) {
      return data<Answer>(
        { form: "retention", fieldErrors: checked.fieldErrors, values: checked.values },
        { status: 400 },
      );
    }
    const input = checked.data;
    const changed = await saveRetention(db, currentActor(args.context), input);
    return redirectWithFlash(
      args.context,
      PRIVACY_PATH,
      success(changed ? "Retention periods saved" : "The retention periods are unchanged"),
    );
  }
  return redirectWithFlash(args.context, PRIVACY_PATH, failure("Please try again"));
}

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  const found = answer?.form === "find" || answer?.form === "erase" ? answer.found : undefined;
  const busy = useNavigation().formData?.get("intent");
  return (
    <>
      <PageHeader
        variant="admin"
        title="Privacy"
        lead="A person's requests to see or erase their data, how long inquiries and applications are kept, and the records of cookie consent."
      />
      <RequestsSection
        findErrors={answer?.form === "find" ? answer.fieldErrors : undefined}
        findValues={answer?.form === "find" ? answer.values : { email: found?.address ?? "" }}
        found={found}
        eraseErrors={answer?.form === "erase" ? answer.fieldErrors : undefined}
        busy={busy}
      />
      <RetentionSection
        errors={answer?.form === "retention" ? answer.fieldErrors : undefined}
        values={
          answer?.form === "retention"
            ? answer.values
            : {
                inquiry_months: String(loaderData.retention.inquiryMonths),
                application_months: String(loaderData.retention.applicationMonths),
                review_months: String(loaderData.retention.reviewMonths),
              }
        }
        saving={busy === "retention"}
      />
      <ConsentSection months={loaderData.consent} />
    </>
  );
}
