import { copyRows } from "@server/db/copy";
import { pageViews } from "@server/db/schema";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

/**
 * `copyRows` (decision 0424): a batch written with COPY holds exactly the values given, whatever
 * text COPY's format has to escape; a batch the database refuses is refused whole, and the
 * connection it used does not poison the next write.
 */

const at = new Date("2026-11-27T12:00:00.000Z");
const row = (path: string, extra: Partial<typeof pageViews.$inferInsert> = {}) => ({
  at,
  visitId: -1234567890123456789n,
  path,
  referrerHost: null,
  utmCampaign: null,
  device: "desktop",
  browser: "chrome",
  ...extra,
});
const KEYS = ["at", "visitId", "path", "referrerHost", "utmCampaign", "device", "browser"] as const;

describe.each(testDrivers)("copyRows on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("writes every value as given: nulls, escapes, non-ASCII, a 64-bit id, the instant", async () => {
    const tricky = "tab\there\nnewline \\ backslash \\N not null, \r café 🎬";
    await copyRows(database.db, pageViews, KEYS, [
      row("/one", { utmCampaign: tricky, referrerHost: "google.com" }),
      row("/two"),
    ]);
    const rows = await database.db.select().from(pageViews).orderBy(asc(pageViews.path));
    expect(rows).toEqual([
      {
        ...row("/one", { utmCampaign: tricky, referrerHost: "google.com" }),
        utmSource: null,
        utmMedium: null,
        utmTerm: null,
        utmContent: null,
      },
      { ...row("/two"), utmSource: null, utmMedium: null, utmTerm: null, utmContent: null },
    ]);
  });

  it("refuses a batch whole when one row breaks a rule, and the next write goes through", async () => {
    await database.db.delete(pageViews);
    await expect(
      copyRows(database.db, pageViews, KEYS, [row("/fine"), row("/bad", { device: "toaster" })]),
    ).rejects.toThrow(/page_views_device_check/);
    await copyRows(database.db, pageViews, KEYS, [row("/after")]);
    const rows = await database.db.select({ path: pageViews.path }).from(pageViews);
    expect(rows).toEqual([{ path: "/after" }]);
  });

  it("writes nothing for no rows", async () => {
    await database.db.delete(pageViews);
    await copyRows(database.db, pageViews, KEYS, []);
    expect(await database.db.$count(pageViews)).toBe(0);
  });
});
