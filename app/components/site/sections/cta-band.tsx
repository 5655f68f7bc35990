import type { ReactNode } from "react";
import { Container } from "~/components/ui/layout";
import { Glow } from "./page-hero";

/** The closing call to action of a page. */
export function CtaBand({
  heading,
  body,
  children,
}: {
  heading: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <section className="px-3 pb-3 md:px-6 md:pb-6" aria-labelledby="cta-heading">
      <div className="stage relative isolate overflow-hidden rounded-[2rem] border border-line bg-surface">
        <Glow className="-top-1/2 right-[-30%] opacity-80" />
        <Container className="py-20 md:py-28">
          <h2
            id="cta-heading"
            className="max-w-4xl font-display text-5xl font-semibold leading-[0.98] tracking-tightest md:text-7xl"
          >
            {heading}
          </h2>
          <p className="mt-6 max-w-xl text-lg text-ink-muted">{body}</p>
          <div className="mt-10 flex flex-wrap gap-3">{children}</div>
        </Container>
      </div>
    </section>
  );
}
