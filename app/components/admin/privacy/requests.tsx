import { Form } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { IntentForm } from "~/components/admin/intent-form";
import { buttonClass } from "~/components/admin/ui";
import { TextField } from "~/components/forms/fields";
import type { FoundPerson } from "~/entities/privacy/view";
import type { FieldErrors } from "~/lib/forms/result";

const CONSENT_NOTE =
  "Records of cookie consent are not linked to a person: they carry a random id kept in the visitor's browser, so none can be found by an address.";

/** "A person's requests": "Email" + "Find", then what is stored, "Export" and "Erase". */
export function RequestsSection({
  findErrors,
  findValues,
  found,
  eraseErrors,
  busy,
}: {
  findErrors: FieldErrors | undefined;
  /** What was sent after a refused post, else the address found. */
  findValues: Record<string, string> | undefined;
  found: FoundPerson | undefined;
  eraseErrors: FieldErrors | undefined;
  /** The intent being sent, if any. */
  busy: unknown;
}) {
  return (
    <section aria-labelledby="requests-heading" className="mb-10 max-w-3xl">
      <h2 id="requests-heading" className="mb-3 font-display text-lg font-bold">
        A person's requests
      </h2>
      <IntentForm
        intent="find"
        errors={findErrors}
        values={findValues}
        className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-start"
        fields={
          <TextField
            id="privacy-email"
            name="email"
            label="Email"
            type="email"
            autoComplete="off"
            className="min-w-0 flex-1"
          />
        }
      >
        <button
          type="submit"
          disabled={busy === "find"}
          className={`${buttonClass.primary} sm:mt-7`}
        >
          Find
        </button>
      </IntentForm>
      {found ? (
        <FoundView found={found} eraseErrors={eraseErrors} erasing={busy === "erase"} />
      ) : null}
    </section>
  );
}

/** What is stored about the address, with "Export" and "Erase" (after a ticked box). */
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
