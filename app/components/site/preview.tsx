import { container } from "~/components/listings/ui";
import { PREVIEW_COPY } from "~/copy/preview";

/** The strip on top of a draft's preview (issue #31): it says "Preview" on screen. */
export function PreviewBanner() {
  return (
    <aside
      aria-label={PREVIEW_COPY.label}
      className="fixed inset-x-0 bottom-0 z-50 border-t border-accent bg-accent px-4 py-3 text-center text-sm font-semibold text-accent-ink"
    >
      <strong className="uppercase tracking-[0.2em]">{PREVIEW_COPY.label}</strong>
      <span className="ml-3 font-normal">{PREVIEW_COPY.note}</span>
    </aside>
  );
}

/** An expired preview link (a 410). */
export function PreviewExpired() {
  return (
    <main id="main" className={`${container} flex min-h-[70dvh] flex-col justify-center py-32`}>
      <h1 className="font-display text-4xl font-bold tracking-tightest">
        {PREVIEW_COPY.expiredTitle}
      </h1>
      <p className="mt-4 text-lg text-ink-muted">{PREVIEW_COPY.expiredBody}</p>
    </main>
  );
}
