import { cachedRead } from "@server/content/cache";
import type { Executor } from "@server/db/client";
import { type Testimonial, testimonials } from "@server/db/schema";
import { and, desc, eq } from "drizzle-orm";

/** Published testimonials, newest first (SPEC section 7), optionally only the featured ones. */
export function listPublishedTestimonials(
  db: Executor,
  options: { featuredOnly?: boolean } = {},
): Promise<Testimonial[]> {
  return cachedRead(db, `testimonials:${Boolean(options.featuredOnly)}`, () =>
    db
      .select()
      .from(testimonials)
      .where(
        and(
          eq(testimonials.status, "published"),
          options.featuredOnly ? eq(testimonials.isFeatured, true) : undefined,
        ),
      )
      .orderBy(desc(testimonials.createdAt), desc(testimonials.id)),
  );
}
