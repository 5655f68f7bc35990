import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * Small building blocks of the content pages (the shared design-system primitives of
 * app/components/ui belong to the public frame; these stay local so the pages can ship alone).
 * Texts come from the page's loader data (decision 0011), never from an import here.
 */

export const container = "mx-auto w-full max-w-7xl px-5 sm:px-8";
/** Reading width (post bodies). */
export const containerNarrow = "mx-auto w-full max-w-3xl px-5 sm:px-8";
/** Post headers. */
export const containerMedium = "mx-auto w-full max-w-4xl px-5 sm:px-8";
/** Post images. */
export const containerWide = "mx-auto w-full max-w-6xl px-5 sm:px-8";

export const buttonPrimary =
  "inline-flex items-center justify-center gap-2 rounded-full bg-accent px-6 py-3 text-sm font-semibold text-accent-ink transition-colors hover:bg-accent-strong";
export const buttonSecondary =
  "inline-flex items-center justify-center gap-2 rounded-full border border-line px-6 py-3 text-sm font-semibold text-ink transition-colors hover:border-ink";

export function PageHeader({
  eyebrow,
  title,
  lead,
  children,
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className={`${container} pt-28 pb-12 sm:pt-36 sm:pb-16`}>
      <p className="text-xs font-semibold uppercase tracking-[0.28em] text-accent">{eyebrow}</p>
      <h1 className="mt-5 max-w-4xl font-display text-5xl font-bold leading-[0.95] tracking-tightest sm:text-7xl">
        {title}
      </h1>
      {lead ? (
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-muted sm:text-xl">{lead}</p>
      ) : null}
      {children}
    </header>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  children,
}: {
  id?: string;
  eyebrow?: string;
  children: ReactNode;
}) {
  return (
    <div className="mb-8">
      {eyebrow ? (
        <p className="text-xs font-semibold uppercase tracking-[0.28em] text-ink-faint">
          {eyebrow}
        </p>
      ) : null}
      <h2 id={id} className="mt-2 font-display text-3xl font-bold tracking-tight sm:text-4xl">
        {children}
      </h2>
    </div>
  );
}

export function Tag({ children }: { children: ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full border border-line px-3 py-1 text-xs text-ink-muted">
      {children}
    </span>
  );
}

/** The closing call to action of a content page. */
export function ClosingCta({
  title,
  text,
  actions,
}: {
  title: string;
  text: string;
  actions: { to: string; label: string; primary?: boolean }[];
}) {
  return (
    <section aria-labelledby="closing-cta" className={`${container} py-20 sm:py-28`}>
      <div className="relative overflow-hidden rounded-card border border-line bg-surface px-6 py-14 sm:px-14 sm:py-20">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-accent/25 blur-3xl"
        />
        <h2
          id="closing-cta"
          className="relative max-w-2xl font-display text-4xl font-bold tracking-tightest sm:text-5xl"
        >
          {title}
        </h2>
        <p className="relative mt-4 max-w-xl text-lg text-ink-muted">{text}</p>
        <div className="relative mt-8 flex flex-wrap gap-3">
          {actions.map((action) => (
            <Link
              key={action.to}
              to={action.to}
              className={action.primary ? buttonPrimary : buttonSecondary}
            >
              {action.label}
            </Link>
          ))}
        </div>
      </div>
    </section>
  );
}

/**
 * An icon drawn from one SVG path, in Lucide's style (paths from Lucide, ISC licence). The icons
 * the frame also uses come from app/components/ui/icons.tsx; those only a content page needs are
 * written where they are used, so each page carries just its own (decision 0120).
 */
export function PathIcon({ d, className = "size-4" }: { d: string; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={d} />
    </svg>
  );
}

/** Lucide's circle-alert. */
const ALERT_ICON = "M2 12a10 10 0 1 0 20 0 10 10 0 1 0-20 0M12 8v4m0 4h.01";

/** An error panel (SPEC section 8): a title, a message and an optional action. */
export function ErrorPanel({
  title,
  message,
  headingLevel = 2,
  children,
}: {
  title: string;
  message: string;
  /** 1 when the panel is all the page shows. */
  headingLevel?: 1 | 2 | 3;
  children?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-card border border-danger/40 bg-danger/5 p-6 sm:flex-row sm:p-8"
    >
      <PathIcon d={ALERT_ICON} className="size-6 shrink-0 text-danger" />
      <div className="flex-1">
        <Heading className="font-display text-xl font-semibold">{title}</Heading>
        <p className="mt-2 text-ink-muted">{message}</p>
        {children ? <div className="mt-5">{children}</div> : null}
      </div>
    </div>
  );
}
