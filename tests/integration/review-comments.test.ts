import {
  approvals,
  deliverableVersions,
  mediaItems,
  reviewComments,
  reviewers,
  reviewReplies,
  shareLinkOpens,
  shareLinks,
  user,
} from "@server/db/schema";
import { addComment, REVIEW_REFUSALS, ReviewRefusal } from "@server/projects/comments";
import { addDeliverable, addVersion, createProject } from "@server/projects/projects";
import { createShareLink, revokeShareLink } from "@server/projects/share-links";
import { REVIEW_MESSAGES } from "@server/route-kit/review";
import { REVIEW_LIMITS } from "@server/security/submission-limit";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DRAWING_LIMITS } from "~/entities/review/drawing";
import { action, loader } from "~/routes/review/review";
import { TEST_ADMIN } from "../support/admin-data";
import { callRoute, createTestRuntime, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { READY_OUTPUTS, reviewMediaRow } from "../support/media-items";
import { cookiesOf, dataOf, settle, statusOf } from "../support/route-answers";

/**
 * The client's review page (issue #45 items 3, 4 and 8): a share link opens its page (404 and
 * 410 otherwise), a password once per browser, the reviewer's name and e-mail once per link,
 * comments tied to their version and reviewer (at a frame, over a range, with a drawing),
 * replies, resolve and reopen, older versions read only, nothing outside the link, and limits.
 */

const SHA = "b".repeat(64);
const DRAWING = JSON.stringify({
  shapes: [
    {
      tool: "arrow",
      colour: "red",
      points: [
        [0.1, 0.1],
        [0.5, 0.5],
      ],
    },
    {
      tool: "pen",
      colour: "yellow",
      points: [
        [0.2, 0.2],
        [0.25, 0.3],
        [0.3, 0.35],
      ],
    },
  ],
});

describe.each(testDrivers)("the review page on %s", (driver) => {
  let t: TestRuntime;
  let actor: { id: string; email: string; ip: string };
  /** Project A: deliverable "Spot" (v1, v2) and "Cutdown" (v1); project B: "Other" (v1). */
  const ids = {
    spotV1: "",
    spotV2: "",
    cutV1: "",
    otherV1: "",
    cutId: "",
    spotV1Comment: "",
    projectA: "",
  };
  const tokens = { project: "", cutdown: "", other: "", password: "", revoked: "", expired: "" };
  let ipCount = 0;
  /** Each test posts from its own address, so the per-address limit is its own. */
  // Random per run: on PostgreSQL the limits' counts are shared and outlive a run.
  const net = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const freshIp = () => `${net}.${++ipCount}`;

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const db = t.runtime.database.db;
    const [admin] = await db.select().from(user).where(eq(user.email, TEST_ADMIN.email));
    actor = { id: admin?.id ?? "", email: TEST_ADMIN.email, ip: "203.0.113.7" };
    const items = await db
      .insert(mediaItems)
      .values(
        ["Spot v1", "Spot v2", "Cutdown v1", "Other v1"].map((title) => reviewMediaRow(title, SHA)),
      )
      .returning();
    const item = (index: number) => items[index]?.id ?? "";
    const a = await createProject(db, actor, {
      title: "Harbour launch",
      clientName: "Cora Client",
      clientEmail: "cora@example.com",
      clientCompany: null,
      ownerId: actor.id,
    });
    const b = await createProject(db, actor, {
      title: "Someone else's",
      clientName: "Otto Other",
      clientEmail: null,
      clientCompany: null,
      ownerId: actor.id,
    });
    const spot = await addDeliverable(db, actor, a.id, "Spot :30");
    const cut = await addDeliverable(db, actor, a.id, "Cutdown :15");
    const other = await addDeliverable(db, actor, b.id, "Other");
    if (!spot || !cut || !other) throw new Error("no deliverables");
    ids.cutId = cut.id;
    ids.projectA = a.id;
    ids.spotV1 = (
      await addVersion(
        db,
        actor,
        { projectId: a.id, deliverableId: spot.id },
        item(0),
        t.runtime.jobs,
      )
    ).id;
    // A comment made while v1 was the latest: v2 makes it read only.
    ids.spotV1Comment = (
      await addComment(db, { projectId: a.id, deliverableId: null }, { staffId: actor.id }, actor, {
        versionId: ids.spotV1,
        atSeconds: 1,
        endSeconds: null,
        body: "An early note",
        drawing: null,
      })
    ).id;
    ids.spotV2 = (
      await addVersion(
        db,
        actor,
        { projectId: a.id, deliverableId: spot.id },
        item(1),
        t.runtime.jobs,
      )
    ).id;
    ids.cutV1 = (
      await addVersion(
        db,
        actor,
        { projectId: a.id, deliverableId: cut.id },
        item(2),
        t.runtime.jobs,
      )
    ).id;
    ids.otherV1 = (
      await addVersion(
        db,
        actor,
        { projectId: b.id, deliverableId: other.id },
        item(3),
        t.runtime.jobs,
      )
    ).id;
    tokens.project = (await createShareLink(db, actor, { projectId: a.id })).token;
    tokens.cutdown = (
      await createShareLink(db, actor, { projectId: a.id, deliverableId: cut.id })
    ).token;
    tokens.other = (await createShareLink(db, actor, { projectId: b.id })).token;
    tokens.password = (
      await createShareLink(db, actor, { projectId: a.id, password: "harbour lights" })
    ).token;
    const revoked = await createShareLink(db, actor, { projectId: a.id });
    await revokeShareLink(db, actor, a.id, revoked.link.id);
    tokens.revoked = revoked.token;
    const expired = await createShareLink(db, actor, { projectId: a.id });
    await db
      .update(shareLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(shareLinks.id, expired.link.id));
    tokens.expired = expired.token;
  });
  afterAll(async () => {
    await t?.close();
  });

  const open = (token: string, cookie?: string, query = "") =>
    settle(callRoute(loader, t.runtime, `/review/${token}${query}`, { params: { token }, cookie }));
  const post = (token: string, fields: Record<string, string>, cookie?: string, ip = freshIp()) =>
    settle(
      callRoute(action, t.runtime, `/review/${token}`, {
        method: "POST",
        params: { token },
        cookie,
        ip,
        body: new URLSearchParams(fields),
      }),
    );
  const headersOf = (answer: unknown) =>
    answer instanceof Response
      ? answer.headers
      : new Headers((answer as { init?: { headers?: HeadersInit } }).init?.headers);
  /** A reviewer of `token`: the cookie their name and e-mail set. */
  async function identified(token: string, name = "Rita Reviewer", email = "rita@example.com") {
    const answer = await post(token, { intent: "identify", name, email });
    expect(statusOf(answer)).toBe(303);
    return cookiesOf(headersOf(answer));
  }
  const commentOn = (token: string, cookie: string, fields: Record<string, string>, ip?: string) =>
    post(
      token,
      { intent: "comment", atSeconds: "2", endSeconds: "", body: "Note", ...fields },
      cookie,
      ip,
    );

  it("opens a link's page private, noindex and uncached; 404 unknown, 410 revoked or expired", async () => {
    const page = await open(tokens.project);
    expect(statusOf(page)).toBe(200);
    const headers = headersOf(page);
    expect(headers.get("cache-control")).toBe("private, no-store");
    expect(headers.get("x-robots-tag")).toContain("noindex");
    const body = dataOf(page) as { view: string; title: string; deliverables: { title: string }[] };
    expect(body.view).toBe("room");
    expect(body.title).toBe("Harbour launch");
    expect(body.deliverables.map((item) => item.title)).toEqual(["Spot :30", "Cutdown :15"]);
    const unknown = await open("no-such-token");
    expect(statusOf(unknown)).toBe(404);
    for (const [token, reason] of [
      [tokens.revoked, "revoked"],
      [tokens.expired, "expired"],
    ] as const) {
      const ended = await open(token);
      expect(statusOf(ended)).toBe(410);
      expect(dataOf(ended)).toEqual({ ended: reason });
      expect(headersOf(ended).get("cache-control")).toBe("private, no-store");
      // Its posts too.
      expect(statusOf(await post(token, { intent: "identify", name: "A", email: "a@b.co" }))).toBe(
        410,
      );
    }
  });

  it("shows the latest version by default, another by ?version=, with its private playback and clock", async () => {
    const latest = dataOf(await open(tokens.project)) as {
      chosen: { versionId: string; latest: boolean };
      video: { master: string };
      clock: { frameRateNum: number; startTimecode: string };
    };
    expect(latest.chosen).toMatchObject({ versionId: ids.spotV2, latest: true });
    expect(latest.video.master).toMatch(
      /^\/video\/[0-9a-f-]{36}\/s\/\d+\.[0-9a-f]+\/master\.m3u8$/,
    );
    expect(latest.clock).toMatchObject({ frameRateNum: 25, startTimecode: "01:00:00:00" });
    const older = dataOf(await open(tokens.project, undefined, `?version=${ids.spotV1}`)) as {
      chosen: { versionId: string; latest: boolean };
      comments: { body: string }[];
    };
    expect(older.chosen).toMatchObject({ versionId: ids.spotV1, latest: false });
    expect(older.comments.map((comment) => comment.body)).toEqual(["An early note"]);
    // A deliverable's link covers that deliverable only; another project's version is not found.
    const cut = dataOf(await open(tokens.cutdown)) as { deliverables: { id: string }[] };
    expect(cut.deliverables.map((item) => item.id)).toEqual([ids.cutId]);
    expect(statusOf(await open(tokens.cutdown, undefined, `?version=${ids.spotV2}`))).toBe(404);
    expect(statusOf(await open(tokens.project, undefined, `?version=${ids.otherV1}`))).toBe(404);
  });

  it("compares two versions of a deliverable by ?compare=, each with its playback and clock; 404 outside", async () => {
    type Page = {
      chosen: { versionId: string; latest: boolean };
      video: { master: string };
      comments: { body: string }[];
      compare: {
        versionId: string;
        number: number;
        latest: boolean;
        video: { master: string };
        clock: { frameRateNum: number; startTimecode: string };
      } | null;
      compareSame: boolean;
    };
    const pair = dataOf(
      await open(tokens.project, undefined, `?version=${ids.spotV2}&compare=${ids.spotV1}`),
    ) as Page;
    expect(pair.chosen).toMatchObject({ versionId: ids.spotV2, latest: true });
    expect(pair.compare).toMatchObject({ versionId: ids.spotV1, number: 1, latest: false });
    expect(pair.compare?.video.master).toMatch(/^\/video\/[0-9a-f-]{36}\/s\/\d+\.[0-9a-f]+\//);
    expect(pair.compare?.video.master).not.toBe(pair.video.master);
    expect(pair.compare?.clock).toMatchObject({ frameRateNum: 25, startTimecode: "01:00:00:00" });
    // The page's comments are the first version's (the older one may be first).
    const older = dataOf(
      await open(tokens.project, undefined, `?version=${ids.spotV1}&compare=${ids.spotV2}`),
    ) as Page;
    expect(older.compare?.versionId).toBe(ids.spotV2);
    expect(older.comments.map((comment) => comment.body)).toEqual(["An early note"]);
    // Without ?version= the page's own version (the latest) is the first.
    const bare = dataOf(await open(tokens.project, undefined, `?compare=${ids.spotV1}`)) as Page;
    expect([bare.chosen.versionId, bare.compare?.versionId]).toEqual([ids.spotV2, ids.spotV1]);
    // One version twice: the page asks for two; empty: no compare.
    const same = dataOf(
      await open(tokens.project, undefined, `?version=${ids.spotV2}&compare=${ids.spotV2}`),
    ) as Page;
    expect([same.compare, same.compareSame]).toEqual([null, true]);
    const none = dataOf(await open(tokens.project, undefined, "?compare=")) as Page;
    expect([none.compare, none.compareSame]).toEqual([null, false]);
    // Another deliverable's version, another project's, one outside a deliverable's link: 404.
    for (const [token, query] of [
      [tokens.project, `?version=${ids.spotV2}&compare=${ids.cutV1}`],
      [tokens.project, `?version=${ids.spotV2}&compare=${ids.otherV1}`],
      [tokens.project, "?compare=not-a-version"],
      [tokens.cutdown, `?version=${ids.cutV1}&compare=${ids.spotV1}`],
      [tokens.cutdown, `?compare=${ids.spotV2}`],
    ] as const) {
      const refused = await open(token, undefined, query);
      expect(statusOf(refused), query).toBe(404);
      expect(headersOf(refused).get("cache-control")).toBe("private, no-store");
    }
    // A post from a compare comes back to it (its forms post to the page's own address).
    const cookie = await identified(tokens.project, "Cleo Compare", "cleo@example.com");
    const made = await settle(
      callRoute(
        action,
        t.runtime,
        `/review/${tokens.project}?version=${ids.spotV2}&compare=${ids.spotV1}`,
        {
          method: "POST",
          params: { token: tokens.project },
          cookie,
          ip: freshIp(),
          body: new URLSearchParams({
            intent: "comment",
            versionId: ids.spotV2,
            atSeconds: "2",
            endSeconds: "",
            body: "Better than v1 here",
          }),
        },
      ),
    );
    expect(statusOf(made)).toBe(303);
    expect(headersOf(made).get("location")).toMatch(
      new RegExp(
        `^/review/${tokens.project}\\?version=${ids.spotV2}&compare=${ids.spotV1}#comment-[0-9a-f-]{36}$`,
      ),
    );
  });

  it("asks a link's password, refuses a wrong one with 400, remembers the right one on the link's path", async () => {
    expect(dataOf(await open(tokens.password))).toEqual({ view: "password" });
    const wrong = await post(tokens.password, { intent: "password", password: "harbour" });
    expect(statusOf(wrong)).toBe(400);
    expect(dataOf(wrong).message).toBe(REVIEW_MESSAGES.wrongPassword);
    // Nothing else is taken before the password.
    const early = await post(tokens.password, { intent: "identify", name: "A", email: "a@b.co" });
    expect(statusOf(early)).toBe(403);
    const right = await post(tokens.password, { intent: "password", password: "harbour lights" });
    expect(statusOf(right)).toBe(303);
    const setCookie = headersOf(right).getSetCookie().join("\n");
    expect(setCookie).toContain(`Path=/review/${tokens.password}`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toContain("harbour");
    const cookie = cookiesOf(headersOf(right));
    expect((dataOf(await open(tokens.password, cookie)) as { view: string }).view).toBe("room");
    // The cookie is signed: altered, it opens nothing.
    const forged = cookie.replace(/review_link=([^.;]*)/, "review_link=eyJsaW5rIjoieCJ9");
    expect(dataOf(await open(tokens.password, forged))).toEqual({ view: "password" });
  });

  it("limits password tries per address with a 429", async () => {
    const ip = freshIp();
    for (let i = 0; i < REVIEW_LIMITS.passwords; i++) {
      const answer = await post(
        tokens.password,
        { intent: "password", password: `nope ${i}` },
        undefined,
        ip,
      );
      expect(statusOf(answer)).toBe(400);
    }
    const limited = await post(
      tokens.password,
      { intent: "password", password: "harbour lights" },
      undefined,
      ip,
    );
    expect(statusOf(limited)).toBe(429);
    expect(dataOf(limited).message).toBe(REVIEW_MESSAGES.passwordsLimited);
  });

  it("takes a name and e-mail before a first comment: a reviewer of the link, in a cookie of its path", async () => {
    const before = await commentOn(tokens.project, "", { versionId: ids.spotV2 });
    expect(statusOf(before)).toBe(403);
    expect(dataOf(before).message).toBe(REVIEW_MESSAGES.identifyFirst);
    const bad = await post(tokens.project, {
      intent: "identify",
      name: "",
      email: "not an address",
    });
    expect(statusOf(bad)).toBe(400);
    expect(Object.keys((dataOf(bad).fieldErrors ?? {}) as object).sort()).toEqual([
      "email",
      "name",
    ]);
    const long = await post(tokens.project, {
      intent: "identify",
      name: "N",
      email: `${"a".repeat(315)}@b.com`,
    });
    expect(statusOf(long)).toBe(400);
    const answer = await post(tokens.project, {
      intent: "identify",
      name: "Ida Id",
      email: "ida@example.com",
    });
    expect(headersOf(answer).getSetCookie().join("\n")).toContain(`Path=/review/${tokens.project}`);
    const cookie = cookiesOf(headersOf(answer));
    const [row] = await t.runtime.database.db
      .select()
      .from(reviewers)
      .where(eq(reviewers.email, "ida@example.com"));
    expect(row?.name).toBe("Ida Id");
    const page = dataOf(await open(tokens.project, cookie)) as { reviewer: { name: string } };
    expect(page.reviewer).toEqual({ name: "Ida Id" });
    // Opened by Ida: the link's opens name her.
    const opens = await t.runtime.database.db
      .select()
      .from(shareLinkOpens)
      .where(eq(shareLinkOpens.reviewerId, row?.id ?? ""));
    expect(opens.length).toBeGreaterThanOrEqual(1);
    // Another link's page does not know her: the cookie is for its own link only.
    const elsewhere = await commentOn(tokens.cutdown, cookie, { versionId: ids.cutV1 });
    expect(statusOf(elsewhere)).toBe(403);
  });

  it("records an open once per browser session", async () => {
    const db = t.runtime.database.db;
    const count = async () => (await db.select().from(shareLinkOpens)).length;
    const first = await open(tokens.cutdown);
    const seen = cookiesOf(headersOf(first));
    expect(seen).toContain("review_seen=");
    const after = await count();
    await open(tokens.cutdown, seen);
    await open(tokens.cutdown, seen);
    expect(await count()).toBe(after);
    await open(tokens.cutdown);
    expect(await count()).toBe(after + 1);
  });

  it("ties a comment to its version and reviewer: at a frame, over a range, with a drawing", async () => {
    const cookie = await identified(tokens.project, "Rita Reviewer", "rita@example.com");
    const point = await commentOn(tokens.project, cookie, {
      versionId: ids.spotV2,
      atSeconds: "1.24",
      body: "Logo too small",
      drawing: DRAWING,
    });
    expect(statusOf(point)).toBe(303);
    const location = headersOf(point).get("location") ?? "";
    expect(location).toMatch(
      new RegExp(`^/review/${tokens.project}\\?version=${ids.spotV2}#comment-[0-9a-f-]{36}$`),
    );
    const range = await commentOn(tokens.project, cookie, {
      versionId: ids.spotV2,
      atSeconds: "3",
      endSeconds: "5.5",
      body: "Music too loud here",
    });
    expect(statusOf(range)).toBe(303);
    const rows = await t.runtime.database.db
      .select({ comment: reviewComments, reviewer: reviewers.name })
      .from(reviewComments)
      .innerJoin(reviewers, eq(reviewers.id, reviewComments.reviewerId))
      .where(eq(reviewComments.versionId, ids.spotV2));
    const byBody = new Map(rows.map((row) => [row.comment.body, row]));
    expect(byBody.get("Logo too small")).toMatchObject({
      reviewer: "Rita Reviewer",
      comment: { atSeconds: 1.24, endSeconds: null, staffId: null },
    });
    expect(byBody.get("Logo too small")?.comment.drawing).toEqual(JSON.parse(DRAWING));
    expect(byBody.get("Music too loud here")?.comment).toMatchObject({
      atSeconds: 3,
      endSeconds: 5.5,
    });
    const page = dataOf(await open(tokens.project, cookie)) as {
      comments: { body: string; author: string; drawing: unknown }[];
    };
    expect(page.comments.map((comment) => [comment.body, comment.author])).toEqual(
      expect.arrayContaining([
        ["Logo too small", "Rita Reviewer"],
        ["Music too loud here", "Rita Reviewer"],
      ]),
    );
  });

  it("refuses bad comments with a 400 and writes nothing: body, range, time, drawing", async () => {
    const cookie = await identified(tokens.project);
    const db = t.runtime.database.db;
    const before = (await db.select().from(reviewComments)).length;
    const cases: Array<[Record<string, string>, string]> = [
      [{ body: "" }, "body"],
      [{ body: "x".repeat(5001) }, "body"],
      [{ atSeconds: "-1" }, "atSeconds"],
      [{ atSeconds: "abc" }, "atSeconds"],
      [{ atSeconds: "4", endSeconds: "3" }, "endSeconds"],
      [{ drawing: "{not json" }, "drawing"],
      [
        {
          drawing: JSON.stringify({
            shapes: [
              {
                tool: "pen",
                colour: "pink",
                points: [
                  [0, 0],
                  [1, 1],
                ],
              },
            ],
          }),
        },
        "drawing",
      ],
      [
        {
          drawing: JSON.stringify({
            shapes: [
              {
                tool: "arrow",
                colour: "red",
                points: [
                  [0, 0],
                  [2, 1],
                ],
              },
            ],
          }),
        },
        "drawing",
      ],
      // Oversized: far more marks than a drawing may have.
      [
        {
          drawing: JSON.stringify({
            shapes: Array.from({ length: DRAWING_LIMITS.shapes + 1 }, () => ({
              tool: "arrow",
              colour: "red",
              points: [
                [0, 0],
                [1, 1],
              ],
            })),
          }),
        },
        "drawing",
      ],
      [{ drawing: " ".repeat(10) + "x".repeat(70 * 1024) }, "drawing"],
    ];
    for (const [fields, field] of cases) {
      const answer = await commentOn(tokens.project, cookie, { versionId: ids.spotV2, ...fields });
      expect(statusOf(answer), JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(Object.keys((dataOf(answer).fieldErrors ?? {}) as object)).toContain(field);
    }
    // Past the end of the video (10 s).
    const past = await commentOn(tokens.project, cookie, {
      versionId: ids.spotV2,
      atSeconds: "12",
    });
    expect(statusOf(past)).toBe(400);
    expect(dataOf(past).message).toBe("That time is past the end of the video.");
    expect((await db.select().from(reviewComments)).length).toBe(before);
  });

  it("stores a drawing at its limits; one the table's 64 KiB cannot hold is a 400, not a 500", async () => {
    const cookie = await identified(tokens.project);
    /** The most points a drawing may have, each coordinate written with `digits` decimals. */
    const fullDrawing = (digits: number) =>
      JSON.stringify({
        shapes: Array.from(
          { length: DRAWING_LIMITS.points / DRAWING_LIMITS.pointsPerStroke },
          (_, stroke) => ({
            tool: "pen",
            colour: "white",
            points: Array.from({ length: DRAWING_LIMITS.pointsPerStroke }, (_, i) => [
              Number((((i * 7919 + stroke) % 9973) / 9973 + 1e-9).toFixed(digits)),
              Number((((i * 104729 + stroke) % 9967) / 9967 + 1e-9).toFixed(digits)),
            ]),
          }),
        ),
      });
    // As the drawing layer writes points (4 decimals): stored.
    const stored = await commentOn(tokens.project, cookie, {
      versionId: ids.spotV2,
      body: "Everything circled",
      drawing: fullDrawing(4),
    });
    expect(statusOf(stored)).toBe(303);
    // Valid by the schema and under 64K characters, but 8 decimals a coordinate: over the table's cap.
    const db = t.runtime.database.db;
    const before = (await db.select().from(reviewComments)).length;
    const refused = await commentOn(tokens.project, cookie, {
      versionId: ids.spotV2,
      drawing: fullDrawing(8),
    });
    expect(statusOf(refused)).toBe(400);
    expect(dataOf(refused).message).toBe(REVIEW_REFUSALS.drawing);
    expect((await db.select().from(reviewComments)).length).toBe(before);
  });

  it("replies, resolves and reopens on the latest version", async () => {
    const cookie = await identified(tokens.project, "Rex Replier", "rex@example.com");
    const made = await commentOn(tokens.project, cookie, {
      versionId: ids.spotV2,
      body: "Colour is off",
    });
    const commentId = (headersOf(made).get("location") ?? "").split("#comment-")[1] ?? "";
    const reply = await post(
      tokens.project,
      { intent: "reply", versionId: ids.spotV2, commentId, body: "Agreed" },
      cookie,
    );
    expect(statusOf(reply)).toBe(303);
    const empty = await post(
      tokens.project,
      { intent: "reply", versionId: ids.spotV2, commentId, body: " " },
      cookie,
    );
    expect(statusOf(empty)).toBe(400);
    const db = t.runtime.database.db;
    const replies = await db
      .select()
      .from(reviewReplies)
      .where(eq(reviewReplies.commentId, commentId));
    expect(replies.map((row) => row.body)).toEqual(["Agreed"]);
    expect(replies[0]?.reviewerId).not.toBeNull();
    const resolvedAt = async () =>
      (await db.select().from(reviewComments).where(eq(reviewComments.id, commentId)))[0]
        ?.resolvedAt;
    expect(statusOf(await post(tokens.project, { intent: "resolve", commentId }, cookie))).toBe(
      303,
    );
    expect(await resolvedAt()).toBeInstanceOf(Date);
    expect(statusOf(await post(tokens.project, { intent: "reopen", commentId }, cookie))).toBe(303);
    expect(await resolvedAt()).toBeNull();
    const unknownIntent = await post(tokens.project, { intent: "delete", commentId }, cookie);
    expect(statusOf(unknownIntent)).toBe(400);
  });

  it("keeps older versions read only: no comment, reply or resolve on them (409)", async () => {
    const cookie = await identified(tokens.project);
    const comment = await commentOn(tokens.project, cookie, { versionId: ids.spotV1 });
    expect(statusOf(comment)).toBe(409);
    expect(dataOf(comment).message).toBe(
      "This version is read only: comments go on the latest version.",
    );
    const reply = await post(
      tokens.project,
      { intent: "reply", commentId: ids.spotV1Comment, body: "Late" },
      cookie,
    );
    expect(statusOf(reply)).toBe(409);
    const resolve = await post(
      tokens.project,
      { intent: "resolve", commentId: ids.spotV1Comment },
      cookie,
    );
    expect(statusOf(resolve)).toBe(409);
  });

  it("refuses what the link does not cover with a 404: another deliverable's or project's version or comment", async () => {
    const cookie = await identified(tokens.cutdown, "Cleo Cut", "cleo@example.com");
    const db = t.runtime.database.db;
    const before = (await db.select().from(reviewComments)).length;
    expect(statusOf(await commentOn(tokens.cutdown, cookie, { versionId: ids.spotV2 }))).toBe(404);
    expect(statusOf(await commentOn(tokens.cutdown, cookie, { versionId: ids.otherV1 }))).toBe(404);
    const [spotComment] = await db
      .select()
      .from(reviewComments)
      .where(eq(reviewComments.versionId, ids.spotV2))
      .limit(1);
    const reply = await post(
      tokens.cutdown,
      { intent: "reply", commentId: spotComment?.id ?? "", body: "Mine now" },
      cookie,
    );
    expect(statusOf(reply)).toBe(404);
    expect(dataOf(reply).message).toBe("That comment is not part of this review.");
    expect(
      statusOf(
        await post(tokens.cutdown, { intent: "resolve", commentId: spotComment?.id ?? "" }, cookie),
      ),
    ).toBe(404);
    expect((await db.select().from(reviewComments)).length).toBe(before);
    // Its own deliverable: fine.
    expect(statusOf(await commentOn(tokens.cutdown, cookie, { versionId: ids.cutV1 }))).toBe(303);
  });

  it("limits comments per address and per link with a clear 429", async () => {
    const cookie = await identified(tokens.other, "Lim Itt", "lim@example.com");
    const ip = freshIp();
    for (let i = 0; i < REVIEW_LIMITS.commentsPerAddress; i++) {
      expect(statusOf(await commentOn(tokens.other, cookie, { versionId: ids.otherV1 }, ip))).toBe(
        303,
      );
    }
    const limited = await commentOn(tokens.other, cookie, { versionId: ids.otherV1 }, ip);
    expect(statusOf(limited)).toBe(429);
    expect(dataOf(limited).message).toBe(REVIEW_MESSAGES.rateLimited);
    // From other addresses, until the link's own limit is reached.
    let sent = REVIEW_LIMITS.commentsPerAddress;
    let address = freshIp();
    let perAddress = 0;
    while (sent < REVIEW_LIMITS.commentsPerLink) {
      if (perAddress === REVIEW_LIMITS.commentsPerAddress) {
        address = freshIp();
        perAddress = 0;
      }
      expect(
        statusOf(await commentOn(tokens.other, cookie, { versionId: ids.otherV1 }, address)),
      ).toBe(303);
      sent++;
      perAddress++;
    }
    const linkLimited = await commentOn(
      tokens.other,
      cookie,
      { versionId: ids.otherV1 },
      freshIp(),
    );
    expect(statusOf(linkLimited)).toBe(429);
    const stored = await t.runtime.database.db
      .select({ id: reviewComments.id })
      .from(reviewComments)
      .where(and(eq(reviewComments.versionId, ids.otherV1)));
    expect(stored).toHaveLength(REVIEW_LIMITS.commentsPerLink);
  });

  it("refuses a ReviewRefusal's cases at the entity too (staff use it)", async () => {
    await expect(
      addComment(
        t.runtime.database.db,
        { projectId: crypto.randomUUID(), deliverableId: null },
        { staffId: actor.id },
        actor,
        {
          versionId: ids.spotV2,
          atSeconds: 0,
          endSeconds: null,
          body: "x",
          drawing: null,
        },
      ),
    ).rejects.toBeInstanceOf(ReviewRefusal);
    const [version] = await t.runtime.database.db
      .select()
      .from(deliverableVersions)
      .where(eq(deliverableVersions.id, ids.spotV2));
    expect(version).toBeDefined();
  });
  it("a reviewer approves through the page: the record and the page's panel; downloads only where the link allows", async () => {
    const db = t.runtime.database.db;
    const cookie = await identified(tokens.cutdown, "Ada Approver", "ada@example.com");
    // Before: waiting for a decision, nothing to download.
    const before = dataOf(await open(tokens.cutdown, cookie)) as {
      approval: unknown;
      downloads: unknown[];
    };
    expect(before).toMatchObject({ approval: null, downloads: [] });
    const changes = await post(
      tokens.cutdown,
      { intent: "request-changes", versionId: ids.cutV1, note: "" },
      cookie,
    );
    expect(statusOf(changes)).toBe(400);
    const approved = await post(
      tokens.cutdown,
      { intent: "approve", versionId: ids.cutV1 },
      cookie,
    );
    expect(statusOf(approved)).toBe(200);
    expect(dataOf(approved)).toMatchObject({ intent: "approve", ok: true });
    const [record] = await db.select().from(approvals).where(eq(approvals.versionId, ids.cutV1));
    expect(record).toMatchObject({
      reviewerName: "Ada Approver",
      reviewerEmail: "ada@example.com",
      sha256: SHA,
      decision: "approve",
    });
    const after = dataOf(await open(tokens.cutdown, cookie)) as {
      approval: { decision: string; reviewerName: string; sha256: string };
      downloads: unknown[];
    };
    expect(after.approval).toMatchObject({
      decision: "approve",
      reviewerName: "Ada Approver",
      sha256: SHA,
    });
    // This link does not allow download; one that does offers the master and each rendition.
    expect(after.downloads).toEqual([]);
    const [version] = await db
      .select({ mediaItemId: deliverableVersions.mediaItemId })
      .from(deliverableVersions)
      .where(eq(deliverableVersions.id, ids.cutV1));
    await db
      .update(mediaItems)
      .set({ masterKey: `${version?.mediaItemId}/master.mov` })
      .where(eq(mediaItems.id, version?.mediaItemId ?? ""));
    const { token } = await createShareLink(db, actor, {
      projectId: ids.projectA,
      allowDownload: true,
    });
    const allowed = dataOf(await open(token, undefined, `?version=${ids.cutV1}`)) as {
      downloads: { label: string; url: string }[];
    };
    expect(allowed.downloads.map((download) => download.label)).toEqual([
      "the master (original file)",
      ...READY_OUTPUTS.renditions.map((rendition) => `${rendition.height}p MP4`),
    ]);
    expect(allowed.downloads[0]?.url).toMatch(
      new RegExp(`^/review-files/[0-9a-f-]{36}/${ids.cutV1}/master\\?`),
    );
  });
});
