import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
} from "@simplewebauthn/browser";
import { type ReactNode, useEffect, useState } from "react";
import { type CeremonyReply, PASSKEY_MESSAGES } from "~/entities/staff/view";
import { buttonClass } from "./ui";

/**
 * The browser half of passkeys (decision 0304): WebAuthn is a browser API, so these buttons need
 * JavaScript. Each ceremony asks our route for the options, hands them to the authenticator
 * (@simplewebauthn/browser), and posts its answer back; the server (better-auth's passkey plugin)
 * checks everything.
 */

/** Whether this browser can use passkeys: null until the page runs its scripts (and without JS). */
export function useWebAuthnSupport(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

async function post(
  url: string,
  fields: Record<string, string>,
): Promise<CeremonyReply & { status: number }> {
  try {
    const response = await fetch(url, {
      method: "POST",
      body: new URLSearchParams(fields),
      credentials: "same-origin",
    });
    const body = (await response.json().catch(() => ({}))) as CeremonyReply;
    return { ...body, status: response.status };
  } catch {
    return { status: 0 };
  }
}

export type CeremonyResult =
  | { ok: true; redirectTo?: string }
  | { ok: false; error: string; confirm?: string };

/** A closed prompt, a timeout or a refused authenticator: the browser's NotAllowedError and kin. */
function cancelled(error: unknown): boolean {
  return (
    error instanceof Error && /NotAllowed|Abort|cancel/i.test(`${error.name} ${error.message}`)
  );
}

export const PASSKEY_REGISTER_PATH = "/admin/account/passkeys";
export const PASSKEY_SIGN_IN_PATH = "/admin/login/passkey";
export const PASSKEY_CONFIRM_PATH = "/admin/confirm/passkey";

/** "Add a passkey": creation options, the authenticator, then the server's check. */
export async function addPasskey(): Promise<CeremonyResult> {
  const begun = await post(PASSKEY_REGISTER_PATH, { step: "options" });
  if (!begun.options) {
    return { ok: false, error: begun.error ?? PASSKEY_MESSAGES.addFailed, confirm: begun.confirm };
  }
  let answer: unknown;
  try {
    answer = await startRegistration({ optionsJSON: begun.options as never });
  } catch (error) {
    return {
      ok: false,
      error: cancelled(error) ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.addFailed,
    };
  }
  const done = await post(PASSKEY_REGISTER_PATH, {
    step: "verify",
    response: JSON.stringify(answer),
  });
  return done.ok ? { ok: true } : { ok: false, error: done.error ?? PASSKEY_MESSAGES.addFailed };
}

/** "Sign in with a passkey": request options, the authenticator, then the session. */
export function signInWithPasskey(redirectTo: string): Promise<CeremonyResult> {
  return authenticate(PASSKEY_SIGN_IN_PATH, redirectTo);
}

/** "Confirm with a passkey" (the step-up): the same ceremony for the signed-in person. */
export function confirmWithPasskey(redirectTo: string): Promise<CeremonyResult> {
  return authenticate(PASSKEY_CONFIRM_PATH, redirectTo);
}

async function authenticate(path: string, redirectTo: string): Promise<CeremonyResult> {
  const begun = await post(path, { step: "options" });
  if (!begun.options) return { ok: false, error: begun.error ?? PASSKEY_MESSAGES.signInFailed };
  let answer: unknown;
  try {
    answer = await startAuthentication({ optionsJSON: begun.options as never });
  } catch (error) {
    return {
      ok: false,
      error: cancelled(error) ? PASSKEY_MESSAGES.cancelled : PASSKEY_MESSAGES.signInFailed,
    };
  }
  const done = await post(path, {
    step: "verify",
    response: JSON.stringify(answer),
    redirectTo,
  });
  return done.redirectTo
    ? { ok: true, redirectTo: done.redirectTo }
    : { ok: false, error: done.error ?? PASSKEY_MESSAGES.signInFailed };
}

/** A button that starts a ceremony: it waits, disabled, while the authenticator is asked. */
export function PasskeyButton({
  onClick,
  busy,
  variant,
  children,
}: {
  onClick: () => void;
  busy: boolean;
  variant: "primary" | "secondary";
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      className={`${buttonClass[variant]} w-fit`}
    >
      {busy ? "Waiting for your passkey…" : children}
    </button>
  );
}

/**
 * A sign-in or step-up ceremony behind a button: `busy` while it runs, `error` when it fails, and
 * on success the page goes where the server said.
 */
export function usePasskeyRedirect(ceremony: () => Promise<CeremonyResult>) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = async () => {
    setBusy(true);
    setError(null);
    const result = await ceremony();
    if (result.ok && result.redirectTo) {
      window.location.assign(result.redirectTo);
      return;
    }
    setBusy(false);
    if (!result.ok) setError(result.error);
  };
  return { busy, error, start };
}
