import { useState } from "react";
import { Link, useRevalidator } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { IntentButton } from "~/components/admin/intent-form";
import { addPasskey, PasskeyButton, useWebAuthnSupport } from "~/components/admin/passkeys";
import { PASSKEY_MESSAGES } from "~/entities/staff/view";
import { Section } from "./section";

export function PasskeysSection({
  passkeys,
}: {
  passkeys: { id: string; name: string; createdAt: Date | string | null }[];
}) {
  const supported = useWebAuthnSupport();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ error: string; confirm?: string } | null>(null);
  const add = async () => {
    setBusy(true);
    setProblem(null);
    const result = await addPasskey();
    setBusy(false);
    if (result.ok) await revalidator.revalidate();
    else setProblem(result);
  };
  return (
    <Section id="passkeys" title="Passkeys">
      <p className="mb-4 text-sm text-ink-muted">
        A passkey (your device's fingerprint, face or PIN, or a security key) signs you in without a
        password and counts as two factors: no code is asked.
      </p>
      {passkeys.length > 0 ? (
        <ul aria-label="Your passkeys" className="mb-4 divide-y divide-line">
          {passkeys.map((row) => (
            <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium">{row.name}</p>
                <p className="text-sm text-ink-muted">
                  Added {row.createdAt ? formatDateTime(row.createdAt) : "earlier"}
                </p>
              </div>
              <IntentButton
                intent="passkey-remove"
                id={row.id}
                label={`Remove passkey: ${row.name}`}
              >
                Remove
              </IntentButton>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4">No passkeys yet.</p>
      )}
      {problem ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
        >
          {problem.error}{" "}
          {problem.confirm ? (
            <Link
              to={problem.confirm}
              className="font-medium text-accent underline underline-offset-4"
            >
              Confirm it's you
            </Link>
          ) : null}
        </p>
      ) : null}
      {supported ? (
        <PasskeyButton onClick={add} busy={busy} variant="primary">
          Add a passkey
        </PasskeyButton>
      ) : (
        <p className="text-sm text-ink-muted">{PASSKEY_MESSAGES.unsupported}</p>
      )}
    </Section>
  );
}
