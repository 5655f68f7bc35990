import { findCaseStudyDetail } from "@server/content/case-studies/read";
import { caseStudies } from "@server/db/schema";
import { usesOfItems } from "@server/media/library";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as editorAction } from "~/routes/admin/case-study-editor";
import { formOf, postTo, SITE, seededRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { mediaUseFixture } from "../support/media-items";

/**
 * A case study's gallery video can be a Media library item (issue #44 item 5): the editor takes
 * only a ready one (the same message as the study's own video), the public page carries its
 * player, the public video route serves it while a published study's gallery uses it (not a
 * draft's), and the Media screen's "Used on" names the study.
 */

const MASTER = "#EXTM3U\n";

describe.each(testDrivers)("case-study gallery videos from the Media library on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;
  const { items, publicBase, publicMaster } = mediaUseFixture(t, "Gallery cut");

  const save = (fields: Record<string, string>) =>
    postTo(
      t,
      editorAction,
      "/admin/case-studies/new",
      formOf({
        title: "Gallery study",
        slug: "gallery-study",
        galleryLayout: "grid",
        intent: "save",
        "media.0.type": "video",
        "media.0.url": "",
        "media.0.title": "The cut",
        ...fields,
      }),
      { headers: { Origin: SITE } },
    ) as Promise<
      Response | { data: { fieldErrors: Record<string, string[]> }; init: { status: number } }
    >;
  const study = async () =>
    (await db().select().from(caseStudies).where(eq(caseStudies.slug, "gallery-study")))[0];
  const setStatus = async (status: "published" | "draft") => {
    await db().update(caseStudies).set({ status }).where(eq(caseStudies.slug, "gallery-study"));
    await t.runtime.caches.changed({ entity: "case-studies", id: items.id, action: "updated" });
  };

  it("refuses a gallery video that is not a ready item of the library, storing nothing", async () => {
    const count = async () =>
      (await db().select({ n: sql<number>`count(*)::int` }).from(caseStudies))[0]?.n;
    const before = await count();
    for (const mediaId of [items.uploadingId, "reel.mp4", "3f0c2b7e-0000-4000-8000-000000000000"]) {
      const refused = await save({ "media.0.mediaId": mediaId });
      if (refused instanceof Response) throw new Error(`saved with ${mediaId}`);
      expect(refused.init.status).toBe(400);
      expect(refused.data.fieldErrors).toEqual({
        "media.0.mediaId": ["Choose a video from the Media library"],
      });
    }
    expect(await count()).toBe(before);
  });

  it("stores a ready item without a URL; a draft's gallery does not make it public", async () => {
    const saved = await save({ "media.0.mediaId": items.id });
    expect(saved).toBeInstanceOf(Response);
    expect((await study())?.mediaGallery).toEqual([
      { type: "video", url: "", title: "The cut", media_id: items.id },
    ]);
    expect((await study())?.status).toBe("draft");
    expect((await publicMaster()).status).toBe(404);
  });

  it("is public while a published study's gallery plays it; the page carries its player", async () => {
    await setStatus("published");
    const response = await publicMaster();
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(MASTER);
    const found = await findCaseStudyDetail(db(), "gallery-study");
    const base = publicBase();
    expect(found?.study.media).toEqual([
      expect.objectContaining({
        type: "video",
        media_id: items.id,
        video: expect.objectContaining({ master: `${base}master.m3u8`, title: "Gallery cut" }),
      }),
    ]);
    // The Media screen says where it is used.
    expect((await usesOfItems(db())).get(items.id)).toEqual(["Gallery study"]);

    // Back to a draft: no public address any more.
    await setStatus("draft");
    expect((await publicMaster()).status).toBe(404);
  });
});
