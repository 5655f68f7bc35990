import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { Container } from "~/components/ui/layout";
import { ERROR_PANEL } from "~/copy/site";

/** The default error page (SPEC section 8) inside the public frame: the error panel, page-sized. */
export function ErrorPage({ status, retryHref }: { status?: number; retryHref: string }) {
  return (
    <main id="main" className="flex min-h-[70dvh] items-center py-24">
      <Container>
        <ErrorPanel
          variant="page"
          headingLevel={1}
          status={status}
          title={ERROR_PANEL.title}
          message={ERROR_PANEL.body}
        >
          <a href={retryHref} className={buttonClasses()}>
            {ERROR_PANEL.retry}
          </a>
          <ButtonLink to="/" variant="secondary">
            {ERROR_PANEL.home}
          </ButtonLink>
        </ErrorPanel>
      </Container>
    </main>
  );
}
