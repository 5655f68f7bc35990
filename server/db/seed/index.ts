import type { Database } from "@server/db/client";
import {
  blogCategories,
  blogPosts,
  blogPostTags,
  blogTags,
  caseStudies,
  portfolioItems,
  teamMembers,
  testimonials,
} from "@server/db/schema";
import { sql } from "drizzle-orm";
import {
  DEMO_BLOG_CATEGORIES,
  DEMO_BLOG_POSTS,
  DEMO_BLOG_TAGS,
  DEMO_CASE_STUDIES,
  DEMO_PORTFOLIO_ITEMS,
  DEMO_TEAM_MEMBERS,
  DEMO_TESTIMONIALS,
  readTimeMinutes,
} from "./content";

/** Serialises concurrent seeders (several instances starting on one PostgreSQL). */
const SEED_LOCK_KEY = 727_002;

/** The tables whose rows an admin manages; any row in one of them means "not empty". */
const CONTENT_TABLES = [
  caseStudies,
  testimonials,
  portfolioItems,
  blogPosts,
  blogCategories,
  teamMembers,
] as const;

/**
 * Seeds the demo content (server/db/seed/content.ts) into an empty database, in one transaction.
 * Does nothing and returns `seeded: false` when any content row exists, so it is safe to call on
 * every start and never brings demo rows back into a database an admin has started using.
 */
export async function seedDemoContent(db: Database): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // PGlite holds one connection: inside the transaction, only await queries on tx.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    for (const table of CONTENT_TABLES) {
      const existing = await tx.select({ id: table.id }).from(table).limit(1);
      if (existing.length > 0) return { seeded: false };
    }

    await tx.insert(caseStudies).values(DEMO_CASE_STUDIES);
    await tx.insert(testimonials).values(DEMO_TESTIMONIALS);
    await tx.insert(portfolioItems).values(DEMO_PORTFOLIO_ITEMS);
    await tx.insert(teamMembers).values(DEMO_TEAM_MEMBERS);

    const categories = await tx
      .insert(blogCategories)
      .values(DEMO_BLOG_CATEGORIES)
      .returning({ id: blogCategories.id, name: blogCategories.name });
    const categoryIds = new Map(categories.map((row) => [row.name, row.id]));

    // Tags are unique by name and may outlive a cleared blog: reuse any that exist.
    await tx
      .insert(blogTags)
      .values(DEMO_BLOG_TAGS.map((name) => ({ name })))
      .onConflictDoNothing({ target: blogTags.name });
    const tags = await tx.select({ id: blogTags.id, name: blogTags.name }).from(blogTags);
    const tagIds = new Map(tags.map((row) => [row.name, row.id]));

    const posts = await tx
      .insert(blogPosts)
      .values(
        DEMO_BLOG_POSTS.map(({ category, tags: _tags, ...post }) => ({
          ...post,
          categoryId: required(categoryIds, category, "category"),
          readTime: readTimeMinutes(post.content),
        })),
      )
      .returning({ id: blogPosts.id, slug: blogPosts.slug });
    const postIds = new Map(posts.map((row) => [row.slug, row.id]));

    await tx.insert(blogPostTags).values(
      DEMO_BLOG_POSTS.flatMap((post) =>
        post.tags.map((tag) => ({
          postId: required(postIds, post.slug, "post"),
          tagId: required(tagIds, tag, "tag"),
        })),
      ),
    );

    return { seeded: true };
  });
}

function required(ids: Map<string, string>, name: string, kind: string): string {
  const id = ids.get(name);
  if (!id) throw new Error(`demo content: unknown ${kind} "${name}"`);
  return id;
}
