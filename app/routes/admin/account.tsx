import { getRuntimeFrom } from "@server/context";
import { redirectWithFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import {
  ACCOUNT_PATH,
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireAccess,
} from "@server/security/admin-access";
import {
  changePassword,
  confirmTwoFactor,
  endOwnSessions,
  loadAccount,
  regenerateRecoveryCodes,
  startTwoFactor,
  turnOffTwoFactor,
} from "@server/staff/account";
import { listPasskeys, removePasskey, sessionHasPasskey } from "@server/staff/passkeys";
import { twoFactorRequired } from "@server/staff/settings";
import { useEffect, useRef, useState } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { formatDateTime } from "~/components/admin/format";
import { addPasskey, useWebAuthnSupport } from "~/components/admin/passkeys";
import { buttonClass } from "~/components/admin/ui";
import { FormFields, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ACCOUNT_MESSAGES, describeBrowser, PASSKEY_MESSAGES } from "~/entities/staff/view";
import { failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import type { Route } from "./+types/account";

/**
 * /admin/account (every staff member, issue #29 item 4): "Your account". Change password, turn
 * two-factor on (QR code, setup key, a code, then 10 recovery codes shown once) or off, and the
 * person's sessions. Every form is a plain post to this route, then post/redirect/get with a
 * toast; the recovery codes are the one answer rendered in place (they are never shown again).
 */

export const meta: Route.MetaFunction = () => adminMeta("Your account");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const view = await loadAccount(runtime, staff);
  const required =
    !staff.twoFactor &&
    (await twoFactorRequired(runtime.database.db)) &&
    !(await sessionHasPasskey(runtime, staff.sessionId));
  return { ...view, required, passkeys: await listPasskeys(runtime, staff.id) };
}

interface Answer {
  form: "password" | "two-factor";
  fieldErrors: FieldErrors;
  recoveryCodes?: string[];
  /** The codes are new ones replacing the old (not the first ones of turning it on). */
  regenerated?: boolean;
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PASSKEY_ID = SESSION_ID;

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const actor = currentActor(args.context);
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const fields = read.form?.fields;
  if (!fields) {
    return redirectWithFlash(args.context, ACCOUNT_PATH, failure(ACCOUNT_MESSAGES.twoFactorFailed));
  }
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = fields.get("intent");

  if (intent === "password") {
    const result = await changePassword(runtime, actor, staff, {
      currentPassword: text("currentPassword"),
      newPassword: text("newPassword"),
    });
    if (!result.ok) {
      return data<Answer>(
        { form: "password", fieldErrors: { [result.field]: [result.message] } },
        { status: result.status },
      );
    }
    return redirectWithFlash(args.context, ACCOUNT_PATH, success(ACCOUNT_MESSAGES.passwordChanged));
  }

  if (intent === "end-session" || intent === "end-others") {
    const id = intent === "end-session" ? text("id") : null;
    if (id !== null && !SESSION_ID.test(id)) {
      return redirectWithFlash(
        args.context,
        ACCOUNT_PATH,
        failure(ACCOUNT_MESSAGES.sessionMissing),
      );
    }
    const ended = await endOwnSessions(runtime, actor, staff, id);
    const message =
      id === null
        ? success(ACCOUNT_MESSAGES.othersEnded)
        : ended > 0
          ? success(ACCOUNT_MESSAGES.sessionEnded)
          : failure(ACCOUNT_MESSAGES.sessionMissing);
    return redirectWithFlash(args.context, ACCOUNT_PATH, message);
  }

  if (intent === "two-factor-start" || intent === "two-factor-off") {
    const step =
      intent === "two-factor-start"
        ? await startTwoFactor(runtime, actor, staff, args.request, text("password"))
        : await turnOffTwoFactor(runtime, actor, staff, args.request, {
            password: text("password"),
            code: text("code"),
          });
    if (!step.ok) {
      return data<Answer>(
        { form: "two-factor", fieldErrors: { [step.field]: [step.message] } },
        { status: step.status },
      );
    }
    const response = await redirectWithFlash(
      args.context,
      `${ACCOUNT_PATH}#two-factor`,
      success(intent === "two-factor-off" ? ACCOUNT_MESSAGES.twoFactorOff : "Scan the QR code"),
    );
    for (const cookie of step.cookies) response.headers.append("Set-Cookie", cookie);
    return response;
  }

  if (intent === "passkey-remove") {
    const id = text("id");
    const removed = PASSKEY_ID.test(id) && (await removePasskey(runtime, actor, staff, id));
    return redirectWithFlash(
      args.context,
      `${ACCOUNT_PATH}#passkeys`,
      removed ? success(PASSKEY_MESSAGES.removed) : failure(PASSKEY_MESSAGES.missing),
    );
  }

  if (intent === "recovery-codes") {
    const step = await regenerateRecoveryCodes(
      runtime,
      actor,
      staff,
      args.request,
      text("recoveryPassword"),
    );
    if (!step.ok) {
      return data<Answer>(
        { form: "two-factor", fieldErrors: { recoveryPassword: [step.message] } },
        { status: step.status },
      );
    }
    const headers = new Headers(ADMIN_RESPONSE_HEADERS);
    for (const cookie of step.cookies) headers.append("Set-Cookie", cookie);
    return data<Answer>(
      {
        form: "two-factor",
        fieldErrors: {},
        recoveryCodes: step.recoveryCodes ?? [],
        regenerated: true,
      },
      { headers },
    );
  }

  if (intent === "two-factor-verify") {
    const step = await confirmTwoFactor(
      runtime,
      actor,
      staff,
      args.request,
      text("code").replace(/\s+/g, ""),
    );
    if (!step.ok) {
      return data<Answer>(
        { form: "two-factor", fieldErrors: { code: [step.message] } },
        { status: step.status },
      );
    }
    // Rendered in place, this once: the new session's cookie rides with the answer.
    const headers = new Headers(ADMIN_RESPONSE_HEADERS);
    for (const cookie of step.cookies) headers.append("Set-Cookie", cookie);
    return data<Answer>(
      { form: "two-factor", fieldErrors: {}, recoveryCodes: step.recoveryCodes ?? [] },
      { headers },
    );
  }

  return redirectWithFlash(args.context, ACCOUNT_PATH, failure(ACCOUNT_MESSAGES.twoFactorFailed));
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as Answer | undefined;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Your account"
        lead="Your password, your second factor and where you are signed in."
      />
      {loaderData.required ? (
        <p
          role="alert"
          className="mb-6 max-w-3xl rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm"
        >
          {ACCOUNT_MESSAGES.required}
        </p>
      ) : null}
      <div className="grid max-w-3xl gap-8">
        <TwoFactorSection
          state={loaderData.twoFactor}
          setup={loaderData.setup}
          codesLeft={loaderData.recoveryCodesLeft}
          answer={answer?.form === "two-factor" ? answer : undefined}
        />
        <PasskeysSection passkeys={loaderData.passkeys} />
        <PasswordSection answer={answer?.form === "password" ? answer : undefined} />
        <SessionsSection sessions={loaderData.sessions} />
      </div>
    </>
  );
}

function Section({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  /** Set when the page moves focus to this section's heading. */
  headingRef?: React.Ref<HTMLHeadingElement>;
  children: React.ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="mb-3 font-display text-lg font-bold"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** One of the page's small forms: its intent, its fields (the form kit), one button. */
function IntentForm({
  intent,
  answer,
  button,
  busyLabel,
  variant,
  children,
}: {
  intent: string;
  answer: Answer | undefined;
  button: string;
  /** The button's words while this form is being sent. */
  busyLabel?: string;
  variant: "primary" | "secondary" | "danger";
  children: React.ReactNode;
}) {
  const submitting = useSubmitting(intent);
  return (
    <Form method="post" noValidate className="grid gap-4 sm:max-w-sm">
      <input type="hidden" name="intent" value={intent} />
      <FormFields look="admin" errors={answer?.fieldErrors}>
        {children}
      </FormFields>
      <button type="submit" disabled={submitting} className={`${buttonClass[variant]} w-fit`}>
        {submitting && busyLabel ? busyLabel : button}
      </button>
    </Form>
  );
}

function PasswordSection({ answer }: { answer: Answer | undefined }) {
  return (
    <Section id="password" title="Change password">
      <IntentForm
        intent="password"
        answer={answer}
        button="Change password"
        busyLabel="Saving…"
        variant="primary"
      >
        <TextField
          id="current-password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <TextField
          id="new-password"
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint="12 to 128 characters, and not a common password. Your other sessions end."
        />
      </IntentForm>
    </Section>
  );
}

function TwoFactorSection({
  state,
  setup,
  codesLeft,
  answer,
}: {
  state: "on" | "off" | "pending";
  setup: { qrSvg: string; setupKey: string } | null;
  codesLeft: number | null;
  answer: Answer | undefined;
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
        <div className="grid gap-3">
          <p role="status" className="font-medium">
            {answer?.regenerated
              ? ACCOUNT_MESSAGES.recoveryCodesRegenerated
              : ACCOUNT_MESSAGES.twoFactorOn}
          </p>
          <h3 className="font-display font-bold">Recovery codes</h3>
          <p className="text-sm text-ink-muted">
            Keep these somewhere safe now: each signs you in once without your authenticator app,
            and they will not be shown again.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm">
            {codes.map((code) => (
              <li key={code} className="rounded-md border border-line px-3 py-2">
                {code}
              </li>
            ))}
          </ul>
          <RecoveryCodeActions codes={codes} />
        </div>
      ) : state === "on" ? (
        <>
          <p className="mb-4">{ACCOUNT_MESSAGES.twoFactorOn}</p>
          <p className="mb-4 text-sm text-ink-muted">
            Turning it off asks for your password and a code from your authenticator app (or a
            recovery code).
          </p>
          <IntentForm
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
          </IntentForm>
          <h3 className="mt-6 font-display font-bold">Recovery codes</h3>
          {codesLeft !== null ? (
            <p className="mb-2 font-medium" data-testid="recovery-codes-left">
              {recoveryCodesLeftText(codesLeft)}
            </p>
          ) : null}
          <p className="mb-4 text-sm text-ink-muted">
            Lost them, or used most? New codes replace the old ones, which stop working.
          </p>
          <IntentForm
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
          </IntentForm>
        </>
      ) : state === "pending" && setup ? (
        <div className="grid gap-4">
          <p className="text-sm text-ink-muted">
            Scan the QR code with your authenticator app, or type the setup key into it, then enter
            the 6-digit code it shows.
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
          <IntentForm intent="two-factor-verify" answer={answer} button="Verify" variant="primary">
            <TextField
              id="two-factor-code"
              name="code"
              label="Code"
              autoComplete="one-time-code"
              inputMode="numeric"
              spellCheck={false}
            />
          </IntentForm>
        </div>
      ) : (
        <>
          <p className="mb-4 text-sm text-ink-muted">
            Off. With it on, signing in asks for a code from an authenticator app after your
            password. Confirm your password to begin.
          </p>
          <IntentForm
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
          </IntentForm>
        </>
      )}
    </Section>
  );
}

/** "7 recovery codes left" (issue #47 item 21). */
function recoveryCodesLeftText(count: number): string {
  if (count === 0) return "No recovery codes left: make new ones.";
  return `${count} recovery code${count === 1 ? "" : "s"} left.`;
}

/** The codes as a text file: one a line, under a line saying what they are. */
function recoveryCodesFile(codes: string[]): string {
  return `Recovery codes for the studio's back-office. Each signs you in once.\n\n${codes.join("\n")}\n`;
}

/**
 * "Download" (a text file: a data link, so it works without JavaScript) and "Copy" (the clipboard,
 * with JavaScript only: shown once the page is hydrated).
 */
function RecoveryCodeActions({ codes }: { codes: string[] }) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  useEffect(() => setHydrated(true), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <a
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(codes))}`}
        download="recovery-codes.txt"
        className={`${buttonClass.secondary} w-fit`}
      >
        Download as a text file
      </a>
      {hydrated ? (
        <button type="button" onClick={copy} className={`${buttonClass.secondary} w-fit`}>
          Copy the codes
        </button>
      ) : null}
      <p role="status" className="text-sm text-ink-muted">
        {copied === "copied"
          ? "Copied."
          : copied === "failed"
            ? "They could not be copied: select them, or download them."
            : ""}
      </p>
    </div>
  );
}

function SessionsSection({
  sessions,
}: {
  sessions: {
    id: string;
    userAgent: string | null;
    ip: string | null;
    lastSeenAt: Date | string;
    current: boolean;
  }[];
}) {
  const others = sessions.some((row) => !row.current);
  return (
    <Section id="sessions" title="Sessions">
      <ul className="divide-y divide-line">
        {sessions.map((row) => (
          <li key={row.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="min-w-0">
              <p className="font-medium">
                {describeBrowser(row.userAgent)}
                {row.current ? (
                  <span className="ml-2 text-sm text-accent">This session</span>
                ) : null}
              </p>
              <p className="text-sm text-ink-muted">
                IP {row.ip ?? "unknown"} · last seen {formatDateTime(row.lastSeenAt)}
              </p>
            </div>
            {row.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="id" value={row.id} />
                <button
                  type="submit"
                  className={buttonClass.secondary}
                  aria-label={`End session: ${describeBrowser(row.userAgent)}, IP ${row.ip ?? "unknown"}`}
                >
                  End
                </button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-others" />
          <button type="submit" className={buttonClass.danger}>
            Sign out everywhere else
          </button>
        </Form>
      ) : null}
    </Section>
  );
}

function PasskeysSection({
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
              <Form method="post">
                <input type="hidden" name="intent" value="passkey-remove" />
                <input type="hidden" name="id" value={row.id} />
                <button
                  type="submit"
                  className={buttonClass.secondary}
                  aria-label={`Remove passkey: ${row.name}`}
                >
                  Remove
                </button>
              </Form>
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
        <button
          type="button"
          onClick={add}
          disabled={busy}
          className={`${buttonClass.primary} w-fit`}
        >
          {busy ? "Waiting for your passkey…" : "Add a passkey"}
        </button>
      ) : (
        <p className="text-sm text-ink-muted">{PASSKEY_MESSAGES.unsupported}</p>
      )}
    </Section>
  );
}
