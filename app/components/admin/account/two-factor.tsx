import { useEffect, useRef } from "react";
import { TextField } from "~/components/forms/fields";
import { ACCOUNT_MESSAGES } from "~/entities/staff/view";
import { NewRecoveryCodes, recoveryCodesLeftText } from "./recovery-codes";
import { type AccountAnswer, AccountForm, Section } from "./section";

export function TwoFactorSection({
  state,
  setup,
  codesLeft,
  answer,
}: {
  state: "on" | "off" | "pending";
  setup: { qrSvg: string; setupKey: string } | null;
  codesLeft: number | null;
  answer: AccountAnswer | undefined;
}) {
  const codes = answer?.recoveryCodes;
  // The state changed (turned off, on, or set up): the form that was used is gone, so focus goes
  // to the section's heading rather than falling to <body>.
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(state);
  useEffect(() => {
    if (shown.current === state) return;
    shown.current = state;
    heading.current?.focus();
  }, [state]);
  return (
    <Section id="two-factor" title="Two-factor authentication" headingRef={heading}>
      {codes ? (
        <NewRecoveryCodes codes={codes} regenerated={answer?.regenerated} />
      ) : state === "on" ? (
        <TwoFactorOn codesLeft={codesLeft} answer={answer} />
      ) : state === "pending" && setup ? (
        <TwoFactorSetup setup={setup} answer={answer} />
      ) : (
        <>
          <p className="mb-4 text-sm text-ink-muted">
            Off. With it on, signing in asks for a code from an authenticator app after your
            password. Confirm your password to begin.
          </p>
          <AccountForm
            intent="two-factor-start"
            answer={answer}
            button="Turn on two-factor"
            variant="primary"
          >
            <TextField
              id="two-factor-password"
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
          </AccountForm>
        </>
      )}
    </Section>
  );
}

/** On: turning it off, and new recovery codes. */
function TwoFactorOn({
  codesLeft,
  answer,
}: {
  codesLeft: number | null;
  answer: AccountAnswer | undefined;
}) {
  return (
    <>
      <p className="mb-4">{ACCOUNT_MESSAGES.twoFactorOn}</p>
      <p className="mb-4 text-sm text-ink-muted">
        Turning it off asks for your password and a code from your authenticator app (or a recovery
        code).
      </p>
      <AccountForm
        intent="two-factor-off"
        answer={answer}
        button="Turn off two-factor"
        variant="danger"
      >
        <TextField
          id="two-factor-off-password"
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          id="two-factor-off-code"
          name="code"
          label="Code"
          autoComplete="one-time-code"
          spellCheck={false}
        />
      </AccountForm>
      <h3 className="mt-6 font-display font-bold">Recovery codes</h3>
      {codesLeft !== null ? (
        <p className="mb-2 font-medium" data-testid="recovery-codes-left">
          {recoveryCodesLeftText(codesLeft)}
        </p>
      ) : null}
      <p className="mb-4 text-sm text-ink-muted">
        Lost them, or used most? New codes replace the old ones, which stop working.
      </p>
      <AccountForm
        intent="recovery-codes"
        answer={answer}
        button="Regenerate recovery codes"
        variant="secondary"
      >
        <TextField
          id="recovery-codes-password"
          name="recoveryPassword"
          label="Password for new recovery codes"
          type="password"
          autoComplete="current-password"
        />
      </AccountForm>
    </>
  );
}

/** Being set up: the QR code and setup key, then the first code. */
function TwoFactorSetup({
  setup,
  answer,
}: {
  setup: { qrSvg: string; setupKey: string };
  answer: AccountAnswer | undefined;
}) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-ink-muted">
        Scan the QR code with your authenticator app, or type the setup key into it, then enter the
        6-digit code it shows.
      </p>
      <div
        role="img"
        aria-label="QR code of the two-factor secret"
        className="w-48 rounded-md bg-white p-1"
        // The SVG is made on the server by the qrcode library from our own secret.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server-made SVG
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <dl>
        <dt className="text-sm text-ink-muted">Setup key</dt>
        <dd className="font-mono text-base break-all">{setup.setupKey}</dd>
      </dl>
      <AccountForm intent="two-factor-verify" answer={answer} button="Verify" variant="primary">
        <TextField
          id="two-factor-code"
          name="code"
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          spellCheck={false}
        />
      </AccountForm>
    </div>
  );
}
