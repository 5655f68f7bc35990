/**
 * A testimonial as its card shows it (home, weddings, service pages): loaders send these, not
 * whole rows. A database row and a built-in sample both fit.
 */
export interface TestimonialCardData {
  id: string;
  quote: string;
  author: string;
  role: string | null;
  company: string | null;
  rating: number;
}

export function toTestimonialCard(
  row: Pick<TestimonialCardData, "id" | "quote" | "author"> &
    Partial<Pick<TestimonialCardData, "role" | "company" | "rating">>,
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
