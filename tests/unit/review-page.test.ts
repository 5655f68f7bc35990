import { chosenVersion, comparedVersion, type RoomDeliverable } from "@server/projects/review-room";
import { describe, expect, it } from "vitest";
import { reviewCommentSchema, reviewerSchema } from "~/entities/review/forms";

/** The review page's pure parts (issue #45, decision 0531): which version it shows, its forms. */

const version = (id: string, number: number, latest: boolean) => ({
  id,
  number,
  mediaItemId: `m-${id}`,
  latest,
});
const ROOM: RoomDeliverable[] = [
  { id: "empty", title: "Not cut yet", versions: [] },
  { id: "spot", title: "Spot", versions: [version("s1", 1, false), version("s2", 2, true)] },
  { id: "cut", title: "Cutdown", versions: [version("c1", 1, true)] },
];

describe("the version a review page shows", () => {
  it("is the one asked for when the link covers it", () => {
    expect(chosenVersion(ROOM, "c1")).toMatchObject({
      deliverable: { id: "cut" },
      version: { id: "c1" },
    });
    expect(chosenVersion(ROOM, "s1")?.version).toMatchObject({ id: "s1", latest: false });
  });

  it("else the latest of the first deliverable that has one; none when nothing is cut", () => {
    expect(chosenVersion(ROOM, null)?.version.id).toBe("s2");
    expect(chosenVersion(ROOM, "elsewhere")?.version.id).toBe("s2");
    expect(chosenVersion([ROOM[0] as RoomDeliverable], null)).toBeNull();
  });
});

describe("the review page's forms", () => {
  const comment = (fields: Record<string, string>) =>
    reviewCommentSchema.safeParse({
      versionId: "7f1e2a34-5b6c-4d7e-8f90-a1b2c3d4e5f6",
      atSeconds: "1.5",
      endSeconds: "",
      body: "A note",
      ...fields,
    });

  it("reads a point, a range, and refuses a range that ends before it starts", () => {
    expect(comment({}).data).toMatchObject({ atSeconds: 1.5, endSeconds: null, drawing: "" });
    expect(comment({ endSeconds: "3" }).data).toMatchObject({ atSeconds: 1.5, endSeconds: 3 });
    expect(comment({ endSeconds: "1.5" }).error?.issues[0]?.path).toEqual(["endSeconds"]);
    expect(comment({ atSeconds: "" }).success).toBe(false);
    expect(comment({ atSeconds: "Infinity" }).success).toBe(false);
    expect(comment({ body: "   " }).success).toBe(false);
  });

  it("takes a name of 1-200 characters and a valid address of at most 320", () => {
    expect(reviewerSchema.safeParse({ name: " Ana ", email: " ana@example.com " }).data).toEqual({
      name: "Ana",
      email: "ana@example.com",
    });
    expect(reviewerSchema.safeParse({ name: "x".repeat(201), email: "a@b.co" }).success).toBe(
      false,
    );
    expect(reviewerSchema.safeParse({ name: "Ana", email: "ana@" }).success).toBe(false);
    expect(
      reviewerSchema.safeParse({ name: "Ana", email: `${"a".repeat(64)}@${"b".repeat(252)}.com` })
        .success,
    ).toBe(false);
  });
});

describe("the version a compare shows beside it (decision 0534)", () => {
  const chosen = chosenVersion(ROOM, "s2");
  it("is another version of the same deliverable", () => {
    expect(comparedVersion(chosen, "s1")).toMatchObject({ kind: "version", version: { id: "s1" } });
    expect(comparedVersion(chosenVersion(ROOM, "s1"), "s2")).toMatchObject({
      version: { id: "s2", latest: true },
    });
  });

  it("is none unasked, the same one asked twice, and outside for anything else", () => {
    expect(comparedVersion(chosen, null)).toEqual({ kind: "none" });
    expect(comparedVersion(chosen, "")).toEqual({ kind: "none" });
    expect(comparedVersion(chosen, "s2")).toEqual({ kind: "same" });
    // Another deliverable's version, one the room does not hold, or nothing chosen at all.
    expect(comparedVersion(chosen, "c1")).toEqual({ kind: "outside" });
    expect(comparedVersion(chosen, "elsewhere")).toEqual({ kind: "outside" });
    expect(comparedVersion(null, "s1")).toEqual({ kind: "outside" });
  });
});
