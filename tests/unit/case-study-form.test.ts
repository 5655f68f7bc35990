import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyRowIntent, emptyDraft } from "~/entities/case-study/form";
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
