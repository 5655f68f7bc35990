import { Container, Eyebrow } from "~/components/ui/layout";
import type { LegalPage } from "~/copy/legal";

/** /privacy and /terms: one readable column of text. */
export function LegalDocument({ page }: { page: LegalPage }) {
  return (
    <main id="main">
      <Container className="py-20 md:py-28">
        <article className="mx-auto max-w-3xl">
          <Eyebrow>{page.updated}</Eyebrow>
          <h1 className="mt-6 font-display text-5xl font-semibold tracking-tightest md:text-7xl">
            {page.title}
          </h1>
          <p className="mt-8 text-lg leading-relaxed text-ink-muted">{page.intro}</p>
          {page.sections.map((section) => (
            <section key={section.heading} className="mt-12">
              <h2 className="font-display text-2xl font-semibold tracking-tight">
                {section.heading}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.slice(0, 32)} className="mt-4 leading-relaxed text-ink-muted">
                  {paragraph}
                </p>
              ))}
              {section.list ? (
                <ul className="mt-4 flex list-disc flex-col gap-2 pl-5 leading-relaxed text-ink-muted marker:text-accent">
                  {section.list.map((item) => (
                    <li key={item.slice(0, 32)}>{item}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ))}
          <section className="mt-12 card p-6 md:p-8">
            <h2 className="font-display text-2xl font-semibold tracking-tight">
              {page.contact.heading}
            </h2>
            <p className="mt-3 text-ink-muted">
              {page.contact.body}{" "}
              <a
                href={`mailto:${page.contact.email}`}
                className="text-ink underline underline-offset-4 hover:text-accent"
              >
                {page.contact.email}
              </a>
              .
            </p>
          </section>
        </article>
      </Container>
    </main>
  );
}
