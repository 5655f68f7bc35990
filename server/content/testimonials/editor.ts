import { findRow, listRows, rowEditor } from "@server/content/editor-rows";
import type { Database } from "@server/db/client";
import { type Testimonial, testimonials } from "@server/db/schema";
import { containsAny, type ListQuery, type Page } from "@server/kit/list-params";
import { desc } from "drizzle-orm";
import type { TestimonialInput } from "~/entities/testimonial/form";

/**
 * Testimonials in the back-office: list every status, create and edit (the editor), feature
 * toggle, delete (SPEC section 7, admin).
 */

export type TestimonialRow = Pick<
  Testimonial,
  "id" | "quote" | "author" | "role" | "company" | "rating" | "status" | "isFeatured" | "createdAt"
>;

/** One page (25) of the testimonials matching the search (author, role, company, quote), newest first. */
export function listTestimonials(db: Database, query: ListQuery): Promise<Page<TestimonialRow>> {
  const where = query.q
    ? containsAny(query.q, [
        testimonials.author,
        testimonials.role,
        testimonials.company,
        testimonials.quote,
      ])
    : undefined;
  return listRows(db, query.page, {
    table: testimonials,
    select: () =>
      db
        .select({
          id: testimonials.id,
          quote: testimonials.quote,
          author: testimonials.author,
          role: testimonials.role,
          company: testimonials.company,
          rating: testimonials.rating,
          status: testimonials.status,
          isFeatured: testimonials.isFeatured,
          createdAt: testimonials.createdAt,
        })
        .from(testimonials)
        .$dynamic(),
    where,
    orderBy: [desc(testimonials.createdAt), desc(testimonials.id)],
  });
}

export async function findTestimonialTitle(db: Database, id: string): Promise<string | null> {
  const row = await findRow(
    db
      .select({ author: testimonials.author, company: testimonials.company })
      .from(testimonials)
      .$dynamic(),
    testimonials.id,
    id,
  );
  if (!row) return null;
  return row.company ? `${row.author}, ${row.company}` : row.author;
}

const TESTIMONIALS = rowEditor<typeof testimonials, TestimonialInput>({
  table: testimonials,
  entity: "testimonials",
});

export function setTestimonialFeatured(db: Database, id: string, featured: boolean) {
  return TESTIMONIALS.update(db, id, { isFeatured: featured });
}

export const deleteTestimonial = TESTIMONIALS.remove;

export const findTestimonial: (db: Database, id: string) => Promise<Testimonial | null> =
  TESTIMONIALS.find;

/** Creates (`id` null) or updates a testimonial; returns its id, or null when it is gone. */
export const saveTestimonial = TESTIMONIALS.save;
