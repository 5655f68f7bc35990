import type { ComponentProps, ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";

/** Page rhythm: one container width, one section spacing, one heading style. */

/** The page width, as classes for elements other than a div. */
export const container = "mx-auto w-full max-w-7xl px-5 sm:px-8";

export function Container({ className, ...props }: ComponentProps<"div">) {
  return <div className={cn(container, className)} {...props} />;
}

/**
 * A band of the page with the one section spacing. A section has a heading; a band that only
 * groups regions with their own headings is `as="div"` (the Nu HTML Checker flags a headless
 * section).
 */
export function Section({
  className,
  as: Tag = "section",
  ...props
}: Omit<ComponentProps<"section">, "ref"> & { as?: "section" | "div" }) {
  return <Tag className={cn("py-20 md:py-28", className)} {...props} />;
}

export function Eyebrow({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={cn("eyebrow", className)}>{children}</p>;
}

/**
 * The one section heading. `compact` is the smaller heading inside the content pages (blog,
 * case studies), above a list or a block rather than opening a whole section.
 */
export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  className,
  as: Tag = "h2",
  compact = false,
}: {
  eyebrow?: string;
  title: ReactNode;
  intro?: ReactNode;
  id?: string;
  className?: string;
  as?: "h1" | "h2";
  compact?: boolean;
}) {
  if (compact) {
    return (
      <div className={cn("mb-8", className)}>
        {eyebrow ? (
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-ink-faint">
            {eyebrow}
          </p>
        ) : null}
        <Tag id={id} className="mt-2 font-display text-3xl font-bold tracking-tight sm:text-4xl">
          {title}
        </Tag>
      </div>
    );
  }
  return (
    <div className={cn("max-w-3xl", className)}>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <Tag
        id={id}
        className={
          Tag === "h1" ? "mt-5 font-display text-display font-semibold" : "heading-section mt-5"
        }
      >
        {title}
      </Tag>
      {intro ? <p className="lede mt-6">{intro}</p> : null}
    </div>
  );
}

/** A section heading (from its copy) with a link to the whole list beside it (beneath on phones). */
export function SectionHeadingWithLink({
  id,
  copy,
  to,
  linkText,
}: {
  id: string;
  copy: { eyebrow?: string; heading: string; intro?: string };
  to: string;
  linkText: ReactNode;
}) {
  return (
    <div className="flex flex-col justify-between gap-8 md:flex-row md:items-end">
      <SectionHeading id={id} eyebrow={copy.eyebrow} title={copy.heading} intro={copy.intro} />
      <ButtonLink to={to} variant="secondary" className="self-start md:self-end">
        {linkText}
      </ButtonLink>
    </div>
  );
}
