import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyRowIntent,
  draftFromStudy,
  emptyDraft,
  parseCaseStudy,
  readDraft,
} from "~/entities/case-study/form";
import { moveRows, parseRowIntent } from "~/entities/case-study/rows";

/** The case-study editor's pure rules (app/entities/case-study/form.ts and rows.ts). */

describe("row intents", () => {
  it("reads only the editor's own values", () => {
    expect(parseRowIntent("media-up:3")).toEqual({ list: "media", op: "up", index: 3 });
    expect(parseRowIntent("metric-add")).toEqual({ list: "metric", op: "add" });
    for (const bad of ["save", "metric-add:1", "media-up", "media-left:1", "metric-up:-1", null]) {
      expect(parseRowIntent(bad)).toBeNull();
    }
  });

  it("moves, removes and adds, and ignores edges and bad indexes", () => {
    const rows = ["a", "b", "c"];
    const make = () => "new";
    expect(moveRows(rows, { list: "media", op: "up", index: 2 }, make)).toEqual(["a", "c", "b"]);
    expect(moveRows(rows, { list: "media", op: "down", index: 0 }, make)).toEqual(["b", "a", "c"]);
    expect(moveRows(rows, { list: "media", op: "up", index: 0 }, make)).toEqual(rows);
    expect(moveRows(rows, { list: "media", op: "down", index: 2 }, make)).toEqual(rows);
    expect(moveRows(rows, { list: "media", op: "remove", index: 1 }, make)).toEqual(["a", "c"]);
    expect(moveRows(rows, { list: "media", op: "remove", index: 9 }, make)).toEqual(rows);
    expect(moveRows(rows, { list: "media", op: "add" }, make)).toEqual(["a", "b", "c", "new"]);
  });

  it("a move keeps every row once (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 10 }),
        fc.constantFrom("up", "down") as fc.Arbitrary<"up" | "down">,
        fc.nat(12),
        (rows, op, index) => {
          const moved = moveRows(rows, { list: "metric", op, index }, () => 0);
          expect([...moved].sort()).toEqual([...rows].sort());
        },
      ),
    );
  });

  it("stops adding at the caps", () => {
    let draft = emptyDraft();
    for (let i = 0; i < 40; i++) draft = applyRowIntent(draft, { list: "metric", op: "add" });
    expect(draft.metrics).toHaveLength(20);
    for (let i = 0; i < 40; i++) draft = applyRowIntent(draft, { list: "media", op: "add" });
    expect(draft.media).toHaveLength(30);
  });
});

describe("gallery videos from the Media library", () => {
  const ID = "3f0c2b7e-1d2a-4b8c-9e0f-123456789abc";
  const form = (rows: Record<string, string>) => {
    const data = new FormData();
    data.set("title", "Reel study");
    data.set("galleryLayout", "grid");
    for (const [name, value] of Object.entries(rows)) data.set(name, value);
    return readDraft(data);
  };

  it("takes a video row with a library video and no URL, and keeps it through the edit form", () => {
    const parsed = parseCaseStudy(
      form({ "media.0.type": "video", "media.0.mediaId": ID, "media.0.title": "Cut" }),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    expect(parsed.value.mediaGallery).toEqual([
      { type: "video", url: "", title: "Cut", media_id: ID },
    ]);
    const again = draftFromStudy({ ...parsed.value, status: "draft", galleryLayout: "grid" });
    expect(again.media).toEqual([
      { type: "video", url: "", title: "Cut", thumbnailUrl: "", mediaId: ID },
    ]);
  });

  it("refuses a made-up id with the library's message; an image row has no library video", () => {
    const refused = parseCaseStudy(
      form({ "media.0.type": "video", "media.0.mediaId": "reel.mp4" }),
    );
    expect(refused.ok ? {} : refused.fieldErrors).toEqual({
      "media.0.mediaId": ["Choose a video from the Media library"],
    });
    const image = parseCaseStudy(
      form({ "media.0.type": "image", "media.0.url": "/a.jpg", "media.0.mediaId": ID }),
    );
    expect(image.ok && image.value.mediaGallery).toEqual([{ type: "image", url: "/a.jpg" }]);
    // A video row needs one or the other.
    const neither = parseCaseStudy(form({ "media.0.type": "video", "media.0.title": "Cut" }));
    expect(neither.ok ? {} : neither.fieldErrors).toEqual({
      "media.0.url": ["Give this item a URL or upload an image"],
    });
  });
});
