import { approvals, reviewComments, reviewReplies, user } from "@server/db/schema";
import { projectNotes } from "@server/projects/review-notes";
import { projectReviewActivity, versionMarkers } from "@server/projects/review-records";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ADMIN } from "../support/admin-data";
import { createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { insertReviewProject } from "../support/review-project";

/**
 * What staff read of a project's review (issue #45 item 6): its activity, comments, replies and
 * decisions newest first, each with its version ("Spot :30 v2") and who; the notes' bounds (since,
 * until, reviewers only); a version's name and clock for the markers exports.
 */

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 10, minute));

describe.each(testDrivers)("a project's review activity on %s", (driver) => {
  let t: TestRuntime;
  const db = () => t.runtime.database.db;
  const ids = { project: "", other: "", v1: "", v2: "", reviewer: "", staff: "" };

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const [admin] = await db().select().from(user).where(eq(user.email, TEST_ADMIN.email));
    ids.staff = admin?.id ?? "";
    const spring = await insertReviewProject(db(), {
      title: "Spring campaign",
      versions: 2,
      reviewer: { name: "Rita", email: "rita@activity.test" },
    });
    const another = await insertReviewProject(db(), { title: "Another" });
    ids.project = spring.project.id;
    ids.other = another.project.id;
    ids.v1 = spring.versions[0] ?? "";
    ids.v2 = spring.versions[1] ?? "";
    ids.reviewer = spring.reviewer.id;
    const link = spring.link;
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
          versionId: another.versions[0] ?? "",
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
        linkId: link.id,
        reviewerName: "Rita",
        reviewerEmail: "rita@activity.test",
        decision: "approve",
        sha256: spring.sha256,
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
      startTimecode: "01:00:00:00",
      durationSeconds: 10,
    });
    expect(markers?.comments.map((comment) => comment.body)).toEqual(["Brighter"]);
    expect(await versionMarkers(db(), ids.other, ids.v1)).toBeNull();
  });
});
