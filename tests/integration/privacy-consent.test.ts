import { randomUUID } from "node:crypto";
import { consentRecords } from "@server/db/schema";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as privacyLoader } from "~/routes/admin/privacy";
import { loader as consentCsvLoader } from "~/routes/admin/privacy-consent-csv";
import { action as consentAction } from "~/routes/resources/consent";
import { callRoute, createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";

/**
 * Records of consent (issue #32 item 3): each choice on the banner is stored with a random visitor
 * id, the categories, the banner version and the time, and never the IP address; GPC is a refusal
 * of marketing; /admin/privacy counts them by month and choice and exports them as CSV.
 */

const IP = "198.51.100.23";

describe.each(testDrivers)("records of consent on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(async () => {
    await t?.close();
  });
  const db = () => t.runtime.database.db;
  const record = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    callRoute(consentAction, t.runtime, "/consent", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers,
      ip: IP,
    });
  const choice = (overrides: Record<string, string> = {}) => ({
    visitor_id: randomUUID(),
    choice: "custom",
    analytics: "true",
    marketing: "false",
    gpc: "false",
    version: "0a1b2c3d",
    ...overrides,
  });

  it("stores a choice with its visitor id, categories and banner version, and no IP address", async () => {
    const sent = choice();
    const response = await record(sent, { origin: SITE });
    expect(response.status).toBe(204);
    const rows = await db().select().from(consentRecords);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      visitorId: sent.visitor_id,
      choice: "custom",
      analytics: true,
      marketing: false,
      gpc: false,
      bannerVersion: "0a1b2c3d",
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
    // No column of the table holds the address, in any form.
    const [withIp] = (
      (await db().execute(
        sql`select count(*)::int as n from consent_records r where strpos(r::text, ${IP}) > 0`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(withIp?.n).toBe(0);
  });

  it("takes Global Privacy Control as a refusal of marketing", async () => {
    const sent = choice({ choice: "accept", marketing: "true", gpc: "true" });
    expect((await record(sent)).status).toBe(204);
    const rows = await db().select().from(consentRecords);
    expect(rows.find((row) => row.visitorId === sent.visitor_id)).toMatchObject({
      marketing: false,
      gpc: true,
    });
  });

  it("refuses what is not a record of consent, and cross-site posts", async () => {
    expect((await record(choice({ choice: "maybe" }))).status).toBe(400);
    expect((await record(choice({ visitor_id: "me@example.com" }))).status).toBe(400);
    expect((await record(choice(), { origin: "https://elsewhere.test" })).status).toBe(403);
    expect(await db().select().from(consentRecords)).toHaveLength(2);
  });

  it("counts the choices by month on /admin/privacy and exports them as CSV", async () => {
    await db().delete(consentRecords);
    const at = (iso: string) => new Date(iso);
    const rows = [
      { choice: "accept", analytics: true, marketing: true, createdAt: at("2026-09-03T10:00:00Z") },
      {
        choice: "decline",
        analytics: false,
        marketing: false,
        createdAt: at("2026-09-20T10:00:00Z"),
      },
      {
        choice: "decline",
        analytics: false,
        marketing: false,
        createdAt: at("2026-10-01T10:00:00Z"),
      },
      {
        choice: "custom",
        analytics: true,
        marketing: false,
        gpc: true,
        createdAt: at("2026-10-02T10:00:00Z"),
      },
    ];
    await db()
      .insert(consentRecords)
      .values(rows.map((row) => ({ ...row, visitorId: randomUUID(), bannerVersion: "0a1b2c3d" })));
    const page = (await callRoute(privacyLoader, t.runtime, "/admin/privacy", {
      cookie: t.cookies.admin,
    })) as { consent: unknown };
    expect(page.consent).toEqual([
      { month: "2026-10", accept: 0, decline: 1, custom: 1, analytics: 1, marketing: 0, gpc: 1 },
      { month: "2026-09", accept: 1, decline: 1, custom: 0, analytics: 1, marketing: 1, gpc: 0 },
    ]);

    const csv = (await callRoute(consentCsvLoader, t.runtime, "/admin/privacy/consent.csv", {
      cookie: t.cookies.admin,
    })) as Response;
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      '"Time","Visitor id","Choice","Analytics","Marketing","Global Privacy Control","Banner version"',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain('"accept","granted","granted","no","0a1b2c3d"');
    expect(lines[4]).toContain('"custom","granted","denied","yes","0a1b2c3d"');
  });

  it("lets only admins see the counts and the CSV", async () => {
    const csv = await callRoute(consentCsvLoader, t.runtime, "/admin/privacy/consent.csv", {
      cookie: t.cookies.editor,
    }).catch((thrown: unknown) => thrown);
    expect((csv as Response).status).toBe(403);
  });
});
