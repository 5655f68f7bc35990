import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
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

interface ContactCopy {
  heading: string;
  body: string;
  primary: string;
  secondary: string;
}

/** The closing call to action that asks for a brief (/contact), with a second way on. */
export function ContactCtaBand({ cta, secondaryTo }: { cta: ContactCopy; secondaryTo: string }) {
  return (
    <CtaBand heading={cta.heading} body={cta.body}>
      <ContactActions cta={cta} secondaryTo={secondaryTo} />
    </CtaBand>
  );
}

/** The two buttons of a brief: /contact, then `secondaryTo`. */
export function ContactActions({
  cta,
  secondaryTo,
}: {
  cta: Pick<ContactCopy, "primary" | "secondary">;
  secondaryTo: string;
}) {
  return (
    <>
      <ButtonLink to="/contact" size="lg">
        {cta.primary}
      </ButtonLink>
      <ButtonLink to={secondaryTo} variant="secondary" size="lg">
        {cta.secondary}
      </ButtonLink>
    </>
  );
}
