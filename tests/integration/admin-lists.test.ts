import { BLOG_LIST_ORDER, blogSearch, listBlogPosts } from "@server/content/blog/editor";
import { listCaseStudies } from "@server/content/case-studies/editor";
import { listPortfolioItems } from "@server/content/portfolio/editor";
import { listTeamMembers } from "@server/content/team/editor";
import { listTestimonials } from "@server/content/testimonials/editor";
import type { Executor } from "@server/db/client";
import {
  blogPosts,
  caseStudies,
  portfolioItems,
  teamMembers,
  testimonials,
} from "@server/db/schema";
import { listReturnPath, PAGE_SIZE } from "@server/kit/list-params";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as blogLoader } from "~/routes/admin/blog";
import { action as blogDeleteAction, loader as blogDeleteLoader } from "~/routes/admin/blog-delete";
import { action as confirmAction } from "~/routes/admin/confirm-delete";
import { loader as portfolioLoader } from "~/routes/admin/portfolio";
import { action as teamAction, loader as teamLoader } from "~/routes/admin/team";
import {
  callRoute,
  createTestRuntime,
  postTo,
  type RouteHandler,
  type TestRuntime,
  toastOf,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * The back-office content lists (issue #20): 25 a page, searched and filtered on the server, the
 * filters and page kept by the page links and by the actions' redirects (decision 0225).
 */

const POSTS = 70;
const DRAFTS = 6;
const ITEMS = 60;
const DAY = 86_400_000;
const base = Date.UTC(2024, 0, 1);
const two = (i: number) => String(i).padStart(2, "0");

/** The first column of each row of EXPLAIN's answer, as text (both drivers answer { rows }). */
async function explain(db: Executor, query: { sql: string; params: unknown[] }): Promise<string> {
  return db.transaction(async (tx) => {
    // The test tables are small enough for a scan and a sort to look cheaper: ask what the
    // indexes offer, as they do on the thousands of rows of a real site.
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const literal = query.params.reduce<string>(
      (text, param, i) =>
        text.replace(
          new RegExp(`\\$${i + 1}(?!\\d)`),
          typeof param === "number" ? String(param) : `'${String(param).replaceAll("'", "''")}'`,
        ),
      query.sql,
    );
    const result = (await tx.execute(sql.raw(`explain ${literal}`))) as unknown as {
      rows: Record<string, string>[];
    };
    return result.rows.map((row) => Object.values(row)[0]).join("\n");
  });
}

describe.each(testDrivers)("back-office content lists on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const db = t.database.db;
    await db.insert(blogPosts).values([
      ...Array.from({ length: POSTS }, (_, i) => ({
        title: `Archive post ${two(i)}`,
        slug: `archive-post-${two(i)}`,
        status: "published",
        // Post 00 is the oldest; several share a publish day (ties broken by creation, then id).
        publishedAt: new Date(base + Math.floor(i / 2) * DAY),
        createdAt: new Date(base + i * 1000),
      })),
      ...Array.from({ length: DRAFTS }, (_, i) => ({
        title: `Draft ${i} at 100% effort`,
        slug: `draft-${i}`,
        status: "draft",
      })),
    ]);
    await db.insert(portfolioItems).values(
      Array.from({ length: ITEMS }, (_, i) => ({
        title: `Project ${two(i)}`,
        clientName: i % 10 === 0 ? "Acme Films" : `Client ${i}`,
        serviceType: "video-production",
        completionDate: i === 0 ? null : `2023-01-${two((i % 28) + 1)}`,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await db.insert(caseStudies).values(
      Array.from({ length: ITEMS }, (_, i) => ({
        slug: `study-${two(i)}`,
        title: `Study ${two(i)}`,
        clientName: i % 10 === 0 ? "Acme Films" : null,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await db.insert(testimonials).values(
      Array.from({ length: ITEMS }, (_, i) => ({
        quote: i % 10 === 0 ? "They nailed the brief" : "Good work",
        author: `Author ${two(i)}`,
        company: i % 3 === 0 ? "Acme Films" : null,
        createdAt: new Date(base + i * 1000),
      })),
    );
    await db.insert(teamMembers).values(
      Array.from({ length: ITEMS }, (_, i) => ({
        name: `Member ${two(i)}`,
        role: i % 10 === 0 ? "Director" : "Editor",
        // Display order reversed against the names, with ties: the order is display order first.
        displayOrder: Math.floor((ITEMS - i) / 2),
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const all = { q: "", status: "" } as const;

  it("pages the blog 25 at a time: drafts first, then latest published, every post once", async () => {
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push(await listBlogPosts(t.database.db, all, page));
    expect(pages.map((p) => p.rows.length)).toEqual([25, 25, 25, POSTS + DRAFTS - 75]);
    expect(pages[0]?.total).toBe(POSTS + DRAFTS);
    expect(pages[0]?.pageCount).toBe(Math.ceil((POSTS + DRAFTS) / PAGE_SIZE));
    const rows = pages.flatMap((p) => p.rows);
    expect(new Set(rows.map((r) => r.id)).size).toBe(POSTS + DRAFTS);
    expect(rows.slice(0, DRAFTS).every((r) => r.status === "draft")).toBe(true);
    // The rest newest first: post 69 then 68 (same day, created later first) ... down to post 00.
    expect(rows.slice(DRAFTS).map((r) => r.title)).toEqual(
      Array.from({ length: POSTS }, (_, i) => `Archive post ${two(POSTS - 1 - i)}`),
    );
  });

  it("searches blog titles case-insensitively (% taken literally) and filters by status", async () => {
    const db = t.database.db;
    const search = await listBlogPosts(db, { q: "ARCHIVE POST 1", status: "" }, 1);
    expect(search.total).toBe(10);
    expect(search.rows.map((r) => r.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Archive post 1${9 - i}`),
    );
    expect((await listBlogPosts(db, { q: "100%", status: "" }, 1)).total).toBe(DRAFTS);
    expect((await listBlogPosts(db, { q: "1%", status: "" }, 1)).total).toBe(0);
    const drafts = await listBlogPosts(db, { q: "", status: "draft" }, 1);
    expect(drafts.total).toBe(DRAFTS);
    expect(drafts.rows.every((r) => r.status === "draft")).toBe(true);
    const published = await listBlogPosts(db, { q: "post 0", status: "published" }, 1);
    expect(published.total).toBe(10);
    expect((await listBlogPosts(db, { q: "Draft", status: "published" }, 1)).total).toBe(0);
  });

  it("shows the last page for a page past the end (its last row deleted, an old link)", async () => {
    const past = await listBlogPosts(t.database.db, all, 9);
    expect(past.page).toBe(4);
    expect(past.rows).toHaveLength(POSTS + DRAFTS - 75);
    const none = await listBlogPosts(t.database.db, { q: "no such post", status: "" }, 3);
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });
  });

  it("the blog page reads the list index, and a title search the trigram index", async () => {
    const db = t.database.db;
    const page = db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .orderBy(...BLOG_LIST_ORDER)
      .limit(PAGE_SIZE)
      .offset(50)
      .toSQL();
    expect(await explain(db, page)).toContain("blog_posts_list_idx");
    const search = db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(blogSearch("archive"))
      .toSQL();
    expect(await explain(db, search)).toContain("blog_posts_title_search_idx");
  });

  it("pages and searches the portfolio (title, client), latest completion first", async () => {
    const db = t.database.db;
    const first = await listPortfolioItems(db, { q: "", page: 1 });
    expect(first.total).toBe(ITEMS);
    expect(first.pageCount).toBe(3);
    const rows = [
      ...first.rows,
      ...(await listPortfolioItems(db, { q: "", page: 2 })).rows,
      ...(await listPortfolioItems(db, { q: "", page: 3 })).rows,
    ];
    expect(new Set(rows.map((r) => r.id)).size).toBe(ITEMS);
    const dates = rows.map((r) => r.completionDate ?? "");
    expect(dates.at(-1)).toBe(""); // no date: last
    expect(dates.slice(0, -1)).toEqual([...dates.slice(0, -1)].sort().reverse());
    const acme = await listPortfolioItems(db, { q: "acme", page: 1 });
    expect(acme.total).toBe(6);
    expect((await listPortfolioItems(db, { q: "project 4", page: 1 })).total).toBe(10);
  });

  it("pages and searches case studies (title, client) and testimonials (author, company, quote)", async () => {
    const db = t.database.db;
    const studies = await listCaseStudies(db, { q: "", page: 3 });
    expect(studies).toMatchObject({ total: ITEMS, page: 3, pageCount: 3 });
    expect(studies.rows.map((r) => r.title)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Study ${two(9 - i)}`),
    );
    expect((await listCaseStudies(db, { q: "ACME", page: 1 })).total).toBe(6);
    expect((await listCaseStudies(db, { q: "study 5", page: 1 })).total).toBe(10);

    const quotes = await listTestimonials(db, { q: "nailed", page: 1 });
    expect(quotes.total).toBe(6);
    expect((await listTestimonials(db, { q: "acme films", page: 1 })).total).toBe(20);
    expect((await listTestimonials(db, { q: "author 0", page: 1 })).total).toBe(10);
    const second = await listTestimonials(db, { q: "", page: 2 });
    expect(second.rows[0]?.author).toBe("Author 34");
  });

  it("keeps the team in display order across pages, and searches name, role and e-mail", async () => {
    const db = t.database.db;
    const rows = [
      ...(await listTeamMembers(db, { q: "", page: 1 })).rows,
      ...(await listTeamMembers(db, { q: "", page: 2 })).rows,
      ...(await listTeamMembers(db, { q: "", page: 3 })).rows,
    ];
    expect(rows).toHaveLength(ITEMS);
    const keys = rows.map((r) => [r.displayOrder, r.name] as const);
    expect(keys).toEqual(
      [...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
    );
    expect((await listTeamMembers(db, { q: "director", page: 1 })).total).toBe(6);
  });

  it("the loaders read ?q= and ?page= from the URL; bad values fall back", async () => {
    const get = (handler: RouteHandler<Record<string, never>, Promise<unknown>>, url: string) =>
      callRoute(handler, t.runtime, url, { cookie: t.cookies.admin }) as Promise<{
        data: { rows: { title?: string; name?: string }[]; page: number; total: number } | null;
      }>;
    const blog = await get(blogLoader, "/admin/blog?q=archive&status=published&page=3");
    expect(blog.data).toMatchObject({ page: 3, total: POSTS });
    expect(blog.data?.rows[0]?.title).toBe(`Archive post ${two(POSTS - 51)}`);
    const bad = await get(blogLoader, "/admin/blog?page=-2&status=nope");
    expect(bad.data).toMatchObject({ page: 1, total: POSTS + DRAFTS });
    const team = await get(teamLoader, "/admin/team?q=member%200&page=1");
    expect(team.data?.total).toBe(10);
    const portfolio = await get(portfolioLoader, "/admin/portfolio?page=2");
    expect(portfolio.data).toMatchObject({ page: 2, total: ITEMS });
  });

  it("after a toggle or a delete the admin returns to the same page and filters", async () => {
    const db = t.database.db;
    const [member] = (await listTeamMembers(db, { q: "member", page: 2 })).rows;
    if (!member) throw new Error("no team member on page 2");
    const toggled = await postTo(
      t,
      teamAction,
      "/admin/team?q=member&page=2&edit=x",
      new URLSearchParams({ intent: "activate", id: member.id, value: "false" }),
    );
    expect(toggled.headers.get("location")).toBe("/admin/team?q=member&page=2");
    expect(await toastOf(t.runtime, toggled)).toBe("Success: Team member deactivated");

    const removed = await postTo(
      t,
      confirmAction,
      `/admin/team/${member.id}/delete?q=member&page=2`,
      new URLSearchParams(),
      { params: { section: "team", id: member.id } },
    );
    expect(removed.headers.get("location")).toBe("/admin/team?q=member&page=2");

    const [post] = (await listBlogPosts(db, { q: "archive", status: "published" }, 3)).rows;
    if (!post) throw new Error("no post on page 3");
    const confirm = (await callRoute(
      blogDeleteLoader,
      t.runtime,
      `/admin/blog/${post.id}/delete?q=archive&status=published&page=3`,
      {
        cookie: t.cookies.admin,
        params: { id: post.id },
      },
    )) as { list: string };
    expect(confirm.list).toBe("/admin/blog?q=archive&status=published&page=3");
    const deleted = await postTo(
      t,
      blogDeleteAction,
      `/admin/blog/${post.id}/delete?q=archive&status=published&page=3`,
      new URLSearchParams(),
      { params: { id: post.id } },
    );
    expect(deleted.headers.get("location")).toBe("/admin/blog?q=archive&status=published&page=3");
    expect(await toastOf(t.runtime, deleted)).toContain(post.title);
    expect((await listBlogPosts(db, all, 1)).total).toBe(POSTS + DRAFTS - 1);
  });

  it("keeps only the list's own parameters in a return path", () => {
    const params = new URLSearchParams("q=a%26b&status=draft&page=2&edit=1&next=//evil.test");
    expect(listReturnPath("/admin/blog", params)).toBe("/admin/blog?q=a%26b&status=draft&page=2");
    expect(listReturnPath("/admin/blog", new URLSearchParams())).toBe("/admin/blog");
  });
});
