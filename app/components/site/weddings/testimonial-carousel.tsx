import { useState } from "react";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { wrapIndex } from "~/lib/wrap-index";

export interface CarouselTestimonial {
  quote: string;
  author: string;
  detail: string;
}

/**
 * One testimonial at a time with previous/next wrapping around (SPEC section 4). All of them are
 * in the HTML; the others are hidden, so search engines and no-JS readers still get the first.
 */
export function TestimonialCarousel({
  items,
  labels,
}: {
  items: readonly CarouselTestimonial[];
  labels: { previous: string; next: string };
}) {
  const [index, setIndex] = useState(0);
  const go = (step: number) => setIndex((i) => wrapIndex(i + step, items.length));
  const nav =
    "grid size-12 place-items-center rounded-full border border-line text-ink transition-colors hover:border-ink hover:bg-ink/5";
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="flex flex-col gap-10"
    >
      <div aria-live="polite">
        {items.map((item, i) => (
          <figure key={item.author} hidden={i !== index}>
            <blockquote className="font-display text-3xl leading-[1.15] font-medium tracking-tight text-ink md:text-5xl">
              <p>“{item.quote}”</p>
            </blockquote>
            <figcaption className="mt-8">
              <span className="block font-medium text-ink">{item.author}</span>
              <span className="block text-sm text-ink-muted">{item.detail}</span>
            </figcaption>
          </figure>
        ))}
      </div>
      <div className="flex items-center gap-4">
        <button type="button" aria-label={labels.previous} className={nav} onClick={() => go(-1)}>
          <ChevronLeft className="size-5" />
        </button>
        <p className="font-display text-sm tabular-nums text-ink-muted">
          {index + 1} / {items.length}
        </p>
        <button type="button" aria-label={labels.next} className={nav} onClick={() => go(1)}>
          <ChevronRight className="size-5" />
        </button>
      </div>
    </section>
  );
}
