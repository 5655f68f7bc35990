import { runtimeContext } from "@server/context";
import {
  approvals,
  auditEvents,
  mediaItems,
  notifications,
  projectDigests,
  projects,
  reviewComments,
  reviewers,
  reviewReplies,
  type ShareLink,
  user,
} from "@server/db/schema";
import { readForm } from "@server/http/form-data";
import {
  APPROVAL_MESSAGES,
  ApprovalInputError,
  decideVersion,
  reviewStateOf,
} from "@server/projects/approvals";
import { addDeliverable, addVersion, createProject } from "@server/projects/projects";
import { reviewDigestJob, sendReviewDigests } from "@server/projects/review-digests";
import {
  DOWNLOAD_MESSAGES,
  downloadAddress,
  REVIEW_DOWNLOAD_SECONDS,
} from "@server/projects/review-downloads";
import { createShareLink, revokeShareLink } from "@server/projects/share-links";
import { FORM_LIMITS } from "@server/route-kit/forms";
import { reviewApprovalPost } from "@server/route-kit/review-approvals";
import { serveReviewFile } from "@server/route-kit/review-files";
import { and, eq } from "drizzle-orm";
import xmlParser from "fast-xml-parser";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as markersLoader } from "~/routes/admin/project-markers";
import { TEST_ADMIN } from "../support/admin-data";
import { callRoute, createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { runJobNow } from "../support/jobs";
import { waitFor } from "../support/wait";

/**
 * Approval as a record (issue #45 items 5-7): who approved which exact file (its SHA-256), when,
 * through which link; the receipts; "changes" needs a note; a version outside the link refused;
 * a new version starts a new review; the signed download; the markers exports at a 29.97 DF
 * media's frames and start timecode; the hourly digest once with two racing runs; the client's
 * "A new version is ready".
 */

const SHA = "d".repeat(64);
const SHA2 = "e".repeat(64);
const CLIENT = "client@review.test";
const REVIEWER = "rita@review.test";
const MASTER = Buffer.from("a master file's bytes, standing in for a ProRes master");

describe.each(testDrivers)("review approvals on %s", (driver) => {
  let t: TestRuntime;
  let actor: { id: string; email: string; ip: string };
  let adminName = "";
  let mediaA = "";
  let mediaB = "";
  const db = () => t.runtime.database.db;
  const services = () => ({ jobs: t.runtime.jobs, notifyEmail: t.runtime.config.NOTIFY_EMAIL });

  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const [admin] = await db().select().from(user).where(eq(user.email, TEST_ADMIN.email));
    actor = { id: admin?.id ?? "", email: TEST_ADMIN.email, ip: "203.0.113.9" };
    adminName = admin?.name ?? "";
    const video = {
      originalName: "spot.mov",
      size: MASTER.length,
      state: "ready" as const,
      frameRateNum: 30000,
      frameRateDen: 1001,
      startTimecode: "01:00:00;00",
      durationSeconds: 120,
    };
    const [a, b] = await db()
      .insert(mediaItems)
      .values([
        { ...video, title: "Spot v1", sha256: SHA },
        { ...video, title: "Spot v2", sha256: SHA2 },
      ])
      .returning();
    mediaA = a?.id ?? "";
    mediaB = b?.id ?? "";
    for (const id of [mediaA, mediaB]) {
      await t.runtime.storage.put("media-masters", `${id}/master.mov`, MASTER, {
        contentType: "video/quicktime",
      });
      await db()
        .update(mediaItems)
        .set({ masterKey: `${id}/master.mov` })
        .where(eq(mediaItems.id, id));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A project owned by the admin, its deliverable with v1, a link and a reviewer of it. */
  async function reviewed(options: { allowDownload?: boolean; clientEmail?: string | null } = {}) {
    const project = await createProject(db(), actor, {
      title: "Spring campaign",
      clientName: "Cora Client",
      clientEmail: options.clientEmail === undefined ? CLIENT : options.clientEmail,
      clientCompany: null,
      ownerId: actor.id,
    });
    const deliverable = await addDeliverable(db(), actor, project.id, "Spring :30");
    const target = { projectId: project.id, deliverableId: deliverable?.id ?? "" };
    const v1 = await addVersion(db(), actor, target, mediaA, t.runtime.jobs);
    const { link } = await createShareLink(db(), actor, {
      projectId: project.id,
      allowDownload: options.allowDownload ?? true,
    });
    const [reviewer] = await db()
      .insert(reviewers)
      .values({ linkId: link.id, name: "Rita Reviewer", email: REVIEWER })
      .returning();
    if (!reviewer) throw new Error("no reviewer");
    return { project, target, v1, link, reviewer };
  }

  const mailsOf = (kind: string) =>
    db().select().from(notifications).where(eq(notifications.kind, kind));

  it("an approval records who, when, the link, the version and its SHA-256, audited with the reviewer as actor, with receipts", async () => {
    const { v1, link, reviewer } = await reviewed();
    const before = (await mailsOf("review-decision-receipt")).length;
    const approval = await decideVersion(
      db(),
      { link, reviewer, versionId: v1.id, decision: "approve", ip: "198.51.100.4" },
      services(),
    );
    expect(approval).toMatchObject({
      versionId: v1.id,
      reviewerId: reviewer.id,
      linkId: link.id,
      reviewerName: "Rita Reviewer",
      reviewerEmail: REVIEWER,
      decision: "approve",
      sha256: SHA,
    });
    expect(Date.now() - approval.createdAt.getTime()).toBeLessThan(60_000);
    expect(await reviewStateOf(db(), v1.id)).toMatchObject({ decision: "approve", sha256: SHA });
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, v1.id), eq(auditEvents.action, "approve")));
    expect(audit).toMatchObject({
      actorId: null,
      actorEmail: REVIEWER,
      actorLinkId: link.id,
      ip: "198.51.100.4",
      entityType: "project_version",
      entityName: "Spring :30 v1",
    });
    const receipts = (await mailsOf("review-decision-receipt")).slice(before);
    expect(receipts.map((mail) => mail.recipient).sort()).toEqual(
      [TEST_ADMIN.email, REVIEWER].sort(),
    );
    for (const mail of receipts) {
      expect(mail.subject).toBe("Approved: Spring :30 v1");
      expect(mail.textBody).toContain(SHA);
      expect(mail.textBody).toContain("Spring :30");
      expect(mail.textBody).toContain("Version: v1");
      expect(mail.htmlBody).toContain(SHA);
    }
    // Approving again is refused: one record, one pair of receipts.
    await expect(
      decideVersion(db(), { link, reviewer, versionId: v1.id, decision: "approve" }, services()),
    ).rejects.toThrow(APPROVAL_MESSAGES.alreadyApproved);
  });

  it("without an owner the owner's receipt goes to the studio's address", async () => {
    const { project, v1, link, reviewer } = await reviewed();
    await db().update(projects).set({ ownerId: null }).where(eq(projects.id, project.id));
    const before = (await mailsOf("review-decision-receipt")).length;
    await decideVersion(
      db(),
      { link, reviewer, versionId: v1.id, decision: "changes", note: "Warmer grade" },
      services(),
    );
    const receipts = (await mailsOf("review-decision-receipt")).slice(before);
    expect(receipts.map((mail) => mail.recipient).sort()).toEqual(
      [t.runtime.config.NOTIFY_EMAIL, REVIEWER].sort(),
    );
    expect(receipts[0]?.textBody).toContain("Warmer grade");
  });

  /** The review page's post, through the glue the page's action calls. */
  async function post(
    target: { link: ShareLink; reviewer: { id: string; name: string; email: string | null } },
    fields: Record<string, string>,
  ) {
    const context = new RouterContextProvider();
    context.set(runtimeContext, t.runtime);
    const request = new Request(`${SITE}/review/x`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const form = await readForm(request, FORM_LIMITS.short);
    const answer = await reviewApprovalPost({ context, ...target, form });
    return answer as unknown as { data: Record<string, unknown>; init?: { status?: number } };
  }

  it("request changes needs a note (400 with the message, nothing written); with one it is kept", async () => {
    const { v1, link, reviewer } = await reviewed();
    const refused = await post({ link, reviewer }, { intent: "request-changes", versionId: v1.id });
    expect(refused.init?.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: { note: ["Say what should change."] },
    });
    await expect(
      decideVersion(
        db(),
        { link, reviewer, versionId: v1.id, decision: "changes", note: "   " },
        services(),
      ),
    ).rejects.toBeInstanceOf(ApprovalInputError);
    expect(await db().select().from(approvals).where(eq(approvals.versionId, v1.id))).toEqual([]);
    const sent = await post(
      { link, reviewer },
      { intent: "request-changes", versionId: v1.id, note: "Logo smaller at the end" },
    );
    expect(sent.data).toMatchObject({ ok: true });
    expect(await reviewStateOf(db(), v1.id)).toMatchObject({
      decision: "changes",
      note: "Logo smaller at the end",
    });
    const approved = await post({ link, reviewer }, { intent: "approve", versionId: v1.id });
    expect(approved.data).toMatchObject({ ok: true });
    expect((await reviewStateOf(db(), v1.id))?.decision).toBe("approve");
    // Not a version id at all: the form's message, 400.
    const bad = await post({ link, reviewer }, { intent: "approve", versionId: "v1" });
    expect(bad.init?.status).toBe(400);
  });

  it("refuses a version outside the link: another project's, or another deliverable's", async () => {
    const first = await reviewed();
    const other = await reviewed();
    await expect(
      decideVersion(
        db(),
        { link: first.link, reviewer: first.reviewer, versionId: other.v1.id, decision: "approve" },
        services(),
      ),
    ).rejects.toMatchObject({ message: APPROVAL_MESSAGES.outsideLink, status: 404 });
    // A link of one deliverable does not reach the project's other deliverable.
    const second = await addDeliverable(db(), actor, first.project.id, "Cutdown :15");
    const cutdown = await addVersion(
      db(),
      actor,
      { projectId: first.project.id, deliverableId: second?.id ?? "" },
      mediaB,
      t.runtime.jobs,
    );
    const narrow: ShareLink = { ...first.link, deliverableId: first.target.deliverableId };
    await expect(
      decideVersion(
        db(),
        { link: narrow, reviewer: first.reviewer, versionId: cutdown.id, decision: "approve" },
        services(),
      ),
    ).rejects.toMatchObject({ status: 404 });
    const answer = await post(
      { link: first.link, reviewer: first.reviewer },
      { intent: "approve", versionId: other.v1.id },
    );
    expect(answer.init?.status).toBe(404);
    expect(answer.data).toMatchObject({ fieldErrors: { form: [APPROVAL_MESSAGES.outsideLink] } });
  });

  it("a new version after an approval starts a new review; the replaced one takes no decision", async () => {
    const { target, v1, link, reviewer } = await reviewed();
    await decideVersion(
      db(),
      { link, reviewer, versionId: v1.id, decision: "approve" },
      services(),
    );
    const v2 = await addVersion(db(), actor, target, mediaB, t.runtime.jobs);
    expect(await reviewStateOf(db(), v2.id)).toBe(null);
    expect((await reviewStateOf(db(), v1.id))?.decision).toBe("approve");
    await expect(
      decideVersion(
        db(),
        { link, reviewer, versionId: v1.id, decision: "changes", note: "x" },
        services(),
      ),
    ).rejects.toMatchObject({ message: APPROVAL_MESSAGES.replaced, status: 409 });
    const approval = await decideVersion(
      db(),
      { link, reviewer, versionId: v2.id, decision: "approve" },
      services(),
    );
    expect(approval.sha256).toBe(SHA2);
  });

  it("'A new version is ready' goes to the client with the version, only when there is an address", async () => {
    const before = (await mailsOf("review-new-version")).length;
    const { target } = await reviewed();
    await addVersion(db(), actor, target, mediaB, t.runtime.jobs);
    const mails = (await mailsOf("review-new-version")).slice(before);
    expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
      [CLIENT, "A new version is ready: Spring :30 v1"],
      [CLIENT, "A new version is ready: Spring :30 v2"],
    ]);
    expect(mails[1]?.textBody).toContain(SHA2);
    const count = (await mailsOf("review-new-version")).length;
    await reviewed({ clientEmail: null });
    expect((await mailsOf("review-new-version")).length).toBe(count);
  });

  it("download: a ten-minute signed address of an approved master; refused otherwise", async () => {
    const key = t.runtime.keys.reviewDownloads;
    let now = Date.now();
    const clock = { db: db(), key, now: () => now };
    const { v1, link, reviewer } = await reviewed();
    expect(await downloadAddress(clock, { link, versionId: v1.id })).toEqual({
      ok: false,
      status: 403,
      message: DOWNLOAD_MESSAGES.notApproved,
    });
    await decideVersion(
      db(),
      { link, reviewer, versionId: v1.id, decision: "approve" },
      services(),
    );
    const closed = { ...link, allowDownload: false };
    expect(await downloadAddress(clock, { link: closed, versionId: v1.id })).toMatchObject({
      ok: false,
      status: 403,
      message: DOWNLOAD_MESSAGES.notAllowed,
    });
    const made = await downloadAddress(clock, { link, versionId: v1.id });
    if (!made.ok) throw new Error(made.message);
    expect(made.url).toMatch(
      new RegExp(
        `^/review-files/${link.id}/${v1.id}/master\\?expires=\\d+&signature=[0-9a-f]{64}$`,
      ),
    );
    const fetchFile = (url: string, init: RequestInit = {}) => {
      const [linkId, versionId, file] = new URL(url, SITE).pathname.split("/").slice(2);
      return serveReviewFile(
        t.runtime,
        { linkId, versionId, file },
        new Request(new URL(url, SITE), init),
      );
    };
    // The route checks with the system clock: signed now, valid now.
    const file = await fetchFile(made.url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(MASTER);
    expect(file.headers.get("content-disposition")).toBe(
      'attachment; filename="Spring :30 v1.mov"',
    );
    expect(file.headers.get("cache-control")).toBe("private, no-store");
    const part = await fetchFile(made.url, { headers: { range: "bytes=0-5" } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(MASTER.subarray(0, 6).toString());
    // A changed signature, another version, another file: refused.
    const forged = made.url.replace(/signature=[0-9a-f]/, (match) =>
      match.endsWith("0") ? `${match.slice(0, -1)}1` : `${match.slice(0, -1)}0`,
    );
    expect((await fetchFile(forged)).status).toBe(403);
    expect((await fetchFile(made.url.replace("/master?", "/proxy?"))).status).toBe(403);
    // Expired: signed eleven minutes ago.
    now = Date.now() - (REVIEW_DOWNLOAD_SECONDS + 60) * 1000;
    const old = await downloadAddress(clock, { link, versionId: v1.id });
    if (!old.ok) throw new Error(old.message);
    const expired = await fetchFile(old.url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe(DOWNLOAD_MESSAGES.expired);
    // A rendition of the ladder: its init segment and segments as one MP4, in order.
    await db()
      .update(mediaItems)
      .set({
        outputs: {
          master: "master.m3u8",
          renditions: [
            { height: 720, width: 1280, bandwidth: 1, codecs: "avc1", playlist: "720p/index.m3u8" },
          ],
          poster: { jpeg: "p.jpg", webp: "p.webp", avif: "p.avif" },
          storyboard: { image: "s.jpg", vtt: "s.vtt" },
        },
      })
      .where(eq(mediaItems.id, mediaA));
    const parts = { "init.mp4": "INIT", "seg-00001.m4s": "ONE", "seg-00002.m4s": "TWO" };
    const playlist = [
      "#EXTM3U",
      '#EXT-X-MAP:URI="init.mp4"',
      "#EXTINF:6.0,",
      "seg-00001.m4s",
      "#EXTINF:2.0,",
      "seg-00002.m4s",
      "#EXT-X-ENDLIST",
    ].join("\n");
    for (const [name, body] of [["index.m3u8", playlist], ...Object.entries(parts)]) {
      await t.runtime.storage.put(
        "media-renditions",
        `${mediaA}/720p/${name}`,
        Buffer.from(body ?? ""),
        {
          contentType: "application/octet-stream",
        },
      );
    }
    now = Date.now();
    const rendition = await downloadAddress(clock, { link, versionId: v1.id, file: "720p" });
    if (!rendition.ok) throw new Error(rendition.message);
    const mp4 = await fetchFile(rendition.url);
    expect(mp4.status).toBe(200);
    expect(mp4.headers.get("content-type")).toBe("video/mp4");
    expect(mp4.headers.get("content-length")).toBe("10");
    expect(mp4.headers.get("content-disposition")).toBe(
      'attachment; filename="Spring :30 v1 720p.mp4"',
    );
    expect(await mp4.text()).toBe("INITONETWO");
    expect(await downloadAddress(clock, { link, versionId: v1.id, file: "2160p" })).toMatchObject({
      ok: false,
      status: 404,
    });
    // A master signature does not open the rendition, nor the other way round.
    expect((await fetchFile(made.url.replace("/master?", "/720p?"))).status).toBe(403);
    // The share link revoked since: the address no longer opens.
    expect(await revokeShareLink(db(), actor, link.projectId, link.id)).toBe(true);
    expect((await fetchFile(made.url)).status).toBe(403);
  });

  it("exports a version's comments: EDL events and FCPXML markers at the frames of a 29.97 DF media from 01:00:00;00", async () => {
    const { project, v1, reviewer } = await reviewed();
    await db()
      .insert(reviewComments)
      .values([
        { versionId: v1.id, reviewerId: reviewer.id, body: "Logo too big", atSeconds: 1.0 },
        {
          versionId: v1.id,
          staffId: actor.id,
          body: "Hold this shot",
          atSeconds: 10.0,
          endSeconds: 12.0,
          resolvedAt: new Date(),
        },
        { versionId: v1.id, reviewerId: reviewer.id, body: "Music swell", atSeconds: 61.0 },
      ]);
    const download = async (format: string) => {
      const url = `/admin/projects/${project.id}/versions/${v1.id}/markers.${format}`;
      const answer = (await callRoute(markersLoader, t.runtime, url, {
        cookie: t.cookies.admin,
        params: { id: project.id, versionId: v1.id },
      })) as Response;
      expect(answer.status).toBe(200);
      expect(answer.headers.get("content-disposition")).toBe(
        `attachment; filename="spring-30-v1-comments.${format}"`,
      );
      return answer.text();
    };
    const edl = await download("edl");
    expect(edl).toContain("FCM: DROP FRAME\r\n");
    const events = [
      ...edl.matchAll(/^(\d{3}) {2}001 {6}V {5}C {8}(\S+) (\S+) (\S+) (\S+)\r\n(.*)$/gm),
    ].map((match) => [match[1], match[2], match[3], match[6]]);
    expect(events).toEqual(
      [
        [
          "001",
          "01:00:00;29",
          "01:00:01;00",
          "Logo too big |C:ResolveColorRed |M:Rita Reviewer |D:1",
        ],
        ["002", "01:00:09;29", "01:00:10;00", "Hold this shot |C:ResolveColorGreen |M:Admin |D:60"],
        [
          "003",
          "01:01:01;00",
          "01:01:01;01",
          "Music swell |C:ResolveColorRed |M:Rita Reviewer |D:1",
        ],
      ].map(([n, a, b, note]) => [n, a, b, note?.replace("|M:Admin", `|M:${adminName} (studio)`)]),
    );
    const xml = await download("fcpxml");
    expect(xmlParser.validate(xml)).toBe(true);
    const doc = xmlParser.parse(xml, {
      ignoreAttributes: false,
      attributeNamePrefix: "",
      arrayMode: (name: string) => name === "marker",
    });
    const sequence = doc.fcpxml.library.event.project.sequence;
    expect(sequence.tcFormat).toBe("DF");
    expect(sequence.tcStart).toBe("8999991/2500s");
    const markers = sequence.spine["asset-clip"].marker.map(
      (marker: { start: string; duration: string; completed: string | number }) => [
        marker.start,
        marker.duration,
        String(marker.completed),
      ],
    );
    expect(markers).toEqual([
      ["108028921/30000s", "1001/30000s", "0"],
      ["108299191/30000s", "1001/500s", "1"],
      ["2745743/750s", "1001/30000s", "0"],
    ]);
    const csv = await download("csv");
    expect(csv.split("\r\n")[1]).toBe('"01:00:00;29","","Rita Reviewer","Logo too big","Open"');
    // Another project's address for the version: 404, never its comments.
    const other = await reviewed();
    const refused = (await callRoute(
      markersLoader,
      t.runtime,
      `/admin/projects/${other.project.id}/versions/${v1.id}/markers.edl`,
      { cookie: t.cookies.admin, params: { id: other.project.id, versionId: v1.id } },
    )) as Response;
    expect(refused.status).toBe(404);
  });

  it("the hourly digest: one mail per project an hour, once with two racing runs, only what is new", async () => {
    const { project, v1, reviewer } = await reviewed();
    const [comment] = await db()
      .insert(reviewComments)
      .values([
        { versionId: v1.id, reviewerId: reviewer.id, body: "Cut the intro", atSeconds: 2 },
        { versionId: v1.id, staffId: actor.id, body: "Staff's own note", atSeconds: 3 },
      ])
      .returning();
    const [reply] = await db()
      .insert(reviewReplies)
      .values({ commentId: comment?.id ?? "", reviewerId: reviewer.id, body: "And the outro" })
      .returning();
    // The database keeps microseconds, a Date milliseconds: the runs' clock must be past the
    // reply's millisecond, or a run in that very millisecond leaves it to the next hour.
    const written = reply?.createdAt.getTime() ?? 0;
    await waitFor(async () => Date.now() > written, "the clock past the last note's millisecond");
    const digestsOf = async () =>
      (await mailsOf("review-comment-digest")).filter((mail) =>
        mail.textBody.includes(`/admin/projects/${project.id}`),
      );
    // The runs' clock is the real one here: a digest covers what was written up to its run.
    const now = new Date();
    const digestServices = {
      database: t.runtime.database,
      jobs: t.runtime.jobs,
      config: t.runtime.config,
    };
    const raced = await Promise.all([
      sendReviewDigests(digestServices, now),
      sendReviewDigests(digestServices, now),
      runJobNow(reviewDigestJob, {}, t.runtime).then(() => 0),
    ]);
    // Whichever ran first (the job's own run takes the real clock) sent this project's digest;
    // the others found it sent this hour (earlier tests' projects are digested here too).
    expect(raced.length).toBe(3);
    const first = await digestsOf();
    expect(first).toHaveLength(1);
    expect(first[0]?.recipient).toBe(TEST_ADMIN.email);
    expect(first[0]?.textBody).toContain("Rita Reviewer on Spring :30 v1: Cut the intro");
    expect(first[0]?.textBody).toContain("Rita Reviewer on Spring :30 v1: And the outro");
    expect(first[0]?.textBody).not.toContain("Staff's own note");
    // Another comment in the same hour: nothing more until the next hour, then only it.
    await db()
      .insert(reviewComments)
      .values({ versionId: v1.id, reviewerId: reviewer.id, body: "Brighter sky", atSeconds: 5 });
    const later = new Date();
    const sameHour = later.getUTCHours() === now.getUTCHours();
    if (sameHour) {
      await sendReviewDigests(digestServices, later);
      expect(await digestsOf()).toHaveLength(1);
    }
    const nextHour = new Date(now.getTime() + 3_600_000 + 2000);
    await Promise.all([
      sendReviewDigests(digestServices, nextHour),
      sendReviewDigests(digestServices, nextHour),
    ]);
    const second = await digestsOf();
    expect(second).toHaveLength(2);
    const newest = second.find((mail) => mail !== first[0] && mail.id !== first[0]?.id);
    expect(newest?.textBody).toContain("Brighter sky");
    expect(newest?.textBody).not.toContain("Cut the intro");
    const [kept] = await db()
      .select()
      .from(projectDigests)
      .where(eq(projectDigests.projectId, project.id));
    expect(kept?.sentAt.getTime()).toBe(nextHour.getTime());
    // Nothing new: nothing sent, however often it runs.
    await sendReviewDigests(digestServices, new Date(nextHour.getTime() + 7_200_000));
    expect(await digestsOf()).toHaveLength(2);
  });
});
