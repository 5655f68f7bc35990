import {
  createCategory,
  listCategoryChoices,
  setCategoryActive,
  updateCategory,
} from "@server/content/blog/categories";
import {
  type BlogPostSave,
  deleteBlogPost,
  findBlogPostForEdit,
  readTimeOf,
  saveBlogPost,
} from "@server/content/blog/editor";
import {
  findPublishedPost,
  listActiveCategories,
  listPublishedPosts,
} from "@server/content/blog/read";
import { listSitemapEntries } from "@server/content/sitemap";
import { blogCategories, blogPosts, blogPostTags, blogTags, uploads } from "@server/db/schema";
import { count, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { blogPostSchema, categorySchema, parseTagList } from "~/entities/blog-post/form";
import { action as categoriesAction } from "~/routes/admin/blog-categories";
import { action as deleteAction, loader as deleteLoader } from "~/routes/admin/blog-delete";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/blog-editor";
import {
  callRoute,
  formOf,
  postTo,
  type RouteHandler,
  seededRuntime,
  toastOf,
  type WithParams,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { pngBytes } from "../support/files";

/** The payloads of the issue: script, event handlers, a javascript: URL, data-* attributes. */
const HOSTILE_BODY = [
  "<p>Hello <strong>world</strong></p>",
  "<script>alert('x')</script>",
  '<img src="x.png" onerror="alert(1)" data-track="1" alt="pic">',
  '<p onclick="alert(2)" data-id="7" class="lead">Click</p>',
  '<a href="javascript:alert(3)" data-x="y">bad link</a>',
  '<a href="https://example.com" target="_blank" rel="opener">good link</a>',
  '<iframe src="https://evil.example"></iframe><style>p{}</style>',
].join("");

/** A valid editor post (the schema's output shape) with overrides. */
function input(overrides: Partial<Record<string, string>> = {}): BlogPostSave {
  const parsed = blogPostSchema.parse({
    title: "A test post",
    status: "draft",
    content: "<p>Body</p>",
    ...overrides,
  });
  return { ...parsed, featuredImageUrl: null, authorImageUrl: null };
}

describe("blog form rules (no database)", () => {
  it("makes slugs from titles (the one rule, app/lib/slug.ts) and validates typed ones", () => {
    expect(input({ title: "Colour & Light, in 2025!" }).slug).toBe("colour-and-light-in-2025");
    expect(input({ title: "Hello World" }).slug).toBe("hello-world");
    expect(input({ slug: "My-Slug" }).slug).toBe("my-slug");
    const bad = blogPostSchema.safeParse({
      title: "x",
      slug: "no spaces/allowed",
      status: "draft",
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(["slug"]);
    const missing = blogPostSchema.safeParse({ title: "  ", status: "draft" });
    expect(missing.error?.issues.map((i) => i.message)).toContain("Title is required");
  });

  it("splits tags on commas, trims, drops blanks and repeats", () => {
    expect(parseTagList(" Color , ,grading,COLOR,  two  words ")).toEqual([
      "Color",
      "grading",
      "two words",
    ]);
    expect(parseTagList("")).toEqual([]);
  });

  it("computes read time from the text at 200 words a minute, at least one", () => {
    expect(readTimeOf("")).toBe(1);
    expect(readTimeOf(`<p>${"word ".repeat(200)}</p>`)).toBe(1);
    expect(readTimeOf(`<p>${"word ".repeat(201)}</p>`)).toBe(2);
    // Markup is not text: attributes and tags do not count, adjacent blocks are separate words.
    expect(readTimeOf(`<p class="${"x ".repeat(500)}">one</p><p>two</p>`)).toBe(1);
    expect(readTimeOf(`${"<p>a</p>".repeat(401)}`)).toBe(3);
  });

  it("requires a category name and a #rrggbb colour", () => {
    expect(
      categorySchema.safeParse({ name: " ", color: "#ffffff" }).error?.issues[0]?.message,
    ).toBe("Name is required");
    expect(categorySchema.safeParse({ name: "x", color: "red" }).success).toBe(false);
    expect(categorySchema.parse({ name: " Design ", color: "#AABBCC" })).toEqual({
      name: "Design",
      color: "#aabbcc",
    });
  });
});

describe.each(testDrivers)("blog back-office on %s", (driver) => {
  const t = seededRuntime(driver);
  const { changes } = t;

  const db = () => t.database.db;
  const postCount = async () => (await db().select({ n: count() }).from(blogPosts))[0]?.n ?? 0;

  /** Calls a route action as the admin; a redirect comes back as a Response, data as an object. */
  async function submit<P>(
    handler: RouteHandler<P, Promise<unknown>>,
    path: string,
    body: FormData | URLSearchParams,
    ...options: WithParams<NoInfer<P>, { cookie?: string }>
  ) {
    const result = await postTo(t, handler, path, body, ...options);
    if (result instanceof Response) {
      return { response: result, toast: await toastOf(t.runtime, result) };
    }
    const { data, init } = result as { data: Record<string, unknown>; init: { status: number } };
    return { status: init.status, data };
  }

  it("creates a post: slug from the title, sanitised body, read time, publish date now", async () => {
    // Read first, so the public cache holds the "before": the save must drop it.
    expect(await findPublishedPost(db(), "sanitised-story")).toBeNull();
    const listedBefore = (await listPublishedPosts(db())).length;
    const before = Date.now();
    const result = await saveBlogPost(
      db(),
      input({ title: "Sanitised Story", status: "published", content: HOSTILE_BODY }),
    );
    if (!result?.ok) throw new Error("not saved");
    const stored = await findBlogPostForEdit(db(), result.id);
    expect(stored?.slug).toBe("sanitised-story");
    const html = stored?.content ?? "";
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|data-|<iframe|<style|rel=/i);
    expect(html).toContain("<strong>world</strong>");
    expect(html).toContain('<p class="lead">Click</p>');
    expect(html).toContain('<a href="https://example.com" target="_blank">good link</a>');
    expect(html).toContain("<a>bad link</a>");
    expect(stored?.readTime).toBe(1);
    expect(stored?.publishedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(stored?.publishedAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    // The public page shows it at once (the cache was dropped), still clean.
    const shown = await findPublishedPost(db(), "sanitised-story");
    expect(shown?.content).toBe(html);
    expect((await listPublishedPosts(db())).length).toBe(listedBefore + 1);
    expect(changes).toContainEqual({ entity: "blog", id: result.id, action: "updated" });
  });

  it("keeps a given publish date, and leaves a draft without one unpublished", async () => {
    const dated = await saveBlogPost(
      db(),
      input({ title: "Dated", status: "published", publishedAt: "2024-03-05T09:30" }),
    );
    if (!dated?.ok) throw new Error("not saved");
    expect((await findBlogPostForEdit(db(), dated.id))?.publishedAt?.toISOString()).toBe(
      "2024-03-05T09:30:00.000Z",
    );
    const draft = await saveBlogPost(db(), input({ title: "Just a draft" }));
    if (!draft?.ok) throw new Error("not saved");
    const stored = await findBlogPostForEdit(db(), draft.id);
    expect(stored?.publishedAt).toBeNull();
    expect(await findPublishedPost(db(), "just-a-draft")).toBeNull();
    // Publishing it later without a date publishes it now.
    const published = await saveBlogPost(
      db(),
      input({ title: "Just a draft", status: "published" }),
      draft.id,
    );
    expect(published?.ok).toBe(true);
    expect((await findBlogPostForEdit(db(), draft.id))?.publishedAt).not.toBeNull();
    expect((await findPublishedPost(db(), "just-a-draft"))?.title).toBe("Just a draft");
  });

  it("computes read time on the server from the stored text", async () => {
    const result = await saveBlogPost(
      db(),
      input({ title: "Long read", content: `<p>${"word ".repeat(1000)}</p>` }),
    );
    if (!result?.ok) throw new Error("not saved");
    expect((await findBlogPostForEdit(db(), result.id))?.readTime).toBe(5);
  });

  it("refuses a slug another post has, storing nothing; a post may keep its own", async () => {
    const first = await saveBlogPost(db(), input({ title: "Unique One" }));
    if (!first?.ok) throw new Error("not saved");
    const before = await postCount();
    const clash = await saveBlogPost(db(), input({ title: "Another", slug: "unique-one" }));
    expect(clash).toEqual({
      ok: false,
      fieldErrors: { slug: ["This slug is already used by another post. Choose a different one."] },
    });
    expect(await postCount()).toBe(before);
    // Renaming a different post onto the slug is refused too, and changes nothing.
    const other = await saveBlogPost(db(), input({ title: "Other" }));
    if (!other?.ok) throw new Error("not saved");
    const renamed = await saveBlogPost(
      db(),
      input({ title: "Changed", slug: "unique-one" }),
      other.id,
    );
    expect(renamed?.ok).toBe(false);
    expect((await findBlogPostForEdit(db(), other.id))?.title).toBe("Other");
    // Saving a post with its own slug is fine.
    const same = await saveBlogPost(
      db(),
      input({ title: "Unique One v2", slug: "unique-one" }),
      first.id,
    );
    expect(same?.ok).toBe(true);
  });

  it("links tags, creating unknown ones and reusing known ones whatever their case", async () => {
    const [known] = await db().insert(blogTags).values({ name: "Anamorphic Lenses" }).returning();
    const tagCount = async () => (await db().select({ n: count() }).from(blogTags))[0]?.n ?? 0;
    const before = await tagCount();
    const result = await saveBlogPost(
      db(),
      input({ title: "Tagged", tags: "anamorphic lenses, Brand New Tag, brand new tag ,  " }),
    );
    if (!result?.ok) throw new Error("not saved");
    expect(await tagCount()).toBe(before + 1);
    const stored = await findBlogPostForEdit(db(), result.id);
    expect(stored?.tags).toEqual(["Anamorphic Lenses", "Brand New Tag"]);
    const links = await db().select().from(blogPostTags).where(eq(blogPostTags.postId, result.id));
    expect(links.map((l) => l.tagId)).toContain(known?.id);
    // Editing replaces the set; an empty field removes every tag.
    await saveBlogPost(db(), input({ title: "Tagged", tags: "Only One" }), result.id);
    expect((await findBlogPostForEdit(db(), result.id))?.tags).toEqual(["Only One"]);
    await saveBlogPost(db(), input({ title: "Tagged", tags: "" }), result.id);
    expect((await findBlogPostForEdit(db(), result.id))?.tags).toEqual([]);
  });

  it("category rules: new posts use active categories; a post keeps its own inactive one", async () => {
    const created = await createCategory(db(), { name: "Rules Test", color: "#112233" });
    if (!created.ok) throw new Error("category not created");
    const post = await saveBlogPost(
      db(),
      input({ title: "In category", categoryId: created.id, status: "published" }),
    );
    if (!post?.ok) throw new Error("not saved");
    expect((await findPublishedPost(db(), "in-category"))?.category?.name).toBe("Rules Test");

    expect(await setCategoryActive(db(), created.id, false)).toBe("Rules Test");
    expect((await listActiveCategories(db())).map((c) => c.name)).not.toContain("Rules Test");
    // The post keeps it (and can still be saved); a new post cannot pick it.
    expect(
      (await saveBlogPost(db(), input({ title: "In category", categoryId: created.id }), post.id))
        ?.ok,
    ).toBe(true);
    const before = await postCount();
    expect(await saveBlogPost(db(), input({ title: "New", categoryId: created.id }))).toEqual({
      ok: false,
      fieldErrors: { categoryId: ["That category is inactive. Choose an active category."] },
    });
    expect(
      await saveBlogPost(
        db(),
        input({ title: "New", categoryId: "00000000-0000-4000-8000-000000000000" }),
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { categoryId: ["That category no longer exists. Choose another one."] },
    });
    expect(await postCount()).toBe(before);
    // The editor offers active categories plus the post's own.
    expect((await listCategoryChoices(db(), null)).map((c) => c.id)).not.toContain(created.id);
    expect((await listCategoryChoices(db(), created.id)).map((c) => c.id)).toContain(created.id);

    expect(await setCategoryActive(db(), created.id, true)).toBe("Rules Test");
    expect((await listActiveCategories(db())).map((c) => c.name)).toContain("Rules Test");
  });

  it("categories: names required and unique regardless of case; rename and recolour", async () => {
    const a = await createCategory(db(), { name: "Unique Cat", color: "#000000" });
    if (!a.ok) throw new Error("not created");
    expect(await createCategory(db(), { name: "unique cat", color: "#ffffff" })).toEqual({
      ok: false,
      fieldErrors: { name: ["A category with this name already exists."] },
    });
    const b = await createCategory(db(), { name: "Second Cat", color: "#ffffff" });
    if (!b.ok) throw new Error("not created");
    expect((await updateCategory(db(), b.id, { name: "UNIQUE CAT", color: "#ffffff" }))?.ok).toBe(
      false,
    );
    expect(await updateCategory(db(), b.id, { name: "Renamed Cat", color: "#123456" })).toEqual({
      ok: true,
      id: b.id,
      name: "Renamed Cat",
    });
    const [row] = await db().select().from(blogCategories).where(eq(blogCategories.id, b.id));
    expect(row).toMatchObject({ name: "Renamed Cat", color: "#123456" });
    // Renaming to its own name in another case is allowed.
    expect((await updateCategory(db(), b.id, { name: "renamed cat", color: "#123456" }))?.ok).toBe(
      true,
    );
    expect(
      await updateCategory(db(), "00000000-0000-4000-8000-000000000000", {
        name: "Ghost",
        color: "#123456",
      }),
    ).toBeNull();
    expect(changes).toContainEqual({ entity: "blog", id: b.id, action: "updated" });
  });

  it("categories screen: refuses a blank or taken name with a message and stores nothing", async () => {
    const before = (await db().select({ n: count() }).from(blogCategories))[0]?.n;
    const blank = await submit(
      categoriesAction,
      "/admin/blog/categories",
      new URLSearchParams({ intent: "create", name: " ", color: "#ff0000" }),
    );
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      target: "new",
      fieldErrors: { name: ["Name is required"] },
    });
    const taken = await submit(
      categoriesAction,
      "/admin/blog/categories",
      new URLSearchParams({ intent: "create", name: "unique CAT", color: "#ff0000" }),
    );
    expect(taken.data).toMatchObject({
      fieldErrors: { name: ["A category with this name already exists."] },
    });
    expect((await db().select({ n: count() }).from(blogCategories))[0]?.n).toBe(before);
    const ok = await submit(
      categoriesAction,
      "/admin/blog/categories",
      new URLSearchParams({ intent: "create", name: "Screen Cat", color: "#ff0000" }),
    );
    expect(ok.toast).toBe('Success: Category "Screen Cat" created successfully');
  });

  it("editor route: no title or a taken slug answers 4xx with the message and stores nothing", async () => {
    const before = await postCount();
    const noTitle = await submit(
      editorAction,
      "/admin/blog/new",
      formOf({ title: "", status: "published", content: "<p>x</p>" }),
    );
    expect(noTitle.status).toBe(400);
    expect(noTitle.data).toMatchObject({ fieldErrors: { title: ["Title is required"] } });
    const taken = await submit(
      editorAction,
      "/admin/blog/new",
      formOf({ title: "Dup", slug: "unique-one", status: "draft" }),
    );
    expect(taken.status).toBe(409);
    expect(taken.data).toMatchObject({
      fieldErrors: { slug: ["This slug is already used by another post. Choose a different one."] },
    });
    expect(await postCount()).toBe(before);
  });

  it("editor route: a non-image renamed .png is refused for the featured image", async () => {
    const before = await postCount();
    const body = formOf({ title: "With image", status: "draft" });
    body.append(
      "featuredImageUrlFile",
      new File([new TextEncoder().encode("not an image at all")], "fake.png", {
        type: "image/png",
      }),
    );
    const refused = await submit(editorAction, "/admin/blog/new", body);
    expect(refused.status).toBe(415);
    expect(Object.keys((refused.data as { fieldErrors: object }).fieldErrors)).toEqual([
      "featuredImageUrl",
    ]);
    expect(await postCount()).toBe(before);
  });

  it("editor route: creates with an uploaded image (claimed), edits, and the public post follows", async () => {
    const body = formOf({
      title: "Route Created",
      status: "published",
      content: '<p onclick="x()">Hi</p>',
      tags: "alpha, beta",
      authorName: "Ada",
      isFeatured: "on",
    });
    body.append(
      "featuredImageUrlFile",
      new File([await pngBytes()], "cover.png", { type: "image/png" }),
    );
    const created = await submit(editorAction, "/admin/blog/new", body);
    expect(created.response?.headers.get("location")).toBe("/admin/blog");
    expect(created.toast).toBe("Success: Blog post created successfully");
    const post = await findPublishedPost(db(), "route-created");
    expect(post).toMatchObject({ content: "<p>Hi</p>", authorName: "Ada", isFeatured: true });
    expect(post?.featuredImageUrl).toMatch(
      /^\/files\/portfolio-images\/images\/\d+_[0-9a-f]+\.png$/,
    );
    const [upload] = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.ownerId, post?.id ?? ""));
    expect(upload?.ownerTable).toBe("blog_posts");

    const id = post?.id ?? "";
    const loaded = (await callRoute(editorLoader, t.runtime, `/admin/blog/edit/${id}`, {
      cookie: t.cookies.admin,
      params: { id },
    })) as { mode: string; values: { tags: string; content: string } };
    expect(loaded).toMatchObject({
      mode: "edit",
      values: { tags: "alpha, beta", content: "<p>Hi</p>" },
    });

    const edited = await submit(
      editorAction,
      `/admin/blog/edit/${id}`,
      formOf({
        title: "Route Edited",
        slug: "route-created",
        status: "published",
        content: "<p>Changed</p>",
        featuredImageUrl: post?.featuredImageUrl ?? "",
      }),
      { params: { id } },
    );
    expect(edited.toast).toBe("Success: Blog post updated successfully");
    expect((await findPublishedPost(db(), "route-created"))?.title).toBe("Route Edited");
    expect((await listPublishedPosts(db())).map((p) => p.title)).toContain("Route Edited");
  });

  it("deletes after confirmation with SPEC's toasts; the post leaves the public site", async () => {
    const result = await saveBlogPost(db(), input({ title: "Doomed Post", status: "published" }));
    if (!result?.ok) throw new Error("not saved");
    const id = result.id;
    expect(await findPublishedPost(db(), "doomed-post")).not.toBeNull();
    // Read once so the public cache holds it: the delete must drop it (sitemap and RSS read this).
    expect((await listSitemapEntries(db())).map((e) => e.path)).toContain("/blog/doomed-post");
    const confirm = await callRoute(deleteLoader, t.runtime, `/admin/blog/${id}/delete`, {
      cookie: t.cookies.admin,
      params: { id },
    });
    expect(confirm).toEqual({ title: "Doomed Post", list: "/admin/blog" });
    const deleted = await submit(deleteAction, `/admin/blog/${id}/delete`, new URLSearchParams(), {
      params: {
        id,
      },
    });
    expect(deleted.toast).toBe('Success: "Doomed Post" has been deleted successfully.');
    expect(await findPublishedPost(db(), "doomed-post")).toBeNull();
    expect((await listSitemapEntries(db())).map((e) => e.path)).not.toContain("/blog/doomed-post");
    expect(changes).toContainEqual({ entity: "blog", id, action: "deleted" });
    const again = await submit(deleteAction, `/admin/blog/${id}/delete`, new URLSearchParams(), {
      params: {
        id,
      },
    });
    expect(again.toast).toBe("Error: Failed to delete blog post: the post no longer exists");
    expect(await deleteBlogPost(db(), id)).toBeNull();
  });

  it("refuses every write from a signed-in non-admin", async () => {
    const before = await postCount();
    await expect(
      callRoute(editorAction, t.runtime, "/admin/blog/new", {
        method: "POST",
        body: formOf({ title: "Sneaky", status: "published" }),
        cookie: t.cookies.viewer,
      }),
    ).rejects.toBeInstanceOf(Response);
    const [victim] = await db().select({ id: blogPosts.id }).from(blogPosts).limit(1);
    await expect(
      callRoute(deleteAction, t.runtime, `/admin/blog/${victim?.id}/delete`, {
        method: "POST",
        cookie: t.cookies.viewer,
        params: { id: victim?.id ?? "" },
      }),
    ).rejects.toBeInstanceOf(Response);
    await expect(
      callRoute(categoriesAction, t.runtime, "/admin/blog/categories", {
        method: "POST",
        body: new URLSearchParams({ intent: "create", name: "Sneaky", color: "#000000" }),
        cookie: t.cookies.viewer,
      }),
    ).rejects.toBeInstanceOf(Response);
    expect(await postCount()).toBe(before);
    const sneaky = await db()
      .select()
      .from(blogCategories)
      .where(inArray(sql`lower(${blogCategories.name})`, ["sneaky"]));
    expect(sneaky).toEqual([]);
  });
});
