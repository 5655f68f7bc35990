import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/admin/ui";
import { studio } from "~/copy/studio";
import { LOGIN_PATH } from "~/entities/staff/access";

/**
 * The frame of the back-office pages for people not signed in: sign-in, the unlock link, a
 * forgotten password, choosing a password. The studio's name, then one card with the page's
 * heading.
 */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-canvas px-4 py-12 text-ink">
      <div className="w-full max-w-sm">
        <p className="text-center font-display text-lg font-bold tracking-tight">
          {studio.name}
          <span className="ml-2 align-middle text-xs font-medium tracking-normal text-accent uppercase">
            Admin
          </span>
        </p>
        <div className="mt-6 rounded-xl border border-line bg-surface p-6 shadow-xl sm:p-8">
          <h1 className="font-display text-2xl font-bold tracking-tight">{title}</h1>
          {lead ? <p className="mt-1 text-sm text-ink-muted">{lead}</p> : null}
          {children}
        </div>
      </div>
    </main>
  );
}

/** A failure the page states in the card (an invalid link), announced when it appears. */
export function AuthAlert({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="mt-5 rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm"
    >
      {children}
    </p>
  );
}

/** The card's submit button: full width, and saying what it does while the form is sent. */
export function AuthSubmit({ label, pendingLabel }: { label: string; pendingLabel: string }) {
  const submitting = useNavigation().state === "submitting";
  return (
    <button
      type="submit"
      disabled={submitting}
      className={`${buttonClass.primary} w-full py-2.5 text-base`}
    >
      {submitting ? pendingLabel : label}
    </button>
  );
}

/** The way back from a step of signing in. */
export function BackToSignIn() {
  return (
    <p className="mt-4 text-center text-sm">
      <Link to={LOGIN_PATH} className="text-accent underline underline-offset-4">
        Back to sign in
      </Link>
    </p>
  );
}
