import {
  approvals,
  deliverables,
  deliverableVersions,
  mediaItems,
  projects,
  reviewComments,
  reviewers,
  reviewReplies,
  shareLinks,
  user,
} from "@server/db/schema";
import { projectNotes } from "@server/projects/review-notes";
import { projectReviewActivity, versionMarkers } from "@server/projects/review-records";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../support/admin-data";
import { createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * What staff read of a project's review (issue #45 item 6): its activity, comments, replies and
 * decisions newest first, each with its version ("Spot :30 v2") and who; the notes' bounds (since,
 * until, reviewers only); a version's name and clock for the markers exports.
 */

const SHA = "a".repeat(64);
const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute));

describe.each(testDrivers)("a project's review activity on %s", (driver) => {
  let t: TestRuntime;
  const db = () => t.runtime.database.db;
  const ids = { project: "", other: "", v1: "", v2: "", reviewer: "", staff: "" };

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const [admin] = await db().select().from(user).where(eq(user.email, TEST_ADMIN.email));
    ids.staff = admin?.id ?? "";
    const [media] = await db()
      .insert(mediaItems)
      .values({
        title: "Spot",
        originalName: "spot.mov",
        size: 1,
        state: "ready",
        sha256: SHA,
        frameRateNum: 25,
        frameRateDen: 1,
        startTimecode: "10:00:00:00",
        durationSeconds: 30,
      })
      .returning();
    const [project, other] = await db()
      .insert(projects)
      .values([
        { title: "Spring campaign", clientName: "Cora" },
        { title: "Another", clientName: "Otto" },
      ])
      .returning();
    ids.project = project?.id ?? "";
    ids.other = other?.id ?? "";
    const [deliverable, elsewhere] = await db()
      .insert(deliverables)
      .values([
        { projectId: ids.project, title: "Spot :30" },
        { projectId: ids.other, title: "Elsewhere" },
      ])
      .returning();
    const [v1, v2, v1Elsewhere] = await db()
      .insert(deliverableVersions)
      .values(
        [
          { deliverableId: deliverable?.id ?? "", number: 1 },
          { deliverableId: deliverable?.id ?? "", number: 2 },
          { deliverableId: elsewhere?.id ?? "", number: 1 },
        ].map((version) => ({ ...version, mediaItemId: media?.id ?? "", sha256: SHA })),
      )
      .returning();
    ids.v1 = v1?.id ?? "";
    ids.v2 = v2?.id ?? "";
    const [link] = await db()
      .insert(shareLinks)
      .values({ projectId: ids.project, tokenHash: SHA })
      .returning();
    const [reviewer] = await db()
      .insert(reviewers)
      .values({ linkId: link?.id ?? "", name: "Rita", email: "rita@activity.test" })
      .returning();
    ids.reviewer = reviewer?.id ?? "";
    const [first] = await db()
      .insert(reviewComments)
      .values([
        {
          versionId: ids.v1,
          reviewerId: ids.reviewer,
          body: "Brighter",
          atSeconds: 1,
          createdAt: at(1),
        },
        { versionId: ids.v2, staffId: ids.staff, body: "Graded", atSeconds: 2, createdAt: at(3) },
        {
          versionId: v1Elsewhere?.id ?? "",
          staffId: ids.staff,
          body: "Not this project",
          atSeconds: 0,
          createdAt: at(4),
        },
      ])
      .returning();
    await db()
      .insert(reviewReplies)
      .values([
        { commentId: first?.id ?? "", staffId: ids.staff, body: "Done in v2", createdAt: at(2) },
        { commentId: first?.id ?? "", reviewerId: ids.reviewer, body: "Thanks", createdAt: at(5) },
      ]);
    await db()
      .insert(approvals)
      .values({
        versionId: ids.v2,
        reviewerId: ids.reviewer,
        linkId: link?.id ?? null,
        reviewerName: "Rita",
        reviewerEmail: "rita@activity.test",
        decision: "approve",
        sha256: SHA,
        createdAt: at(6),
      });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists comments, replies and decisions of the project, newest first, with version and who", async () => {
    const activity = await projectReviewActivity(db(), ids.project);
    expect(activity.map(({ kind, at, version, text }) => ({ kind, at, version, text }))).toEqual([
      { kind: "approve", at: at(6), version: "Spot :30 v2", text: null },
      // A reply is on its comment's version.
      { kind: "reply", at: at(5), version: "Spot :30 v1", text: "Thanks" },
      { kind: "comment", at: at(3), version: "Spot :30 v2", text: "Graded" },
      { kind: "reply", at: at(2), version: "Spot :30 v1", text: "Done in v2" },
      { kind: "comment", at: at(1), version: "Spot :30 v1", text: "Brighter" },
    ]);
    expect(activity[0]?.who).toBe("Rita <rita@activity.test>");
    expect(activity[1]?.who).toBe("Rita");
    expect(activity[4]?.who).toBe("Rita");
  });

  it("bounds the notes by time, by author and by number", async () => {
    const bodies = async (options: Parameters<typeof projectNotes>[2]) =>
      (await projectNotes(db(), ids.project, options)).map((note) => note.body);
    expect(await bodies({ reviewersOnly: true, limit: 10 })).toEqual(["Thanks", "Brighter"]);
    expect(await bodies({ since: at(1), until: at(3), limit: 10 })).toEqual([
      "Graded",
      "Done in v2",
    ]);
    expect(await bodies({ limit: 2 })).toEqual(["Thanks", "Graded"]);
  });

  it("names a version and gives its clock for the markers, only within its project", async () => {
    const markers = await versionMarkers(db(), ids.project, ids.v1);
    expect(markers?.name).toBe("Spot :30 v1");
    expect(markers?.media).toEqual({
      title: "Spot :30 v1",
      frameRateNum: 25,
      frameRateDen: 1,
      startTimecode: "10:00:00:00",
      durationSeconds: 30,
    });
    expect(markers?.comments.map((comment) => comment.body)).toEqual(["Brighter"]);
    expect(await versionMarkers(db(), ids.other, ids.v1)).toBeNull();
  });
});
