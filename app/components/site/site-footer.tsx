import { Link } from "react-router";
import { StaticHtml } from "~/components/document/static-html";
import { Container } from "~/components/ui/layout";
import { FOOTER } from "~/copy/navigation";
import { studio } from "~/copy/studio";
import { openConsentSettings } from "~/lib/analytics";
import { BookingTrigger } from "./booking/booking";
import { Logo } from "./logo";

const linkClass = "footer-link";

/** Footer (SPEC section 2): three columns, then copyright, legal links and cookie settings. */
export function SiteFooter() {
  const { services, company, contact } = FOOTER.columns;
  return (
    <footer className="border-t border-line bg-canvas">
      <Container className="grid gap-12 py-16 md:grid-cols-[1.4fr_1fr_1fr_1fr] md:py-20">
        {/* The logo and the link columns: server HTML, not hydrated (decision 0282). */}
        <StaticHtml className="max-w-sm">
          <Link to="/" className="inline-block rounded-md text-ink">
            <Logo />
          </Link>
          <p className="mt-5 text-sm leading-relaxed text-ink-muted">{FOOTER.blurb}</p>
        </StaticHtml>
        {[services, company].map((column) => (
          <FooterColumn key={column.title} title={column.title} serverHtml>
            {column.links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className={linkClass}>
                  {link.name}
                </Link>
              </li>
            ))}
          </FooterColumn>
        ))}
        <FooterColumn title={contact.title}>
          <li>
            <a href={`mailto:${studio.email}`} className={linkClass}>
              {studio.email}
            </a>
          </li>
          <li>
            <BookingTrigger source="footer" className={`${linkClass} cursor-pointer text-left`}>
              {contact.bookLabel}
            </BookingTrigger>
          </li>
          <li className="text-ink-muted">{contact.location}</li>
        </FooterColumn>
      </Container>
      <div className="border-t border-line">
        <Container className="flex flex-col gap-4 py-6 text-sm text-ink-faint md:flex-row md:items-center md:justify-between">
          <p>{FOOTER.copyright}</p>
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {FOOTER.legal.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="transition-colors hover:text-ink">
                  {link.name}
                </Link>
              </li>
            ))}
            <li>
              <button
                type="button"
                onClick={openConsentSettings}
                className="cursor-pointer transition-colors hover:text-ink"
              >
                {FOOTER.cookieSettings}
              </button>
            </li>
          </ul>
        </Container>
      </div>
    </footer>
  );
}

/** A column; `serverHtml`: one without controls, kept as the server rendered it (StaticHtml). */
function FooterColumn({
  title,
  children,
  serverHtml = false,
}: {
  title: string;
  children: React.ReactNode;
  serverHtml?: boolean;
}) {
  const Column = serverHtml ? StaticHtml : "div";
  return (
    <Column>
      <h2 className="text-xs font-medium uppercase tracking-[0.22em] text-ink">{title}</h2>
      <ul className="mt-5 flex flex-col gap-3 text-sm">{children}</ul>
    </Column>
  );
}
