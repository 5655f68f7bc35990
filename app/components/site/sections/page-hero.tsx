import type { ReactNode } from "react";
import { Container, Eyebrow } from "~/components/ui/layout";
import { cn } from "~/lib/cn";

/** The opening of an inner page: eyebrow, a large h1, an intro and actions, over a soft glow. */
export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  className,
}: {
  eyebrow: string;
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("stage relative overflow-hidden", className)}>
      <Glow />
      <div aria-hidden="true" className="fade-bottom" />
      <Container className="relative pt-20 pb-16 md:pt-32 md:pb-24">
        <Eyebrow>{eyebrow}</Eyebrow>
        <h1 className="mt-6 max-w-5xl font-display text-display font-semibold">{title}</h1>
        {intro ? (
          <p className="mt-8 max-w-2xl text-lg leading-relaxed text-ink-muted md:text-xl">
            {intro}
          </p>
        ) : null}
        {children ? <div className="mt-10 flex flex-wrap gap-3">{children}</div> : null}
      </Container>
    </section>
  );
}

/** A warm light source bleeding in from the top right, like a practical just out of frame. */
export function Glow({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        "pointer-events-none absolute -top-1/3 right-[-20%] -z-10 aspect-square w-[70rem] max-w-[160vw] rounded-full opacity-60",
        "bg-[radial-gradient(closest-side,rgba(255,90,31,0.32),rgba(255,90,31,0.08)_55%,transparent)]",
        className,
      )}
    />
  );
}
