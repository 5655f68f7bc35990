import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { container } from "~/components/ui/layout";

/**
 * Building blocks only the content pages use (tag, closing call to action, path icon, reading
 * widths). What the site and the back-office share (button, page header, section heading, error
 * panel, lightbox) is the one kit in app/components/ui (decision 0190). Texts come from the
 * page's loader data (decision 0011), never from an import here.
 */

export { container };

/** Reading width (post bodies). */
export const containerNarrow = "mx-auto w-full max-w-3xl px-5 sm:px-8";
/** Post headers. */
export const containerMedium = "mx-auto w-full max-w-4xl px-5 sm:px-8";
/** Post images. */
export const containerWide = "mx-auto w-full max-w-6xl px-5 sm:px-8";

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
            <ButtonLink
              key={action.to}
              to={action.to}
              variant={action.primary ? "primary" : "secondary"}
            >
              {action.label}
            </ButtonLink>
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
