import type { ReactNode } from "react";
import { AlertCircle } from "./icons";

/**
 * The one error panel (SPEC section 8): a title, a message and optional actions. The look follows
 * where it stands: `page` is all a public error page shows (status number, large heading),
 * `card` sits inside a public page, `admin` is the back-office's dense panel.
 */
export type ErrorPanelVariant = "page" | "card" | "admin";

const LOOK: Record<
  ErrorPanelVariant,
  { panel: string; title: string; message: string; actions: string }
> = {
  page: {
    panel: "max-w-2xl",
    title: "mt-4 font-display text-4xl font-semibold tracking-tight md:text-5xl",
    message: "mt-4 text-lg text-ink-muted",
    actions: "mt-8 flex flex-wrap gap-3",
  },
  card: {
    panel:
      "flex flex-col items-start gap-4 rounded-card border border-danger/40 bg-danger/5 p-6 sm:flex-row sm:p-8",
    title: "font-display text-xl font-semibold",
    message: "mt-2 text-ink-muted",
    actions: "mt-5",
  },
  admin: {
    panel: "rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm",
    title: "font-semibold",
    message: "text-ink-muted",
    actions: "mt-3",
  },
};

export function ErrorPanel({
  title,
  message,
  status,
  headingLevel = 2,
  variant = "card",
  children,
}: {
  title: string;
  message: string;
  /** The HTTP status, shown large above the title (`page`). */
  status?: number;
  /** 1 when the panel is all the page shows. */
  headingLevel?: 1 | 2 | 3;
  variant?: ErrorPanelVariant;
  children?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const look = LOOK[variant];
  return (
    <div role="alert" className={look.panel}>
      {variant === "card" ? <AlertCircle className="size-6 shrink-0 text-danger" /> : null}
      <div className="flex-1">
        {status ? (
          <p className="font-display text-7xl font-semibold tracking-tightest text-accent">
            {status}
          </p>
        ) : null}
        <Heading className={look.title}>{title}</Heading>
        <p className={look.message}>{message}</p>
        {children ? <div className={look.actions}>{children}</div> : null}
      </div>
    </div>
  );
}
