import { contactSubmissions, pipelineActivity } from "@server/db/schema";
import {
  BOOKING_REFERENCE_SECONDS,
  bookingReference,
  checkBookingReference,
} from "@server/inquiries/booking";
import { handleContactPost } from "@server/route-kit/public-forms";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as bookedAction, loader as bookedLoader } from "~/routes/resources/booked-call";
import { action as contactAction, headers as contactHeaders } from "~/routes/site/contact";
import { callRoute, createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * A call booked from the contact page's success message (issue #30 item 4, decision 0311): the
 * page's signed, short-lived reference to the inquiry it just sent is posted back when the
 * scheduler reports a booking, and the inquiry gains "Booked a call" once. Expired, altered or
 * foreign references record nothing; the answer naming the visitor is never cached.
 */

let ipCounter = 0;
const freshIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

describe.each(testDrivers)("booked calls on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.runtime.database.db;
  const key = () => t.runtime.keys.bookingReferences;

  /** An inquiry sent through the contact form; its answer's handoff. */
  async function sendInquiry(name = "Rosa Delgado", email = "rosa@example.com") {
    const form = new FormData();
    form.append("name", name);
    form.append("email", email);
    form.append("description", "A brand film for our spring launch.");
    const { status, result } = await handleContactPost(
      t.runtime,
      new Request(new URL("/contact", SITE), { method: "POST", body: form }),
      freshIp(),
    );
    expect(status).toBe(200);
    if (result.status !== "success" || !result.booking) throw new Error("no booking handoff");
    const [row] = await db()
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.email, email));
    if (!row) throw new Error("inquiry not stored");
    return { id: row.id, booking: result.booking };
  }

  const report = (
    reference: string,
    { origin = SITE, ip = freshIp() }: { origin?: string; ip?: string } = {},
  ) =>
    callRoute(bookedAction, t.runtime, "/contact/booked", {
      method: "POST",
      body: new URLSearchParams({ reference }),
      headers: { origin },
      ip,
    }) as Promise<Response>;

  const booked = (id: string) =>
    db()
      .select()
      .from(pipelineActivity)
      .where(
        and(
          eq(pipelineActivity.subjectType, "inquiry"),
          eq(pipelineActivity.subjectId, id),
          eq(pipelineActivity.kind, "booked"),
        ),
      );

  it("hands the page the visitor's name and e-mail and a signed reference, never the bare id", async () => {
    const { id, booking } = await sendInquiry();
    expect(booking.name).toBe("Rosa Delgado");
    expect(booking.email).toBe("rosa@example.com");
    expect(booking.reference).not.toBe(id);
    expect(booking.reference).toMatch(/^[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);
    expect(checkBookingReference(key(), booking.reference)).toBe(id);
  });

  it("records 'Booked a call' on the inquiry with a valid reference, once however often it is replayed", async () => {
    const { id, booking } = await sendInquiry("Theo Marsh", "theo@example.com");
    const first = await report(booking.reference);
    expect(first.status).toBe(204);
    expect(first.headers.get("Cache-Control")).toBe("private, no-store");
    const rows = await booked(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ summary: "Booked a call", actorId: null, actorName: null });
    // Nothing from the scheduler is stored: the entry has no body.
    expect(rows[0]?.body).toBeNull();

    // Replayed, in turn and at once: still one entry.
    expect((await report(booking.reference)).status).toBe(204);
    await Promise.all([report(booking.reference), report(booking.reference)]);
    expect(await booked(id)).toHaveLength(1);
  });

  it("refuses an expired reference and records nothing", async () => {
    const { id } = await sendInquiry("Iris Chen", "iris@example.com");
    const past = Date.now() - (BOOKING_REFERENCE_SECONDS + 60) * 1000;
    const expired = bookingReference(key(), id, () => past);
    expect(checkBookingReference(key(), expired)).toBeNull();
    const response = await report(expired);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Not a booking reference, or it has expired.");
    // Still valid just before its expiry.
    const fresh = bookingReference(key(), id, () => Date.now() - 60_000);
    expect(checkBookingReference(key(), fresh)).toBe(id);
    expect(await booked(id)).toHaveLength(0);
  });

  it("refuses a tampered reference: another inquiry's id, a changed expiry, another key, the bare id", async () => {
    const a = await sendInquiry("Noor Haddad", "noor@example.com");
    const b = await sendInquiry("Sam Okafor", "sam@example.com");
    const [, expires, signature] = a.booking.reference.split(".");
    const forged = [
      `${b.id}.${expires}.${signature}`,
      `${a.id}.${Number(expires) + 3600}.${signature}`,
      bookingReference(t.runtime.keys.previewLinks, a.id),
      a.id,
      `${a.booking.reference}.x`,
      "",
    ];
    for (const reference of forged) {
      expect((await report(reference)).status, reference).toBe(400);
    }
    expect(await booked(a.id)).toHaveLength(0);
    expect(await booked(b.id)).toHaveLength(0);
  });

  it("refuses another site's post, a GET, and too many posts from one address", async () => {
    const { id, booking } = await sendInquiry("Lena Vogel", "lena@example.com");
    expect((await report(booking.reference, { origin: "https://evil.example" })).status).toBe(403);
    expect(await booked(id)).toHaveLength(0);
    const get = (await bookedLoader()) as Response;
    expect(get.status).toBe(405);

    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await report("nothing", { ip })).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("answers the contact POST private and uncached: the visitor's e-mail stays out of shared caches", async () => {
    const form = new FormData();
    form.append("name", "Mara Quinn");
    form.append("email", "mara@example.com");
    form.append("description", "A product video.");
    const answer = (await callRoute(contactAction, t.runtime, "/contact", {
      method: "POST",
      body: form,
      ip: freshIp(),
    })) as unknown as { data: unknown; init: ResponseInit | null };
    expect(JSON.stringify(answer.data)).toContain("mara@example.com");
    const actionHeaders = new Headers(answer.init?.headers);
    expect(actionHeaders.get("Cache-Control")).toBe("private, no-store");
    const shared = new Headers({ "Cache-Control": "public, max-age=0, s-maxage=60" });
    const headersArgs = (actionHeaders: Headers): Parameters<typeof contactHeaders>[0] => ({
      actionHeaders,
      parentHeaders: shared,
      loaderHeaders: new Headers(),
      errorHeaders: undefined,
    });
    expect(new Headers(contactHeaders(headersArgs(actionHeaders))).get("Cache-Control")).toBe(
      "private, no-store",
    );
    // A GET of the page keeps the frame's shared caching.
    expect(new Headers(contactHeaders(headersArgs(new Headers()))).get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=60",
    );
  });
});
