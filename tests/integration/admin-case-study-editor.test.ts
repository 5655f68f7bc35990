import { findCaseStudy, saveCaseStudy } from "@server/content/case-studies/editor";
import { findCaseStudyDetail, loadCaseStudyCards } from "@server/content/case-studies/read";
import { caseStudies, uploads } from "@server/db/schema";
import { uploadImage } from "@server/uploads/images";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { parseCaseStudy, readDraft } from "~/entities/case-study/form";
import { action as editorAction, loader as editorLoader } from "~/routes/admin/case-study-editor";
import { callRoute, formOf, postTo, SITE, seededRuntime, toastOf } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { pngBytes } from "../support/files";

/** The first page of /case-studies, neither searched nor filtered. */
const FIRST_PAGE = { search: "", tag: null, page: 1 };

/**
 * The case-study editor's server side (issue #7): validation with field messages and nothing
 * stored, slugs (made, unique, fixed for the built-in studies), the metric and gallery shapes,
 * row moves without JavaScript, uploads in the form, one transaction, and the public site
 * following at once (contentChanged).
 */

type Fields = Record<string, string | File>;

const VALID: Fields = {
  title: "Northern Lights Tour",
  slug: "",
  subtitle: "A winter campaign",
  description: "Three cities, one film.",
  content: "First paragraph.\n\nSecond paragraph.",
  status: "published",
  isFeatured: "on",
  tags: "Music, Tour , music, ",
  imageUrl: "/media/case-studies/estate-media.svg",
  videoUrl: "https://video.example.com/tour.mp4",
  clientName: "Aurora Live",
  serviceType: "Video Production",
  projectDuration: "3 months",
  budgetRange: "$50K – $100K",
  sortPosition: "-5",
  galleryLayout: "curated",
  "metrics.0.name": "total_views",
  "metrics.0.value": "12M",
  "metrics.0.hidden": "on",
  "metrics.1.name": "tickets_sold",
  "metrics.1.value": "40K",
  "metrics.2.name": "",
  "metrics.2.value": "",
  "media.0.type": "video",
  "media.0.url": "https://video.example.com/teaser.mp4",
  "media.0.title": "Teaser",
  "media.0.thumbnailUrl": "/media/gallery/estate-media-01.svg",
  "media.1.type": "image",
  "media.1.url": "/media/gallery/estate-media-02.svg",
  "media.1.title": "",
  "media.1.thumbnailUrl": "",
};

describe.each(testDrivers)("case-study editor on %s", (driver) => {
  const t = seededRuntime(driver);
  const { changes } = t;

  const db = () => t.database.db;
  const count = async () =>
    (await db().select({ n: sql<number>`count(*)::int` }).from(caseStudies))[0]?.n;

  /** Posts the editor's form (multipart, as the browser does) as `cookie`. */
  async function post(fields: Fields, id?: string, cookie = t.cookies.admin) {
    const path = id ? `/admin/case-studies/${id}/edit` : "/admin/case-studies/new";
    const result = (await postTo(t, editorAction, path, formOf(fields), {
      cookie,
      headers: { Origin: SITE },
      params: id ? { id } : {},
    })) as Response | { data: unknown; init: { status?: number } | null };
    if (result instanceof Response) {
      return {
        status: result.status,
        location: result.headers.get("location"),
        toast: await toastOf(t.runtime, result),
        state: null,
      };
    }
    const state = result.data as {
      draft: ReturnType<typeof readDraft>;
      fieldErrors: Record<string, string[]>;
      message: string | null;
      focus: string | null;
    };
    return { status: result.init?.status ?? 200, location: null, toast: null, state };
  }

  async function bySlug(slug: string) {
    const [row] = await db().select().from(caseStudies).where(eq(caseStudies.slug, slug));
    return row;
  }

  it("creates a study with every field; the slug comes from the title; the public site shows it", async () => {
    changes.length = 0;
    const created = await post(VALID);
    expect(created).toMatchObject({
      status: 302,
      location: "/admin/case-studies",
      toast: "Success: Case study created successfully",
    });
    const row = await bySlug("northern-lights-tour");
    if (!row) throw new Error("not stored");
    expect(row).toMatchObject({
      title: "Northern Lights Tour",
      subtitle: "A winter campaign",
      content: "First paragraph.\n\nSecond paragraph.",
      status: "published",
      isFeatured: true,
      tags: ["Music", "Tour"],
      videoUrl: "https://video.example.com/tour.mp4",
      clientName: "Aurora Live",
      serviceType: "Video Production",
      projectDuration: "3 months",
      budgetRange: "$50K – $100K",
      sortPosition: -5,
      galleryLayout: "curated",
      // Ordered pairs, the blank row dropped; hidden metrics chosen among them.
      keyMetrics: [
        { name: "total_views", value: "12M" },
        { name: "tickets_sold", value: "40K" },
      ],
      hiddenMetrics: ["total_views"],
      mediaGallery: [
        {
          type: "video",
          url: "https://video.example.com/teaser.mp4",
          title: "Teaser",
          thumbnail_url: "/media/gallery/estate-media-01.svg",
        },
        { type: "image", url: "/media/gallery/estate-media-02.svg" },
      ],
    });
    expect(changes).toEqual([{ entity: "case-studies", id: row.id, action: "created" }]);

    // At once on the public pages (the content cache was dropped).
    const cards = await loadCaseStudyCards(db(), FIRST_PAGE);
    const card = cards.studies.find((s) => s.path === "northern-lights-tour");
    expect(card?.metrics).toEqual([{ name: "tickets_sold", value: "40K" }]);
    const detail = await findCaseStudyDetail(db(), "northern-lights-tour");
    expect(detail?.study.title).toBe("Northern Lights Tour");
    expect(detail?.study.metrics.map((m) => m.name)).toEqual(["tickets_sold"]);
  });

  it("refuses bad input with a message per field and stores nothing", async () => {
    const before = await count();
    changes.length = 0;
    const refused = await post({
      ...VALID,
      title: "  ",
      slug: "Not A Slug!",
      status: "live",
      galleryLayout: "carousel",
      sortPosition: "1.5",
      videoUrl: "javascript:alert(1)",
      "metrics.1.value": "",
      "metrics.2.name": "Total_Views",
      "metrics.2.value": "1",
      "media.1.type": "audio",
      "media.0.url": "",
      "media.0.thumbnailUrl": "data:image/png;base64,AAAA",
    });
    expect(refused.status).toBe(400);
    expect(refused.state?.message).toBe(
      "The case study was not saved. Please correct the highlighted fields.",
    );
    expect(refused.state?.fieldErrors).toEqual({
      title: ["Title is required"],
      slug: ["Use lowercase letters, numbers and single hyphens (for example client-launch-film)"],
      status: ["Choose a status: published, draft or archived"],
      galleryLayout: ["Choose a gallery layout: grid, music videos or curated"],
      sortPosition: ["Sort position must be a whole number between -1000 and 1000"],
      videoUrl: ["Enter a full web address (https://…) or a site path starting with /"],
      "metrics.1.value": ["Give this metric a value"],
      "metrics.2.name": ["Another metric already has this name"],
      "media.0.url": ["Give this item a URL or upload an image"],
      "media.0.thumbnailUrl": [
        "Enter a full web address (https://…) or a site path starting with /",
      ],
      "media.1.type": ["Choose image or video"],
    });
    // The form comes back as typed.
    expect(refused.state?.draft.slug).toBe("Not A Slug!");
    expect(refused.state?.draft.metrics).toHaveLength(3);
    expect(await count()).toBe(before);
    expect(changes).toEqual([]);
  });

  it("keeps slugs unique with a clear message, on create and on edit", async () => {
    const before = await count();
    const again = await post(VALID);
    expect(again.status).toBe(409);
    expect(again.state?.fieldErrors.slug).toEqual([
      'The slug "northern-lights-tour" is already used by "Northern Lights Tour". Choose another one.',
    ]);
    expect(await count()).toBe(before);

    const other = await post({ ...VALID, title: "Second Tour", slug: "second-tour" });
    expect(other.status).toBe(302);
    const second = await bySlug("second-tour");
    const taken = await post({ ...VALID, slug: "northern-lights-tour" }, second?.id);
    expect(taken.status).toBe(409);
    expect((await bySlug("second-tour"))?.id).toBe(second?.id);

    // Two saves racing for one new slug: one wins, the other gets the message (on PostgreSQL
    // the unique index refuses the loser; PGlite runs them one after the other).
    const input = parseCaseStudy(readDraft(formOf({ ...VALID, title: "Race" })));
    if (!input.ok) throw new Error("VALID should parse");
    const results = await Promise.all([
      saveCaseStudy(db(), null, input.value),
      saveCaseStudy(db(), null, input.value),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      reason: "invalid",
      fieldErrors: { slug: [expect.stringContaining('The slug "race" is already used by')] },
    });
    await db().delete(caseStudies).where(eq(caseStudies.slug, "race"));
  });

  it("edits a study: the loader prefills it, the change shows publicly at once", async () => {
    const row = await bySlug("second-tour");
    if (!row) throw new Error("missing");
    const loaded = (await callRoute(editorLoader, t.runtime, `/admin/case-studies/${row.id}/edit`, {
      cookie: t.cookies.admin,
      params: { id: row.id },
    })) as { mode: string; draft: { title: string; metrics: unknown[]; media: unknown[] } };
    expect(loaded.mode).toBe("edit");
    expect(loaded.draft.title).toBe(row.title);
    expect(loaded.draft.metrics).toEqual([
      { name: "total_views", value: "12M", hidden: true },
      { name: "tickets_sold", value: "40K", hidden: false },
    ]);
    // Cached before the edit...
    expect((await findCaseStudyDetail(db(), "second-tour"))?.study.subtitle).toBe(
      "A winter campaign",
    );
    changes.length = 0;
    const edited = await post(
      { ...VALID, title: "Second Tour", slug: "second-tour", subtitle: "Now in spring" },
      row.id,
    );
    expect(edited).toMatchObject({
      status: 302,
      toast: "Success: Case study updated successfully",
    });
    expect(changes).toEqual([{ entity: "case-studies", id: row.id, action: "updated" }]);
    // ...and fresh after it.
    expect((await findCaseStudyDetail(db(), "second-tour"))?.study.subtitle).toBe("Now in spring");
  });

  it("moves, adds and removes rows without JavaScript, storing nothing", async () => {
    const row = await bySlug("second-tour");
    const before = await findCaseStudy(db(), row?.id ?? "");
    const moved = await post({ ...VALID, intent: "media-up:1" }, row?.id);
    expect(moved.status).toBe(200);
    expect(moved.state?.draft.media.map((m) => m.url)).toEqual([
      "/media/gallery/estate-media-02.svg",
      "https://video.example.com/teaser.mp4",
    ]);
    // Focus stays on the moved row; at the top its "up" is off, so its "down" takes it.
    expect(moved.state?.focus).toBe("media-down:0");
    const down = await post({ ...VALID, intent: "metric-down:0" });
    expect(down.state?.draft.metrics.map((m) => m.name)).toEqual([
      "tickets_sold",
      "total_views",
      "",
    ]);
    expect(down.state?.draft.metrics[1]?.hidden).toBe(true);
    const removed = await post({ ...VALID, intent: "metric-remove:0" });
    expect(removed.state?.draft.metrics.map((m) => m.name)).toEqual(["tickets_sold", ""]);
    const added = await post({ ...VALID, intent: "media-add" });
    expect(added.state?.draft.media).toHaveLength(3);
    expect(added.state?.focus).toBe("media.2.type");
    // An edge or a bad index changes nothing.
    const edge = await post({ ...VALID, intent: "metric-up:0" });
    expect(edge.state?.draft.metrics.map((m) => m.name)).toEqual([
      "total_views",
      "tickets_sold",
      "",
    ]);
    expect(await findCaseStudy(db(), row?.id ?? "")).toEqual(before);
  });

  it("keeps the order of metrics and gallery items as saved", async () => {
    const row = await bySlug("second-tour");
    await post(
      {
        ...VALID,
        title: "Second Tour",
        slug: "second-tour",
        "metrics.0.name": "b",
        "metrics.0.value": "2",
        "metrics.0.hidden": "",
        "metrics.1.name": "a",
        "metrics.1.value": "1",
        "metrics.2.name": "c",
        "metrics.2.value": "3",
        "metrics.2.hidden": "on",
        "media.0.type": "image",
        "media.0.url": "/z.svg",
        "media.1.url": "/a.svg",
      },
      row?.id,
    );
    const saved = await findCaseStudy(db(), row?.id ?? "");
    expect(saved?.keyMetrics.map((m) => m.name)).toEqual(["b", "a", "c"]);
    expect(saved?.hiddenMetrics).toEqual(["c"]);
    expect(saved?.mediaGallery.map((m) => m.url)).toEqual(["/z.svg", "/a.svg"]);
  });

  it("stores an image chosen without JavaScript and gives it to the study; refuses a fake .png", async () => {
    const png = new File([await pngBytes()], "cover.png", { type: "image/png" });
    const created = await post({ ...VALID, title: "Upload Test", imageUrl: "", imageUrlFile: png });
    expect(created.status).toBe(302);
    const row = await bySlug("upload-test");
    expect(row?.imageUrl).toMatch(/^\/files\/portfolio-images\/images\/\d+_[0-9a-f]+\.png$/);
    const [owned] = await db()
      .select()
      .from(uploads)
      .where(eq(uploads.ownerId, row?.id ?? ""));
    expect(owned).toMatchObject({ ownerTable: "case_studies", bucket: "portfolio-images" });

    const before = await count();
    const uploadsBefore = (await db().select().from(uploads)).length;
    const fake = new File([new TextEncoder().encode("%PDF-1.4 not an image")], "fake.png", {
      type: "image/png",
    });
    const refused = await post({ ...VALID, title: "Fake Upload", "media.1.urlFile": fake });
    expect(refused.status).toBe(400);
    expect(refused.state?.fieldErrors["media.1.url"]).toEqual(["Only image files are accepted."]);
    expect(await count()).toBe(before);
    expect((await db().select().from(uploads)).length).toBe(uploadsBefore);

    // A video item takes no upload.
    const video = await post({ ...VALID, title: "Video Upload", "media.0.urlFile": png });
    expect(video.state?.fieldErrors["media.0.url"]).toEqual([
      "Uploads take images only: for a video, enter its address",
    ]);
    expect(await count()).toBe(before);
  });

  it("reads a full form: 20 metrics and 30 gallery items with their empty file inputs", async () => {
    const fields: Fields = { ...VALID, title: "Full Form" };
    for (let i = 0; i < 20; i++) {
      fields[`metrics.${i}.name`] = `metric_${i}`;
      fields[`metrics.${i}.value`] = String(i);
    }
    for (let i = 0; i < 30; i++) {
      Object.assign(fields, {
        [`media.${i}.type`]: "image",
        [`media.${i}.url`]: `/media/${i}.svg`,
        [`media.${i}.urlFile`]: new File([], ""),
        [`media.${i}.title`]: "",
        [`media.${i}.thumbnailUrl`]: "",
        [`media.${i}.thumbnailUrlFile`]: new File([], ""),
      });
    }
    fields.imageUrlFile = new File([], "");
    const saved = await post(fields);
    expect(saved.status).toBe(302);
    const row = await bySlug("full-form");
    expect(row?.keyMetrics).toHaveLength(20);
    expect(row?.mediaGallery.map((m) => m.url).slice(0, 3)).toEqual([
      "/media/0.svg",
      "/media/1.svg",
      "/media/2.svg",
    ]);

    // One more of each is refused.
    const over = await post({
      ...fields,
      slug: "full-form-2",
      "metrics.20.name": "one_more",
      "metrics.20.value": "1",
      "media.30.type": "image",
      "media.30.url": "/media/30.svg",
    });
    expect(over.status).toBe(400);
    expect(over.state?.fieldErrors.metrics).toEqual(["Keep it to 20 key metrics"]);
    expect(over.state?.fieldErrors.media).toEqual(["Keep it to 30 gallery items"]);
  });

  it("saves in one transaction: a failure while claiming images leaves nothing behind", async () => {
    const image = await uploadImage(t.runtime, new File([await pngBytes()], "x.png"));
    await db().execute(sql`
      create function refuse_claim() returns trigger language plpgsql as $$
      begin raise exception 'claim refused'; end $$`);
    await db().execute(sql`
      create trigger refuse_claim before update on uploads
      for each row when (new.owner_table = 'case_studies') execute function refuse_claim()`);
    try {
      const before = await count();
      changes.length = 0;
      const failed = await post({ ...VALID, title: "Rolled Back", imageUrl: image.url });
      expect(failed.status).toBe(500);
      expect(failed.state?.message).toBe("Failed to save case study");
      expect(await bySlug("rolled-back")).toBeUndefined();
      expect(await count()).toBe(before);
      expect(changes).toEqual([]);
    } finally {
      await db().execute(sql`drop trigger refuse_claim on uploads`);
      await db().execute(sql`drop function refuse_claim()`);
    }
  });

  it("built-in studies: their slug stays, and their edits show on the list and the page", async () => {
    const estate = await bySlug("estate-media");
    if (!estate) throw new Error("the demo content has no Estate Media row");
    const renamed = await post(
      { ...VALID, title: "Estate Media", slug: "estate-media-2" },
      estate.id,
    );
    expect(renamed.status).toBe(409);
    expect(renamed.state?.fieldErrors.slug).toEqual([
      "This built-in study keeps its address; its slug cannot change",
    ]);
    expect((await bySlug("estate-media"))?.id).toBe(estate.id);

    const edited = await post(
      { ...VALID, title: "Estate Media Films", slug: "estate-media", sortPosition: "-900" },
      estate.id,
    );
    expect(edited.status).toBe(302);
    const cards = await loadCaseStudyCards(db(), FIRST_PAGE);
    const estateCards = cards.studies.filter((s) => s.path === "estate-media");
    expect(estateCards.map((s) => s.title)).toEqual(["Estate Media Films"]);
    expect(cards.studies[0]?.path).toBe("estate-media");
    expect((await findCaseStudyDetail(db(), "estate-media"))?.study.title).toBe(
      "Estate Media Films",
    );

    // Unpublished ("Unpublish", issue #31), the built-in copy is back in its place.
    await post({ workflow: "unpublish" }, estate.id);
    const after = await loadCaseStudyCards(db(), FIRST_PAGE);
    expect(after.studies.filter((s) => s.path === "estate-media").map((s) => s.title)).toEqual([
      "Estate Media",
    ]);
  });

  it("answers 404 for a bad id, and sends a missing study back to the list", async () => {
    await expect(
      callRoute(editorLoader, t.runtime, "/admin/case-studies/nope/edit", {
        cookie: t.cookies.admin,
        params: { id: "nope" },
      }),
    ).rejects.toSatisfy((r: { init?: { status?: number } }) => r.init?.status === 404);
    const missing = "00000000-0000-4000-8000-000000000000";
    const gone = await post(VALID, missing);
    expect(gone).toMatchObject({
      status: 302,
      location: "/admin/case-studies",
      toast: "Error: This case study no longer exists",
    });
  });

  it("checks the role in the action itself", async () => {
    const before = await count();
    for (const cookie of ["", t.cookies.viewer]) {
      await expect(post({ ...VALID, title: "Intruder" }, undefined, cookie)).rejects.toSatisfy(
        (r: Response) => r.headers.get("location")?.startsWith("/admin/login") ?? false,
      );
    }
    expect(await count()).toBe(before);
  });
});
