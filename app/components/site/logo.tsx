/** The wordmark: a beam of light through a ring, then the studio's name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className}>
      <span className="flex items-center gap-2.5">
        <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
          <circle cx="16" cy="16" r="15" fill="none" stroke="currentColor" strokeOpacity=".35" />
          <path d="M16 3 L19 16 L16 29 L13 16 Z" fill="var(--color-accent)" />
          <circle cx="16" cy="16" r="2.6" fill="currentColor" />
        </svg>
        <span className="font-display text-lg font-semibold tracking-[-0.03em]">
          Northlight<span className="sr-only"> Studio</span>
        </span>
      </span>
    </span>
  );
}
