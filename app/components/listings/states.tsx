import type { ReactNode } from "react";

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-card border border-dashed border-line px-6 py-16 text-center">
      <p className="font-display text-xl font-semibold">{title}</p>
      {children ? <div className="mt-3 text-ink-muted">{children}</div> : null}
    </div>
  );
}

/**
 * Placeholders while a list loads in the browser (3 by default; the blog shows 6). Announced
 * once as busy; the cards themselves are hidden from assistive technology.
 */
export function SkeletonGrid({ count = 3, label }: { count?: number; label: string }) {
  return (
    <div aria-busy="true" aria-live="polite">
      <p className="sr-only">{label}</p>
      <div
        data-testid="skeletons"
        aria-hidden="true"
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {Array.from({ length: count }, (_, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
            key={index}
            data-testid="skeleton-card"
            className="card overflow-hidden"
          >
            <div className="aspect-[16/9] animate-pulse bg-surface-raised" />
            <div className="space-y-3 p-6">
              <div className="h-3 w-1/3 animate-pulse rounded bg-surface-raised" />
              <div className="h-5 w-4/5 animate-pulse rounded bg-surface-raised" />
              <div className="h-3 w-full animate-pulse rounded bg-surface-raised" />
              <div className="h-3 w-2/3 animate-pulse rounded bg-surface-raised" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
