import { CircleAlert, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { DEFAULT_ERROR } from "~/content/content-pages";

/** The error panel of a list (SPEC section 8): a title, a message and an optional action. */
export function ErrorPanel({
  title = DEFAULT_ERROR.title,
  message = DEFAULT_ERROR.message,
  headingLevel = 2,
  children,
}: {
  title?: string;
  message?: string;
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
      <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-danger" />
      <div className="flex-1">
        <Heading className="font-display text-xl font-semibold">{title}</Heading>
        <p className="mt-2 text-ink-muted">{message}</p>
        {children ? <div className="mt-5">{children}</div> : null}
      </div>
    </div>
  );
}

/** 'Try Again': a link that reloads the page without JavaScript, a revalidation with it. */
export function TryAgain({ href, onRetry }: { href: string; onRetry?: () => void }) {
  return (
    <a
      href={href}
      onClick={(event) => {
        if (!onRetry) return;
        event.preventDefault();
        onRetry();
      }}
      className="inline-flex items-center gap-2 rounded-full border border-line px-5 py-2.5 text-sm font-semibold transition-colors hover:border-ink"
    >
      <RefreshCw aria-hidden="true" className="size-4" />
      Try Again
    </a>
  );
}

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
            className="overflow-hidden rounded-card border border-line bg-surface"
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
