import { findCaseStudyDetail } from "@server/content/case-studies/read";
import { loadPortfolioCards } from "@server/content/portfolio/read";
import { planSitemap } from "@server/content/sitemap";
import { findCaseStudyPreview } from "@server/content/workflow/preview";
import { caseStudies, mediaItems, portfolioItems, settings } from "@server/db/schema";
import { homeReelId } from "@server/media/home-reel";
import { deleteItem } from "@server/media/library";
import { HOME_REEL_SETTING, privatePlaybackBase, renditionVersion } from "@server/media/playback";
import { caseStudyMeta } from "@server/route-kit/content-meta";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { MediaOutputs } from "~/entities/media/view";
import { renderSitemap } from "~/lib/sitemap";
import { action as portfolioAction } from "~/routes/admin/portfolio";
import { loader as videoLoader } from "~/routes/resources/video";
import { loader as portfolioLoader } from "~/routes/site/portfolio";
import { callRoute, contextFor, formOf, postTo, seededRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * How the site plays a Media library video (issue #44 items 5 and 6): GET /video/{id}/… serves
 * its files publicly only while a published portfolio item (or case study) uses it, under the
 * version of its transcode, cached for a year; any other time only through one private token per
 * item, refused for another item and once expired; `Range` answers 206 with only those bytes.
 * The portfolio editor takes only a ready video, and the public cards carry its addresses.
 */

const OUTPUTS: MediaOutputs = {
  master: "master.m3u8",
  renditions: [
    {
      height: 360,
      width: 640,
      bandwidth: 800_000,
      codecs: "avc1.64001e",
      playlist: "360p/index.m3u8",
    },
  ],
  poster: { jpeg: "poster.jpg", webp: "poster.webp", avif: "poster.avif" },
  storyboard: { image: "storyboard.jpg", vtt: "storyboard.vtt" },
};
const MASTER = "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n";
// 1,000 bytes whose values say where they are: a range's bytes are checked one by one.
const SEGMENT = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);

describe.each(testDrivers)("media playback on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;
  let id = "";
  let readyAt = new Date();

  beforeAll(async () => {
    readyAt = new Date(Date.now() - 60_000);
    const [item] = await db()
      .insert(mediaItems)
      .values({
        title: "Harbour teaser",
        originalName: "harbour.mp4",
        state: "ready",
        size: 1234,
        width: 640,
        height: 360,
        durationSeconds: 3,
        outputs: OUTPUTS,
        readyAt,
      })
      .returning();
    id = item?.id ?? "";
    const put = (file: string, body: Uint8Array | string, contentType: string) =>
      t.runtime.storage.put(
        "media-renditions",
        `${id}/${file}`,
        typeof body === "string" ? Buffer.from(body) : body,
        { contentType },
      );
    await put("master.m3u8", MASTER, "application/vnd.apple.mpegurl");
    await put("360p/seg_00001.m4s", SEGMENT, "video/iso.segment");
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    callRoute(videoLoader, t.runtime, path, {
      headers,
      params: { id: path.split("/")[2] ?? "", "*": path.split("/").slice(3).join("/") },
    }) as Promise<Response>;
  const publicPath = (file: string) => `/video/${id}/${renditionVersion(readyAt)}/${file}`;
  const usedBy = async (status: "published" | "draft") => {
    await db().delete(portfolioItems).where(eq(portfolioItems.title, "Harbour film"));
    await db().insert(portfolioItems).values({
      title: "Harbour film",
      serviceType: "video-production",
      status,
      videoMediaId: id,
    });
    // What an editor's save reports: the cached reads go.
    await t.runtime.caches.changed({ entity: "portfolio", id, action: "updated" });
  };

  it("has no public address until a published portfolio item uses it; a private link plays it", async () => {
    expect((await get(publicPath("master.m3u8"))).status).toBe(404);
    const base = privatePlaybackBase(t.runtime.keys.playbackLinks, id);
    const response = await get(`${base}master.m3u8`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-type")).toBe("application/vnd.apple.mpegurl");
    expect(await response.text()).toBe(MASTER);
    // The same token opens the rest of the folder (the playlists name files relatively).
    const segment = await get(`${base}360p/seg_00001.m4s`);
    expect(segment.status).toBe(200);
    expect(new Uint8Array(await segment.arrayBuffer())).toEqual(SEGMENT);
    // A draft that uses it does not make it public.
    await usedBy("draft");
    expect((await get(publicPath("master.m3u8"))).status).toBe(404);
  });

  it("is public under its transcode's version while published content uses it, cached for a year", async () => {
    await usedBy("published");
    const response = await get(publicPath("master.m3u8"));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(await response.text()).toBe(MASTER);
    // Another version (an earlier transcode's address) is not this one.
    const stale = `/video/${id}/${renditionVersion(new Date(readyAt.getTime() - 1000))}/master.m3u8`;
    expect((await get(stale)).status).toBe(404);
    // Nothing outside the item's folder, and no made-up path.
    expect((await get(publicPath("../other/master.m3u8"))).status).toBe(404);
    expect((await get(publicPath("missing.m3u8"))).status).toBe(404);
    expect((await get(`/video/not-a-uuid/${renditionVersion(readyAt)}/master.m3u8`)).status).toBe(
      404,
    );

    // The public cards carry the player's addresses under that version.
    const cards = await loadPortfolioCards(db(), { search: "Harbour", type: null, page: 1 });
    const card = cards.items.find((item) => item.title === "Harbour film");
    expect(card?.video).toMatchObject({
      master: publicPath("master.m3u8"),
      poster: { jpeg: publicPath("poster.jpg") },
      storyboard: publicPath("storyboard.vtt"),
      width: 640,
      height: 360,
    });
  });

  it("answers a Range with 206 and only those bytes, past the end with 416", async () => {
    await usedBy("published");
    const path = publicPath("360p/seg_00001.m4s");
    const part = await get(path, { Range: "bytes=100-199" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(part.headers.get("content-length")).toBe("100");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(SEGMENT.subarray(100, 200));
    const tail = await get(path, { Range: "bytes=990-" });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(SEGMENT.subarray(990));
    const beyond = await get(path, { Range: "bytes=1000-" });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */1000");
    // Two ranges at once: the whole file, which a server may always send.
    const several = await get(path, { Range: "bytes=0-9,500-509" });
    expect(several.status).toBe(200);
    expect((await several.arrayBuffer()).byteLength).toBe(1000);
  });

  it("refuses a private token for another item, a forged one, and an expired one", async () => {
    const key = t.runtime.keys.playbackLinks;
    const [other] = await db()
      .insert(mediaItems)
      .values({ title: "Other", originalName: "other.mp4", state: "ready", size: 1 })
      .returning();
    const token = privatePlaybackBase(key, other?.id ?? "").split("/")[4];
    const borrowed = await get(`/video/${id}/s/${token}/master.m3u8`);
    expect(borrowed.status).toBe(403);
    expect(borrowed.headers.get("cache-control")).toBe("private, no-store");
    const forged = `/video/${id}/s/9999999999.${"0".repeat(64)}/master.m3u8`;
    expect((await get(forged)).status).toBe(403);
    const fiveHoursAgo = () => Date.now() - 5 * 60 * 60 * 1000;
    const expired = privatePlaybackBase(key, id, fiveHoursAgo);
    expect((await get(`${expired}master.m3u8`)).status).toBe(403);
  });

  it("lets an editor choose only a ready video of the library", async () => {
    const [uploading] = await db()
      .insert(mediaItems)
      .values({ title: "Still uploading", originalName: "u.mp4", state: "uploading", size: 1 })
      .returning();
    const save = (videoMediaId: string) =>
      postTo(
        t,
        portfolioAction,
        "/admin/portfolio?new",
        formOf({
          intent: "save",
          workflow: "publish",
          title: "Chosen video",
          serviceType: "video-production",
          videoMediaId,
        }),
      );
    const refused = (await save(uploading?.id ?? "")) as unknown as {
      init: { status: number };
      data: { fieldErrors: Record<string, string[]> };
    };
    expect(refused.init.status).toBe(400);
    expect(refused.data.fieldErrors.videoMediaId).toEqual([
      "Choose a video from the Media library",
    ]);
    const notAnId = (await save("reel.mp4")) as unknown as typeof refused;
    expect(notAnId.data.fieldErrors.videoMediaId).toEqual([
      "Choose a video from the Media library",
    ]);
    const saved = await save(id);
    expect(saved).toBeInstanceOf(Response);
    const [row] = await db()
      .select()
      .from(portfolioItems)
      .where(eq(portfolioItems.title, "Chosen video"));
    expect(row?.videoMediaId).toBe(id);
  });

  it("a published case study plays it: the page's VideoObject and the video sitemap name it", async () => {
    await db().insert(caseStudies).values({
      slug: "harbour-study",
      title: "Harbour study",
      description: "A film for the harbour.",
      status: "published",
      videoMediaId: id,
    });
    await t.runtime.caches.changed({ entity: "case-studies", id, action: "created" });
    const found = await findCaseStudyDetail(db(), "harbour-study");
    expect(found?.study.video?.master).toBe(publicPath("master.m3u8"));
    expect((await get(publicPath("master.m3u8"))).status).toBe(200);

    if (!found) throw new Error("The study's page was not found");
    const site = t.runtime.config.SITE_URL;
    const meta = caseStudyMeta(
      new Request(`${site}/case-studies/harbour-study`),
      contextFor(t.runtime),
      found.study,
      found.seo,
    );
    const videoObject = meta
      .map((tag) => (tag as { "script:ld+json"?: Record<string, unknown> })["script:ld+json"])
      .find((data) => data?.["@type"] === "VideoObject");
    expect(videoObject).toMatchObject({
      name: "Harbour study",
      description: "A film for the harbour.",
      contentUrl: `${site}${publicPath("master.m3u8")}`,
      thumbnailUrl: [`${site}${publicPath("poster.jpg")}`, `${site}${publicPath("poster.webp")}`],
      uploadDate: readyAt.toISOString(),
      duration: "PT3S",
    });

    const plan = await planSitemap(db());
    if (plan.kind !== "urlset") throw new Error("expected one urlset");
    const entry = plan.entries.find((e) => e.path === "/case-studies/harbour-study");
    expect(entry?.videos).toEqual([
      {
        title: "Harbour study",
        description: "A film for the harbour.",
        thumbnail: publicPath("poster.jpg"),
        content: publicPath("master.m3u8"),
        durationSeconds: 3,
        publicationDate: readyAt.toISOString(),
      },
    ]);
    const xml = renderSitemap(site, plan.entries);
    expect(xml).toContain('xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"');
    expect(xml).toContain(
      `<video:content_loc>${site}${publicPath("master.m3u8")}</video:content_loc>`,
    );
    // The portfolio's published item that uses it puts it on /portfolio's entry too.
    expect(plan.entries.find((e) => e.path === "/portfolio")?.videos?.[0]?.title).toBe(
      "Chosen video",
    );
  });

  it("a gallery video is named on its study's page and in the sitemap; /portfolio names its cards' videos", async () => {
    await db()
      .insert(caseStudies)
      .values({
        slug: "gallery-seo-study",
        title: "Gallery study",
        description: "Behind the scenes.",
        status: "published",
        mediaGallery: [{ type: "video", url: "", title: "Making of", media_id: id }],
      });
    await t.runtime.caches.changed({ entity: "case-studies", id, action: "created" });
    const found = await findCaseStudyDetail(db(), "gallery-seo-study");
    const study = found?.study;
    if (!study) throw new Error("the study should be found");
    const site = t.runtime.config.SITE_URL;
    const videoObjects = caseStudyMeta(
      new Request(`${site}/case-studies/gallery-seo-study`),
      contextFor(t.runtime),
      study,
    )
      .map((tag) => (tag as { "script:ld+json"?: Record<string, unknown> })["script:ld+json"])
      .filter((data) => data?.["@type"] === "VideoObject");
    expect(videoObjects).toEqual([
      expect.objectContaining({
        name: "Making of",
        contentUrl: `${site}${publicPath("master.m3u8")}`,
      }),
    ]);
    const plan = await planSitemap(db());
    if (plan.kind !== "urlset") throw new Error("expected one urlset");
    expect(plan.entries.find((e) => e.path === "/case-studies/gallery-seo-study")?.videos).toEqual([
      expect.objectContaining({ title: "Making of", content: publicPath("master.m3u8") }),
    ]);

    // The portfolio list's head: a VideoObject for the published card that plays it (found by
    // its title: the demo content fills the first page).
    const answer = (await callRoute(portfolioLoader, t.runtime, `${site}/portfolio?q=Chosen`)) as {
      data: { meta: Array<Record<string, unknown>> };
    };
    const listed = answer.data.meta
      .map((tag) => tag["script:ld+json"] as Record<string, unknown> | undefined)
      .filter((data) => data?.["@type"] === "VideoObject");
    expect(listed).toEqual([expect.objectContaining({ name: "Chosen video" })]);
  });
  it("a draft study's preview plays its videos through private links, the page through none", async () => {
    const [draft] = await db()
      .insert(caseStudies)
      .values({
        slug: "preview-video-study",
        title: "Preview video",
        status: "draft",
        videoMediaId: id,
        mediaGallery: [{ type: "video", url: "", title: "Teaser", media_id: id }],
      })
      .returning();
    const key = t.runtime.keys.playbackLinks;
    const preview = await findCaseStudyPreview(db(), draft?.id ?? "", key);
    const master = preview?.study.video?.master ?? "";
    expect(master).toMatch(new RegExp(`^/video/${id}/s/[^/]+/master\\.m3u8$`));
    expect(preview?.study.media[0]?.video?.master).toBe(master);
    expect((await get(master)).status).toBe(200);
    // The public page of a draft is not found, so nothing plays without the preview.
    expect(await findCaseStudyDetail(db(), "preview-video-study")).toBeNull();
  });

  it("Delete lets go of every use: a gallery entry keeps its URL or goes, the home reel falls back", async () => {
    await db()
      .insert(caseStudies)
      .values({
        slug: "delete-uses-study",
        title: "Delete uses",
        status: "draft",
        mediaGallery: [
          { type: "image", url: "https://example.com/still.jpg" },
          { type: "video", url: "", media_id: id },
          { type: "video", url: "https://example.com/cut.mp4", title: "Cut", media_id: id },
        ],
      });
    await db().insert(settings).values({ name: HOME_REEL_SETTING, value: id });
    expect(await homeReelId(db())).toBe(id);
    expect(await deleteItem(t.runtime, { id: null, email: null, ip: null }, id)).toBe("deleted");
    const [study] = await db()
      .select({ gallery: caseStudies.mediaGallery })
      .from(caseStudies)
      .where(eq(caseStudies.slug, "delete-uses-study"));
    expect(study?.gallery).toEqual([
      { type: "image", url: "https://example.com/still.jpg" },
      { type: "video", url: "https://example.com/cut.mp4", title: "Cut" },
    ]);
    expect(await homeReelId(db())).toBeNull();
    expect((await get(publicPath("master.m3u8"))).status).toBe(404);
  });
});
