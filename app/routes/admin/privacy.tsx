import { getRuntimeFrom } from "@server/context";
import { mailFileDirectory } from "@server/mail/transport";
import { type ConsentMonth, consentCountsByMonth } from "@server/privacy/consent";
import { erasePerson, erasuresOf } from "@server/privacy/erasure";
import { findPerson, isEmpty, type PersonData } from "@server/privacy/person";
import { readRetention, saveRetention } from "@server/privacy/retention";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { requireRecentVerification } from "@server/security/step-up";
import { data, Form, useNavigation } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { buttonClass, TableRegion } from "~/components/admin/ui";
import { FormFields, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { eraseSchema, personSchema, retentionSchema } from "~/entities/privacy/form";
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
const CONSENT_NOTE =
  "Records of cookie consent are not linked to a person: they carry a random id kept in the visitor's browser, so none can be found by an address.";

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const db = getRuntimeFrom(args.context).database.db;
  return { retention: await readRetention(db), consent: await consentCountsByMonth(db) };
}

/** What "Find" shows: counts and short descriptions, never a file's storage key. */
export interface FoundPerson {
  address: string;
  empty: boolean;
  inquiries: { id: string; at: Date; kind: string; status: string; files: number }[];
  applications: { id: string; at: Date; position: string; status: string; resume: boolean }[];
  files: { name: string; size: number; from: string }[];
  related: { table: string; rows: number }[];
  notifications: { at: Date; subject: string; sent: boolean }[];
  /** When this address was erased before (found by its keyed hash on the audit log). */
  erasedBefore: Date[];
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
    const changed = await db.transaction((tx) =>
      saveRetention(tx, currentActor(args.context), input),
    );
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

      <section aria-labelledby="requests-heading" className="mb-10 max-w-3xl">
        <h2 id="requests-heading" className="mb-3 font-display text-lg font-bold">
          A person's requests
        </h2>
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-start"
        >
          <input type="hidden" name="intent" value="find" />
          <FormFields
            look="admin"
            errors={answer?.form === "find" ? answer.fieldErrors : undefined}
            values={answer?.form === "find" ? answer.values : { email: found?.address ?? "" }}
          >
            <TextField
              id="privacy-email"
              name="email"
              label="Email"
              type="email"
              autoComplete="off"
              className="min-w-0 flex-1"
            />
          </FormFields>
          <button
            type="submit"
            disabled={busy === "find"}
            className={`${buttonClass.primary} sm:mt-7`}
          >
            Find
          </button>
        </Form>
        {found ? (
          <FoundView
            found={found}
            eraseErrors={answer?.form === "erase" ? answer.fieldErrors : undefined}
            erasing={busy === "erase"}
          />
        ) : null}
      </section>

      <section aria-labelledby="retention-heading" className="mb-10 max-w-3xl">
        <h2 id="retention-heading" className="mb-3 font-display text-lg font-bold">
          Retention
        </h2>
        <Form
          method="post"
          noValidate
          className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4"
        >
          <input type="hidden" name="intent" value="retention" />
          <FormFields
            look="admin"
            errors={answer?.form === "retention" ? answer.fieldErrors : undefined}
            values={
              answer?.form === "retention"
                ? answer.values
                : {
                    inquiry_months: String(loaderData.retention.inquiryMonths),
                    application_months: String(loaderData.retention.applicationMonths),
                  }
            }
          >
            <TextField
              id="retention-inquiries"
              name="inquiry_months"
              label="Inquiries and their attachments: months after they are closed"
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
            />
            <TextField
              id="retention-applications"
              name="application_months"
              label="Applications and resumes: months after a final status (hired or rejected)"
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
            />
          </FormFields>
          <p className="text-sm text-ink-muted">
            A daily job deletes what has outlived its period, rows and stored files together, and
            writes one entry on the audit log with the counts. The privacy page states these
            periods.
          </p>
          <div>
            <button type="submit" disabled={busy === "retention"} className={buttonClass.primary}>
              Save retention
            </button>
          </div>
        </Form>
      </section>

      <ConsentSection months={loaderData.consent} />
    </>
  );
}

function FoundView({
  found,
  eraseErrors,
  erasing,
}: {
  found: FoundPerson;
  eraseErrors?: FieldErrors;
  erasing: boolean;
}) {
  const confirmError = eraseErrors?.confirm?.[0];
  return (
    <div className="mt-4 rounded-lg border border-line bg-surface p-4" aria-live="polite">
      <h3 className="font-display font-bold break-all">Stored about {found.address}</h3>
      {found.erasedBefore.length > 0 ? (
        <p className="mt-2 text-sm text-ink-muted">
          Erased before: {found.erasedBefore.map((at) => formatDateTime(at)).join(", ")}.
        </p>
      ) : null}
      {found.empty ? (
        <p className="mt-2 text-ink-muted">Nothing is stored about this address.</p>
      ) : (
        <dl className="mt-3 grid gap-3 text-sm">
          <FoundGroup title={`Inquiries (${found.inquiries.length})`}>
            {found.inquiries.map((row) => (
              <li key={row.id}>
                {formatDateTime(row.at)}: {row.kind} inquiry, {row.status}
                {row.files > 0 ? `, ${row.files} attachments` : ""}
              </li>
            ))}
          </FoundGroup>
          <FoundGroup title={`Applications (${found.applications.length})`}>
            {found.applications.map((row) => (
              <li key={row.id}>
                {formatDateTime(row.at)}: {row.position}, {row.status}
                {row.resume ? ", with a resume" : ""}
              </li>
            ))}
          </FoundGroup>
          <FoundGroup title={`Files (${found.files.length})`}>
            {found.files.map((file, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two files may share a name
              <li key={index}>
                {file.name} ({file.from}, {Math.ceil(file.size / 1024)} KB)
              </li>
            ))}
          </FoundGroup>
          <FoundGroup title="Notes, replies and other linked records">
            {found.related.map((group) => (
              <li key={group.table}>
                {group.table.replaceAll("_", " ")}: {group.rows}
              </li>
            ))}
          </FoundGroup>
          <FoundGroup title={`E-mails (${found.notifications.length})`}>
            {found.notifications.map((mail, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: mails may share a subject and time
              <li key={index}>
                {formatDateTime(mail.at)}: {mail.subject} ({mail.sent ? "sent" : "queued"})
              </li>
            ))}
          </FoundGroup>
        </dl>
      )}
      <p className="mt-3 text-sm text-ink-muted">{CONSENT_NOTE}</p>
      {found.empty ? null : (
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
          <form method="post" action="/admin/privacy/export">
            <input type="hidden" name="email" value={found.address} />
            <button type="submit" className={buttonClass.secondary}>
              Export
            </button>
          </form>
          <Form method="post" noValidate className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="erase" />
            <input type="hidden" name="email" value={found.address} />
            <div className="flex items-start gap-2">
              <input
                id="erase-confirm"
                name="confirm"
                type="checkbox"
                value="yes"
                aria-invalid={confirmError ? true : undefined}
                aria-describedby={confirmError ? "erase-confirm-error" : undefined}
                className="mt-1 size-4 accent-[var(--color-accent)]"
              />
              <label htmlFor="erase-confirm" className="text-sm">
                Yes, erase everything stored about this address: inquiries, applications, files,
                notes and e-mails. This cannot be undone.
              </label>
            </div>
            {confirmError ? (
              <p id="erase-confirm-error" className="text-sm text-danger">
                {confirmError}
              </p>
            ) : null}
            <div>
              <button type="submit" disabled={erasing} className={buttonClass.danger}>
                Erase
              </button>
            </div>
          </Form>
        </div>
      )}
    </div>
  );
}

function FoundGroup({ title, children }: { title: string; children: React.ReactNode[] }) {
  return (
    <div>
      <dt className="font-medium text-ink">{title}</dt>
      <dd>
        {children.length === 0 ? (
          <span className="text-ink-muted">None</span>
        ) : (
          <ul className="list-disc pl-5">{children}</ul>
        )}
      </dd>
    </div>
  );
}

const CONSENT_COLUMNS = [
  ["accept", "Accepted all"],
  ["decline", "Declined"],
  ["custom", "Chose categories"],
  ["analytics", "Analytics granted"],
  ["marketing", "Marketing granted"],
  ["gpc", "With Global Privacy Control"],
] as const;

function ConsentSection({ months }: { months: readonly ConsentMonth[] }) {
  return (
    <section aria-labelledby="consent-heading" className="mb-10 max-w-4xl">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="consent-heading" className="font-display text-lg font-bold">
          Records of consent
        </h2>
        <a href="/admin/privacy/consent.csv" className={buttonClass.secondary} download>
          Export CSV
        </a>
      </div>
      <p className="mb-3 text-sm text-ink-muted">
        Each choice on the cookie banner, by month (UTC): a random visitor id, the categories and
        the banner's version, never an IP address.
      </p>
      {months.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-6 py-8 text-center text-ink-muted">
          No choices recorded yet.
        </p>
      ) : (
        <TableRegion captionId="consent-caption">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption id="consent-caption" className="sr-only">
              Choices on the cookie banner by month
            </caption>
            <thead className="border-b border-line text-xs text-ink-muted">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Month
                </th>
                {CONSENT_COLUMNS.map(([key, label]) => (
                  <th key={key} scope="col" className="px-4 py-3 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap">
                    {month.month}
                  </th>
                  {CONSENT_COLUMNS.map(([key]) => (
                    <td key={key} className="px-4 py-3 tabular-nums">
                      {month[key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
