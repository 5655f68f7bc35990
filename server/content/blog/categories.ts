import { isUniqueViolation } from "@server/content/blog/editor";
import { contentChanged } from "@server/content/changes";
import type { Database } from "@server/db/client";
import { blogCategories, blogPosts } from "@server/db/schema";
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { BLOG_MESSAGES_FORM, type CategoryInput } from "~/entities/blog-post/form";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * Blog categories: create, rename, recolour, (de)activate. Names are unique regardless of case
 * ("Design" and "design" would be one filter entry on /blog). Categories are never deleted here:
 * deactivating hides one from the public filter and from new posts while its posts keep it.
 */

export interface CategoryRow {
  id: string;
  name: string;
  color: string;
  isActive: boolean;
  posts: number;
}

export async function listCategories(db: Database): Promise<CategoryRow[]> {
  return db
    .select({
      id: blogCategories.id,
      name: blogCategories.name,
      color: blogCategories.color,
      isActive: blogCategories.isActive,
      posts: count(blogPosts.id),
    })
    .from(blogCategories)
    .leftJoin(blogPosts, eq(blogPosts.categoryId, blogCategories.id))
    .groupBy(blogCategories.id)
    .orderBy(asc(blogCategories.name));
}

export type CategoryResult =
  | { ok: true; id: string; name: string }
  | { ok: false; fieldErrors: FieldErrors };

const nameTaken = (): CategoryResult => ({
  ok: false,
  fieldErrors: { name: [BLOG_MESSAGES_FORM.categoryNameTaken] },
});

async function nameInUse(db: Database, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: blogCategories.id })
    .from(blogCategories)
    .where(
      and(
        eq(sql`lower(${blogCategories.name})`, name.toLowerCase()),
        exceptId ? ne(blogCategories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function createCategory(db: Database, input: CategoryInput): Promise<CategoryResult> {
  if (await nameInUse(db, input.name)) return nameTaken();
  try {
    const [row] = await db
      .insert(blogCategories)
      .values({ name: input.name, color: input.color })
      .returning({ id: blogCategories.id });
    if (!row) throw new Error("the category was not saved");
    await contentChanged(db, { entity: "blog", id: row.id, action: "updated" });
    return { ok: true, id: row.id, name: input.name };
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken();
    throw error;
  }
}

/** Renames and recolours; null when the category no longer exists. */
export async function updateCategory(
  db: Database,
  id: string,
  input: CategoryInput,
): Promise<CategoryResult | null> {
  if (await nameInUse(db, input.name, id)) return nameTaken();
  try {
    const [row] = await db
      .update(blogCategories)
      .set({ name: input.name, color: input.color, updatedAt: new Date() })
      .where(eq(blogCategories.id, id))
      .returning({ id: blogCategories.id });
    if (!row) return null;
    await contentChanged(db, { entity: "blog", id, action: "updated" });
    return { ok: true, id, name: input.name };
  } catch (error) {
    if (isUniqueViolation(error)) return nameTaken();
    throw error;
  }
}

/** Sets is_active; the category's name, or null when it no longer exists. */
export async function setCategoryActive(
  db: Database,
  id: string,
  active: boolean,
): Promise<string | null> {
  const [row] = await db
    .update(blogCategories)
    .set({ isActive: active, updatedAt: new Date() })
    .where(eq(blogCategories.id, id))
    .returning({ name: blogCategories.name });
  if (!row) return null;
  await contentChanged(db, { entity: "blog", id, action: "updated" });
  return row.name;
}

/** The editor's category choices: active ones, plus the post's own even if inactive. */
export async function listCategoryChoices(
  db: Database,
  currentId: string | null,
): Promise<{ id: string; name: string; isActive: boolean }[]> {
  const rows = await db
    .select({ id: blogCategories.id, name: blogCategories.name, isActive: blogCategories.isActive })
    .from(blogCategories)
    .orderBy(asc(blogCategories.name));
  return rows.filter((row) => row.isActive || row.id === currentId);
}
