import { Glow } from "~/components/site/sections/page-hero";
import { ButtonLink } from "~/components/ui/button";
import { Container } from "~/components/ui/layout";
import { GONE, NOT_FOUND } from "~/copy/site";

/**
 * The 404 page's body: for unknown paths and for content that is missing (a blog post). A path
 * marked gone (410) says so instead.
 */
export function NotFoundView({ gone = false }: { gone?: boolean }) {
  const copy = gone ? GONE : NOT_FOUND;
  return (
    <main
      id="main"
      className="stage relative flex min-h-[75dvh] items-center overflow-hidden py-24"
    >
      <Glow />
      <Container>
        <h1 className="font-display text-[clamp(7rem,22vw,16rem)] leading-none font-semibold tracking-tightest text-accent">
          {copy.code}
        </h1>
        <p className="mt-4 font-display text-3xl font-semibold tracking-tight md:text-5xl">
          {copy.title}
        </p>
        <p className="mt-4 max-w-lg text-lg text-ink-muted">{copy.body}</p>
        <ButtonLink to="/" size="lg" className="mt-10">
          {copy.home}
        </ButtonLink>
      </Container>
    </main>
  );
}
