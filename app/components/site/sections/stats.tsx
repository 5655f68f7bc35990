import { cn } from "~/lib/cn";

export interface StatItem {
  value: string;
  label: string;
  detail?: string;
}

/** Big numbers in a row, hairlines between them. */
export function Stats({ items, className }: { items: readonly StatItem[]; className?: string }) {
  return (
    <dl
      className={cn(
        "grid divide-y divide-line border-y border-line sm:grid-cols-3 sm:divide-x sm:divide-y-0",
        className,
      )}
    >
      {items.map((item) => (
        <div key={item.label} className="flex flex-col gap-2 py-8 sm:px-8 sm:first:pl-0">
          <dt className="order-2 text-sm font-medium uppercase tracking-[0.18em] text-ink-muted">
            {item.label}
            {item.detail ? (
              <span className="mt-1 block text-sm font-normal normal-case tracking-normal text-ink-faint">
                {item.detail}
              </span>
            ) : null}
          </dt>
          <dd className="order-1 font-display text-6xl font-semibold tracking-tightest text-ink md:text-7xl">
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
