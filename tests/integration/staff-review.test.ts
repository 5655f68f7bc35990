import { auditEvents, mediaItems, reviewComments, reviewReplies, user } from "@server/db/schema";
import { addComment, REVIEW_REFUSALS, STAFF_MARK } from "@server/projects/comments";
import { addDeliverable, addVersion, createProject } from "@server/projects/projects";
import { createShareLink } from "@server/projects/share-links";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/project-version";
import { action as reviewAction } from "~/routes/review/review";
import { TEST_ADMIN } from "../support/admin-data";
import { callRoute, createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { reviewMediaRow } from "../support/media-items";
import { cookiesOf, dataOf, settle, statusOf } from "../support/route-answers";

/**
 * The staff side of the review room (issue #45 item 6, decision 0532): a version's page in the
 * back-office plays the version privately and lists the client's comments; staff comment at a
 * frame or over a range with a drawing, reply, resolve and reopen, as themselves (named as the
 * studio's); an older version is read only (409), another project's version is not found (404);
 * every comment write is on the audit log, staff's with their account, a reviewer's as an actor
 * of its own kind (the share link and the e-mail they gave).
 */

const SHA = "d".repeat(64);
const DRAWING = JSON.stringify({
  shapes: [
    {
      tool: "rectangle",
      colour: "yellow",
      points: [
        [0.1, 0.1],
        [0.4, 0.3],
      ],
    },
  ],
});

describe.each(testDrivers)("the staff's version page on %s", (driver) => {
  let t: TestRuntime;
  let actor: { id: string; email: string; ip: string };
  let adminName = "";
  /** Project A: "Spot :30" v1 (now read only, one staff note) and v2; project B: "Other" v1. */
  const ids = { projectA: "", projectB: "", spotV1: "", spotV2: "", otherV1: "", v1Note: "" };
  let token = "";
  let linkId = "";
  // Random per run: on PostgreSQL the limits' counts are shared and outlive a run.
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.9`;

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const db = t.runtime.database.db;
    const [admin] = await db.select().from(user).where(eq(user.email, TEST_ADMIN.email));
    actor = { id: admin?.id ?? "", email: TEST_ADMIN.email, ip: "203.0.113.7" };
    adminName = admin?.name ?? "";
    const items = await db
      .insert(mediaItems)
      .values(["Spot v1", "Spot v2", "Other v1"].map((title) => reviewMediaRow(title, SHA)))
      .returning();
    const item = (index: number) => items[index]?.id ?? "";
    const project = (title: string) =>
      createProject(db, actor, {
        title,
        clientName: "Cora Client",
        clientEmail: null,
        clientCompany: null,
        ownerId: actor.id,
      });
    const a = await project("Harbour launch");
    const b = await project("Someone else's");
    ids.projectA = a.id;
    ids.projectB = b.id;
    const spot = await addDeliverable(db, actor, a.id, "Spot :30");
    const other = await addDeliverable(db, actor, b.id, "Other");
    if (!spot || !other) throw new Error("no deliverables");
    const version = (projectId: string, deliverableId: string, media: string) =>
      addVersion(db, actor, { projectId, deliverableId }, media, t.runtime.jobs);
    ids.spotV1 = (await version(a.id, spot.id, item(0))).id;
    ids.v1Note = (
      await addComment(db, { projectId: a.id, deliverableId: null }, { staffId: actor.id }, actor, {
        versionId: ids.spotV1,
        atSeconds: 1,
        endSeconds: null,
        body: "On v1",
        drawing: null,
      })
    ).id;
    ids.spotV2 = (await version(a.id, spot.id, item(1))).id;
    ids.otherV1 = (await version(b.id, other.id, item(2))).id;
    const made = await createShareLink(db, actor, { projectId: a.id });
    token = made.token;
    linkId = made.link.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const pageUrl = (projectId: string, versionId: string) =>
    `/admin/projects/${projectId}/versions/${versionId}`;
  const open = (projectId: string, versionId: string, cookie = t.cookies.admin) =>
    settle(
      callRoute(loader, t.runtime, pageUrl(projectId, versionId), {
        cookie,
        params: { id: projectId, versionId },
      }),
    );
  const post = (
    fields: Record<string, string>,
    at: { projectId: string; versionId: string } = {
      projectId: ids.projectA,
      versionId: ids.spotV2,
    },
    cookie = t.cookies.admin,
  ) =>
    settle(
      callRoute(action, t.runtime, pageUrl(at.projectId, at.versionId), {
        method: "POST",
        cookie,
        params: { id: at.projectId, versionId: at.versionId },
        body: new URLSearchParams(fields),
      }),
    );
  /** The client's comment through their share link (a reviewer who gave a name and e-mail). */
  async function clientComment(body: string) {
    const reviewPost = (fields: Record<string, string>, cookie?: string) =>
      settle(
        callRoute(reviewAction, t.runtime, `/review/${token}`, {
          method: "POST",
          params: { token },
          cookie,
          ip,
          body: new URLSearchParams(fields),
        }),
      );
    const named = (await reviewPost({
      intent: "identify",
      name: "Rita Reviewer",
      email: "rita@example.com",
    })) as Response;
    const cookie = cookiesOf(named.headers);
    const answer = (await reviewPost(
      { intent: "comment", versionId: ids.spotV2, atSeconds: "2", endSeconds: "", body },
      cookie,
    )) as Response;
    expect(answer.status).toBe(303);
    const id = /#comment-([0-9a-f-]{36})$/.exec(answer.headers.get("location") ?? "")?.[1] ?? "";
    return { id, cookie, reviewPost };
  }
  const auditOf = (entityId: string) =>
    t.runtime.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, "review_comment"), eq(auditEvents.entityId, entityId)))
      .orderBy(asc(auditEvents.at));

  it("plays the version privately and lists the client's comments, with the versions of its deliverable", async () => {
    const { id } = await clientComment("The logo is too small");
    const page = dataOf(await open(ids.projectA, ids.spotV2)) as {
      projectTitle: string;
      deliverableTitle: string;
      version: { id: string; number: number; latest: boolean };
      versions: { number: number }[];
      video: { master: string };
      clock: { frameRateNum: number; startTimecode: string };
      comments: { id: string; author: string; body: string }[];
      author: string;
    };
    expect(page).toMatchObject({
      projectTitle: "Harbour launch",
      deliverableTitle: "Spot :30",
      version: { id: ids.spotV2, number: 2, latest: true },
      clock: { frameRateNum: 25, startTimecode: "01:00:00:00" },
      author: `${adminName} ${STAFF_MARK}`,
    });
    expect(page.versions.map((version) => version.number)).toEqual([1, 2]);
    expect(page.video.master).toMatch(/^\/video\/[0-9a-f-]{36}\/s\/\d+\.[0-9a-f]+\/master\.m3u8$/);
    expect(page.comments).toContainEqual(
      expect.objectContaining({ id, author: "Rita Reviewer", body: "The logo is too small" }),
    );
    // The older version shows its own comments, named as the studio's.
    const older = dataOf(await open(ids.projectA, ids.spotV1)) as {
      version: { latest: boolean };
      comments: { author: string; body: string }[];
    };
    expect(older.version.latest).toBe(false);
    expect(older.comments).toEqual([
      expect.objectContaining({ body: "On v1", author: `${adminName} ${STAFF_MARK}` }),
    ]);
  });

  it("a version of another project, or no version, is not found (404) to the page and its posts", async () => {
    expect(statusOf(await open(ids.projectA, ids.otherV1))).toBe(404);
    expect(statusOf(await open(ids.projectB, ids.spotV2))).toBe(404);
    expect(statusOf(await open(ids.projectA, "not-a-version"))).toBe(404);
    const outside = { projectId: ids.projectA, versionId: ids.otherV1 };
    const fields = { intent: "comment", versionId: ids.otherV1, atSeconds: "1", body: "x" };
    expect(statusOf(await post({ ...fields, endSeconds: "" }, outside))).toBe(404);
    // A form naming another project's version, posted on this project's page: not part of it.
    const smuggled = await post({ ...fields, endSeconds: "" });
    expect(statusOf(smuggled)).toBe(404);
    expect(dataOf(smuggled).message).toBe(REVIEW_REFUSALS.version);
    const stored = await t.runtime.database.db
      .select()
      .from(reviewComments)
      .where(eq(reviewComments.versionId, ids.otherV1));
    expect(stored).toEqual([]);
  });

  it("staff comment at a frame with a drawing and over a range, as themselves, audited", async () => {
    const point = (await post({
      intent: "comment",
      versionId: ids.spotV2,
      atSeconds: "1.24",
      endSeconds: "",
      body: "Moving the logo up",
      drawing: DRAWING,
    })) as Response;
    expect(point.status).toBe(302);
    const location = point.headers.get("location") ?? "";
    expect(location).toMatch(
      new RegExp(`^${pageUrl(ids.projectA, ids.spotV2)}#comment-[0-9a-f-]{36}$`),
    );
    const id = location.slice(location.indexOf("#comment-") + "#comment-".length);
    const range = (await post({
      intent: "comment",
      versionId: ids.spotV2,
      atSeconds: "3",
      endSeconds: "4.5",
      body: "A softer mix here",
    })) as Response;
    expect(range.status).toBe(302);
    const [row] = await t.runtime.database.db
      .select()
      .from(reviewComments)
      .where(eq(reviewComments.id, id));
    expect(row).toMatchObject({ staffId: actor.id, reviewerId: null, atSeconds: 1.24 });
    expect(row?.drawing).toEqual(JSON.parse(DRAWING));
    const page = dataOf(await open(ids.projectA, ids.spotV2)) as {
      comments: { body: string; author: string; endSeconds: number | null }[];
    };
    expect(page.comments).toContainEqual(
      expect.objectContaining({
        body: "A softer mix here",
        author: `${adminName} ${STAFF_MARK}`,
        endSeconds: 4.5,
      }),
    );
    expect(await auditOf(id)).toEqual([
      expect.objectContaining({
        action: "comment",
        actorId: actor.id,
        actorEmail: TEST_ADMIN.email,
        actorLinkId: null,
        entityName: "Spot :30 v2",
      }),
    ]);
  });

  it("staff reply to the client's comment, resolve and reopen it; each audited; bad input is a 400", async () => {
    const { id } = await clientComment("Colour is off");
    const reply = await post({ intent: "reply", commentId: id, body: "We'll regrade it" });
    expect(statusOf(reply)).toBe(302);
    const replies = await t.runtime.database.db
      .select()
      .from(reviewReplies)
      .where(eq(reviewReplies.commentId, id));
    expect(replies).toEqual([
      expect.objectContaining({ staffId: actor.id, reviewerId: null, body: "We'll regrade it" }),
    ]);
    const resolvedAt = async () =>
      (
        await t.runtime.database.db
          .select({ at: reviewComments.resolvedAt })
          .from(reviewComments)
          .where(eq(reviewComments.id, id))
      )[0]?.at ?? null;
    expect(statusOf(await post({ intent: "resolve", commentId: id }))).toBe(302);
    expect(await resolvedAt()).not.toBeNull();
    // Resolving again changes nothing, and so writes no second audit row.
    expect(statusOf(await post({ intent: "resolve", commentId: id }))).toBe(302);
    expect(statusOf(await post({ intent: "reopen", commentId: id }))).toBe(302);
    expect(await resolvedAt()).toBeNull();
    const staffRows = (await auditOf(id)).filter((row) => row.actorId === actor.id);
    expect(staffRows.map((row) => [row.action, row.changes])).toEqual([
      ["reply", null],
      ["resolve", { resolved: { before: false, after: true } }],
      ["reopen", { resolved: { before: true, after: false } }],
    ]);
    // Bad input: the field's message with a 400, nothing written.
    const empty = await post({ intent: "reply", commentId: id, body: "  " });
    expect(statusOf(empty)).toBe(400);
    expect(Object.keys(dataOf(empty).fieldErrors as object)).toEqual(["body"]);
    const late = await post({
      intent: "comment",
      versionId: ids.spotV2,
      atSeconds: "60",
      endSeconds: "",
      body: "Past the end",
    });
    expect(statusOf(late)).toBe(400);
    expect(dataOf(late).message).toBe(REVIEW_REFUSALS.pastEnd);
    expect(statusOf(await post({ intent: "approve", versionId: ids.spotV2 }))).toBe(400);
    expect(statusOf(await post({ intent: "resolve", commentId: "nope" }))).toBe(400);
  });

  it("an older version is read only: comment, reply, resolve and reopen answer 409", async () => {
    const v1 = { projectId: ids.projectA, versionId: ids.spotV1 };
    const answers = [
      await post(
        { intent: "comment", versionId: ids.spotV1, atSeconds: "1", endSeconds: "", body: "x" },
        v1,
      ),
      await post({ intent: "reply", commentId: ids.v1Note, body: "x" }, v1),
      await post({ intent: "resolve", commentId: ids.v1Note }, v1),
      await post({ intent: "reopen", commentId: ids.v1Note }, v1),
    ];
    expect(answers.map(statusOf)).toEqual([409, 409, 409, 409]);
    expect(dataOf(answers[0]).message).toBe(REVIEW_REFUSALS.readOnly);
    const replies = await t.runtime.database.db
      .select()
      .from(reviewReplies)
      .where(eq(reviewReplies.commentId, ids.v1Note));
    expect(replies).toEqual([]);
    expect(
      (await auditOf(ids.v1Note)).map((row) => row.action),
      "only the comment's own row",
    ).toEqual(["comment"]);
  });

  it("a reviewer's comments and replies are audited as an actor of its own kind: the link and the e-mail given", async () => {
    const { id, cookie, reviewPost } = await clientComment("Audited note");
    const replied = (await reviewPost(
      { intent: "reply", versionId: ids.spotV2, commentId: id, body: "And the end card" },
      cookie,
    )) as Response;
    expect(replied.status).toBe(303);
    const resolved = (await reviewPost(
      { intent: "resolve", versionId: ids.spotV2, commentId: id },
      cookie,
    )) as Response;
    expect(resolved.status).toBe(303);
    const rows = await auditOf(id);
    expect(rows.map((row) => row.action)).toEqual(["comment", "reply", "resolve"]);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorId: null,
        actorEmail: "rita@example.com",
        actorLinkId: linkId,
        ip,
        entityType: "review_comment",
        entityName: "Spot :30 v2",
      });
    }
  });

  it("follows the role policy table: a contributor is refused (403)", async () => {
    expect(statusOf(await open(ids.projectA, ids.spotV2, t.cookies.contributor))).toBe(403);
    expect(
      statusOf(
        await post({ intent: "resolve", commentId: ids.v1Note }, undefined, t.cookies.contributor),
      ),
    ).toBe(403);
  });
});
