import type { ReactNode } from "react";
import { buttonClasses } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";

/** Small building blocks of the back-office look: dense, dark, the site's tokens. */

/** The kit's buttons (app/components/ui/button.tsx) in the back-office's dense size. */
export const buttonClass = {
  primary: buttonClasses({ variant: "primary", size: "dense" }),
  secondary: buttonClasses({ variant: "secondary", size: "dense" }),
  danger: buttonClasses({ variant: "danger", size: "dense" }),
  ghost: buttonClasses({ variant: "ghost", size: "dense" }),
} as const;

/** The dense control of the form kit's admin look (filters, status selects). */
export { denseFieldClass as fieldClass } from "~/components/forms/fields";

/**
 * A table wider than a phone: it scrolls sideways inside its own region, which the keyboard can
 * reach to scroll it (axe: scrollable-region-focusable), named by the table's caption.
 * `relative`: the screen-reader-only text in the cells is positioned, and must scroll with the
 * table rather than widen the page.
 */
export function TableRegion({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a section wants a heading (the Nu checker warns); the caption names this region
    <div
      role="region"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus
      tabIndex={0}
      className="relative overflow-x-auto rounded-lg border border-line bg-surface"
    >
      {children}
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-line px-6 py-12 text-center text-ink-muted">
      {children}
    </p>
  );
}

/** A list that could not be loaded: the one error panel in the back-office's look. */
export function LoadError({ message }: { message: string }) {
  return (
    <ErrorPanel
      variant="admin"
      title="Error"
      message={`${message}. Reload the page to try again.`}
    />
  );
}

/** A status word; published content stands apart in the accent colour (SPEC section 4). */
export function StatusBadge({ status }: { status: string }) {
  const published = status === "published";
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium capitalize ${
        published
          ? "bg-success/15 text-success ring-1 ring-success/40"
          : "bg-surface-raised text-ink-muted ring-1 ring-line"
      }`}
    >
      {status}
    </span>
  );
}

export function Flag({ on, children }: { on: boolean; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${
        on
          ? "bg-accent/15 text-accent-strong ring-1 ring-accent/40"
          : "text-ink-faint ring-1 ring-line"
      }`}
    >
      {children}
    </span>
  );
}

/** A bordered list of rows, each a card on phones and a dense row on wide screens. */
export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-line overflow-hidden rounded-lg border border-line bg-surface"
    >
      {children}
    </ul>
  );
}

/** A small labelled control of a filter bar or an inline form; `className` sizes it in its row. */
export function DenseField({
  id,
  label,
  className = "",
  children,
}: {
  id: string;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-xs font-medium text-ink-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A table's column headings, one per label, each in the same look. */
export function ColumnHeads({
  labels,
  className,
}: {
  labels: readonly string[];
  className?: string;
}) {
  return labels.map((label) => (
    <th key={label} scope="col" className={className}>
      {label}
    </th>
  ));
}
