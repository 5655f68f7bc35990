import type { ReactNode } from "react";
import { container } from "./layout";

/**
 * The one page header: the page's h1 with an optional eyebrow, lead and actions. `site` is the
 * public pages' large opening; `admin` is the back-office's dense row with actions beside it.
 */
export type PageHeaderVariant = "site" | "admin";

const LOOK: Record<PageHeaderVariant, { header: string; title: string; lead: string }> = {
  site: {
    header: `${container} pt-28 pb-12 sm:pt-36 sm:pb-16`,
    title:
      "mt-5 max-w-4xl font-display text-5xl font-bold leading-[0.95] tracking-tightest sm:text-7xl",
    lead: "mt-6 max-w-2xl text-lg leading-relaxed text-ink-muted sm:text-xl",
  },
  admin: {
    header: "mb-6 flex flex-wrap items-end justify-between gap-4",
    title: "font-display text-2xl font-bold tracking-tight sm:text-3xl",
    lead: "mt-1 text-sm text-ink-muted",
  },
};

export function PageHeader({
  title,
  eyebrow,
  lead,
  actions,
  children,
  variant = "site",
}: {
  title: ReactNode;
  eyebrow?: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  variant?: PageHeaderVariant;
}) {
  const look = LOOK[variant];
  return (
    <header className={look.header}>
      <div>
        {eyebrow ? (
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-accent">{eyebrow}</p>
        ) : null}
        <h1 className={look.title}>{title}</h1>
        {lead ? <p className={look.lead}>{lead}</p> : null}
        {children}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}
