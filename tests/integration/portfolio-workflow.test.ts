import { listPortfolioItems } from "@server/content/portfolio/editor";
import { listPublishedPortfolioItems } from "@server/content/portfolio/read";
import { publishDue } from "@server/content/workflow/scheduled-publishing";
import { auditEvents, contentDrafts, contentRevisions, portfolioItems } from "@server/db/schema";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PublishingState } from "~/lib/publishing";
import { toZonedInput } from "~/lib/studio-time";
import { action as historyAction, loader as historyLoader } from "~/routes/admin/content-history";
import { action as portfolioAction, loader as portfolioLoader } from "~/routes/admin/portfolio";
import { callRoute, formOf, postTo, seededRuntime, toastOf } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * Portfolio items go through the same drafts and publishing as blog posts and case studies
 * (issue #31): Save draft / Publish / Update / Unpublish, badges and filter, revisions and
 * restore, scheduling — one workflow (`saveThroughWorkflow`), no copy.
 */
describe.each(testDrivers)("portfolio workflow on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;
  const fields = {
    intent: "save",
    title: "Workflow Reel",
    description: "The first cut.",
    serviceType: "consulting",
    tags: "reel",
  };

  async function save(extra: Record<string, string>, id?: string) {
    const result = await postTo(
      t,
      portfolioAction,
      id ? `/admin/portfolio?edit=${id}` : "/admin/portfolio?new",
      formOf({ ...fields, ...(id ? { id } : {}), ...extra }),
    );
    if (!(result instanceof Response)) throw new Error(JSON.stringify(result));
    return { location: result.headers.get("location"), toast: await toastOf(t.runtime, result) };
  }
  const isLive = async () =>
    (await listPublishedPortfolioItems(db())).find((item) => item.title === "Workflow Reel") ??
    null;
  const stateOf = async (status: PublishingState | "" = "") =>
    (await listPortfolioItems(db(), { q: "Workflow Reel", page: 1, status })).rows;
  const editor = async (id: string) =>
    (await callRoute(portfolioLoader, t.runtime, `/admin/portfolio?edit=${id}`, {
      cookie: t.cookies.admin,
    })) as unknown as {
      editor: { item: { description: string | null } };
      publishing: { state: string; live: boolean };
      history: string;
    };

  it("saves a draft, publishes, keeps a published item's draft off the site until Update, schedules, restores, unpublishes", async () => {
    const drafted = await save({ workflow: "save-draft" });
    const [row] = await db()
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.title, "Workflow Reel"));
    const id = row?.id ?? "";
    expect(row?.status).toBe("draft");
    expect(drafted).toEqual({
      location: `/admin/portfolio?edit=${id}`,
      toast: "Success: Draft saved. The website shows the published version until you publish.",
    });
    expect(await isLive()).toBeNull();
    expect((await stateOf("draft")).map((r) => r.id)).toEqual([id]);

    const published = await save({ workflow: "publish" }, id);
    expect(published.toast).toBe("Success: Portfolio item updated successfully");
    expect((await isLive())?.description).toBe("The first cut.");

    // A draft of the published item: the site keeps the live row, the editor shows the draft.
    await save({ description: "The second cut.", workflow: "save-draft" }, id);
    expect((await isLive())?.description).toBe("The first cut.");
    const open = await editor(id);
    expect(open.editor.item.description).toBe("The second cut.");
    expect(open.publishing).toMatchObject({ state: "changes", live: true });
    expect((await stateOf("changes")).map((r) => r.draftState)).toEqual(["draft"]);
    expect(open.history).toBe(`/admin/history/portfolio/${id}`);

    await save({ description: "The second cut.", workflow: "update" }, id);
    expect((await isLive())?.description).toBe("The second cut.");
    expect((await stateOf("published")).map((r) => r.id)).toEqual([id]);

    // Scheduled: live only from its time, through the scheduler's clock.
    const at = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const scheduled = await save(
      {
        description: "The third cut.",
        workflow: "schedule",
        publishAt: toZonedInput(at, t.runtime.config.STUDIO_TIME_ZONE),
      },
      id,
    );
    expect(scheduled.toast).toMatch(/^Success: Scheduled\. It will be published on /);
    expect((await stateOf("scheduled")).map((r) => r.id)).toEqual([id]);
    expect(await publishDue(db(), t.runtime.config.SITE_URL, new Date(at.getTime() - 60_000))).toBe(
      0,
    );
    expect((await isLive())?.description).toBe("The second cut.");
    expect(await publishDue(db(), t.runtime.config.SITE_URL, new Date(at.getTime() + 60_000))).toBe(
      1,
    );
    expect((await isLive())?.description).toBe("The third cut.");
    expect(await db().select().from(contentDrafts).where(eq(contentDrafts.entityId, id))).toEqual(
      [],
    );

    // History: every save and publish kept; restoring the first makes it the draft.
    const history = (await callRoute(historyLoader, t.runtime, `/admin/history/portfolio/${id}`, {
      cookie: t.cookies.admin,
      params: { section: "portfolio", id },
    })) as unknown as { revisions: { id: string; kind: string }[] };
    expect(history.revisions.map((r) => r.kind)).toEqual([
      "Published",
      "Draft saved",
      "Published",
      "Draft saved",
      "Published",
      "Draft saved",
    ]);
    const first = history.revisions.at(-1);
    const restored = await postTo(
      t,
      historyAction,
      `/admin/history/portfolio/${id}`,
      new URLSearchParams({ revision: first?.id ?? "" }),
      { params: { section: "portfolio", id } },
    );
    expect(restored instanceof Response && restored.headers.get("location")).toBe(
      `/admin/portfolio?edit=${id}`,
    );
    expect((await editor(id)).editor.item.description).toBe("The first cut.");
    expect((await isLive())?.description).toBe("The third cut.");

    const off = await save({ workflow: "unpublish" }, id);
    expect(off.toast).toBe("Success: Portfolio item unpublished. It is no longer on the website.");
    expect(await isLive()).toBeNull();
    const actions = await db()
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id))
      .orderBy(desc(auditEvents.at));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(["save_draft", "schedule", "restore_revision", "update", "create"]),
    );
    expect(
      (await db().select().from(contentRevisions).where(eq(contentRevisions.entityId, id))).length,
    ).toBeGreaterThan(0);
  });
});
