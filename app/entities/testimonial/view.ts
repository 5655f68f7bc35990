import type { Testimonial } from "@server/db/schema";

/**
 * A testimonial as its card shows it (home, weddings, service pages): loaders send these, not
 * whole rows. A database row and a built-in sample both fit.
 */
export type TestimonialCardData = Pick<
  Testimonial,
  "id" | "quote" | "author" | "role" | "company" | "rating"
>;

export function toTestimonialCard(
  row: Pick<Testimonial, "id" | "quote" | "author"> &
    Partial<Pick<Testimonial, "role" | "company" | "rating">>,
): TestimonialCardData {
  return {
    id: row.id,
    quote: row.quote,
    author: row.author,
    role: row.role ?? null,
    company: row.company ?? null,
    rating: Math.min(5, Math.max(1, row.rating ?? 5)),
  };
}
