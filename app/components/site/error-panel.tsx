import { ERROR_PANEL } from "~/content/site";
import { ButtonLink } from "../ui/button";
import { Container } from "../ui/layout";

/** The default error panel (SPEC section 8) inside the public frame. */
export function ErrorPanel({ status, retryHref }: { status?: number; retryHref: string }) {
  return (
    <main id="main" className="flex min-h-[70dvh] items-center py-24">
      <Container>
        <div className="max-w-2xl">
          {status ? (
            <p className="font-display text-7xl font-semibold tracking-tightest text-accent">
              {status}
            </p>
          ) : null}
          <h1 className="mt-4 font-display text-4xl font-semibold tracking-tight md:text-5xl">
            {ERROR_PANEL.title}
          </h1>
          <p className="mt-4 text-lg text-ink-muted">{ERROR_PANEL.body}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a
              href={retryHref}
              className="inline-flex h-11 items-center rounded-full bg-accent px-5 font-medium text-accent-ink hover:bg-accent-strong"
            >
              {ERROR_PANEL.retry}
            </a>
            <ButtonLink to="/" variant="secondary">
              {ERROR_PANEL.home}
            </ButtonLink>
          </div>
        </div>
      </Container>
    </main>
  );
}
