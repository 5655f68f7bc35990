import type { Executor } from "@server/db/client";
import { sql } from "drizzle-orm";

/**
 * Inserts `count` blog posts in one multi-row INSERT (generate_series, so 10,000 rows take well
 * under a second on PGlite and PostgreSQL). Post n (1-based) has the slug `{prefix}-{n}` and was
 * published `n` minutes before `newest`: post 1 is the newest.
 */
export async function insertPosts(
  db: Executor,
  options: { count: number; prefix: string; newest: Date; status?: "published" | "draft" },
): Promise<void> {
  const { count, prefix, newest, status = "published" } = options;
  await db.execute(sql`
    insert into blog_posts (title, slug, excerpt, content, status, published_at, author_name)
    select
      ${`${prefix} post `} || g,
      ${`${prefix}-`} || g,
      'Excerpt of post ' || g,
      '<p>Body of post ' || g || '</p>',
      ${status},
      ${newest.toISOString()}::timestamptz - g * interval '1 minute',
      'Bench Author'
    from generate_series(1, ${count}::int) as g`);
}

/** Inserts `count` published case studies in one INSERT; slugs `{prefix}-{n}`. */
export async function insertCaseStudies(
  db: Executor,
  options: { count: number; prefix: string },
): Promise<void> {
  await db.execute(sql`
    insert into case_studies (slug, title, status)
    select ${`${options.prefix}-`} || g, ${`${options.prefix} study `} || g, 'published'
    from generate_series(1, ${options.count}::int) as g`);
}
