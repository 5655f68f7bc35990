import {
  publishScheduledJob,
  queuePublishing,
} from "@server/content/workflow/scheduled-publishing";
import { blogPosts, contentDrafts } from "@server/db/schema";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as editorAction } from "~/routes/admin/blog-editor";
import { formOf, postTo, seededRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { startWorkingInstance } from "../support/jobs";

/**
 * `npm run bench:publishing` (not part of `npm test`): the delay from a draft's "Publish at" to
 * its post being live, through its job on a working instance (issue #49). Drafts are scheduled
 * through the blog editor's action, then moved to times about a second apart from now (the form
 * takes whole minutes); each post's live moment is read by polling every 20 ms.
 */

const POSTS = 30;

function percentile(sorted: number[], p: number): number {
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

describe.each(testDrivers)("publishing delay on %s", (driver) => {
  const t = seededRuntime(driver);

  it(`measures ${POSTS} scheduled posts`, async () => {
    const db = t.database.db;
    const ids: string[] = [];
    const slugs: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const title = `Bench Story ${driver} ${i}`;
      const saved = await postTo(
        t,
        editorAction,
        "/admin/blog/new",
        formOf({ title, content: "<p>Bench</p>", workflow: "save-draft" }),
        { params: {} },
      );
      const id = (saved as Response).headers.get("location")?.split("/").pop() ?? "";
      ids.push(id);
      slugs.push(`bench-story-${driver}-${i}`);
    }
    const start = Date.now() + 3_000;
    const due = new Map<string, number>();
    for (const [i, id] of ids.entries()) {
      // A second apart, each at another point of the second: the worker's poll phase varies.
      const publishAt = new Date(start + i * 1_000 + ((i * 397) % 1_000));
      const [post] = await db.select().from(blogPosts).where(eq(blogPosts.id, id));
      await db
        .insert(contentDrafts)
        .values({
          entityType: "blog_post",
          entityId: id,
          values: { title: post?.title ?? "", slug: post?.slug ?? "", content: "<p>Bench</p>" },
          state: "scheduled",
          publishAt,
        })
        .onConflictDoUpdate({
          target: [contentDrafts.entityType, contentDrafts.entityId],
          set: { state: "scheduled", publishAt },
        });
      await queuePublishing(db, t.runtime.jobs, { entity: "blog_post", id, publishAt });
      due.set(post?.slug ?? "", publishAt.getTime());
    }
    const worker = await startWorkingInstance(t.runtime, [publishScheduledJob]);
    const live = new Map<string, number>();
    try {
      const deadline = start + POSTS * 1_000 + 30_000;
      while (live.size < POSTS && Date.now() < deadline) {
        const rows = await db
          .select({ slug: blogPosts.slug, status: blogPosts.status })
          .from(blogPosts)
          .where(inArray(blogPosts.slug, [...due.keys()]));
        for (const row of rows) {
          if (row.status === "published" && !live.has(row.slug)) live.set(row.slug, Date.now());
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.stop();
    }
    const delays = [...live].map(([slug, at]) => at - (due.get(slug) ?? 0)).sort((a, b) => a - b);
    console.log(
      `publishing delay on ${driver}: ${delays.length}/${POSTS} live; p50 ${percentile(delays, 50)} ms, ` +
        `p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms`,
    );
    expect(delays).toHaveLength(POSTS);
  }, 180_000);
});
