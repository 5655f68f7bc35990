import { StarIcon } from "~/components/ui/icons";
import type { TestimonialCardData } from "~/entities/testimonial/view";

export function Rating({ value }: { value: number }) {
  return (
    <p className="flex gap-1 text-accent">
      <span className="sr-only">Rated {value} out of 5</span>
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon
          // biome-ignore lint/suspicious/noArrayIndexKey: five fixed stars
          key={i}
          aria-hidden="true"
          className="size-4"
          fill={i < value ? "currentColor" : "none"}
          strokeWidth={1.5}
        />
      ))}
    </p>
  );
}

export function TestimonialCard({ testimonial }: { testimonial: TestimonialCardData }) {
  const byline = [testimonial.role, testimonial.company].filter(Boolean).join(", ");
  return (
    <li className="flex flex-col justify-between gap-8 card p-7 md:p-8">
      <figure className="flex flex-col gap-6">
        <Rating value={testimonial.rating} />
        <blockquote className="text-lg leading-relaxed text-ink">
          <p>“{testimonial.quote}”</p>
        </blockquote>
        <figcaption>
          <span className="block font-medium text-ink">{testimonial.author}</span>
          {byline ? <span className="block text-sm text-ink-muted">{byline}</span> : null}
        </figcaption>
      </figure>
    </li>
  );
}
