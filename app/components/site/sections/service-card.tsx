import { Link } from "react-router";
import { ArrowUpRight } from "~/components/ui/icons";
import type { ServiceSummary } from "~/copy/services";

/** A service in the grid: number, name, one line, and the whole card links to the page. */
export function ServiceCard({
  service,
  headingLevel = 3,
}: {
  service: ServiceSummary;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="group relative flex flex-col justify-between gap-10 card p-7 transition-colors duration-300 hover:border-line-strong hover:bg-surface-raised md:p-8">
      <div className="flex items-start justify-between">
        <span className="font-display text-sm font-medium text-ink-faint">{service.index}</span>
        <ArrowUpRight
          aria-hidden="true"
          className="size-6 text-ink-faint transition-[color,transform] duration-300 ease-out-expo group-hover:-translate-y-0.5 group-hover:translate-x-0.5 group-hover:text-accent"
        />
      </div>
      <div>
        <Heading className="font-display text-2xl font-semibold tracking-tight md:text-3xl">
          <Link
            to={service.path}
            prefetch="intent"
            className="after:absolute after:inset-0 after:rounded-card"
          >
            {service.name}
          </Link>
        </Heading>
        <p className="mt-3 text-ink-muted">{service.summary}</p>
      </div>
    </li>
  );
}
