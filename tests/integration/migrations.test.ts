import { readdir, readFile } from "node:fs/promises";
import { auditEvents, contactSubmissions, testimonials } from "@server/db/schema";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDrivers } from "../support/database";

describe.each(testDrivers)("migrations on %s", (driver) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(driver);
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it("creates every table", async () => {
    // Both drivers return { rows } from execute().
    const result = (await database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    )) as unknown as { rows: { table_name: string }[] };
    const names = result.rows.map((r) => r.table_name);
    for (const table of [
      "users",
      "sessions",
      "accounts",
      "verifications",
      "testimonials",
      "case_studies",
      "portfolio_items",
      "blog_categories",
      "blog_tags",
      "blog_posts",
      "blog_post_tags",
      "team_members",
      "contact_submissions",
      "job_applications",
      "uploads",
      "notifications",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("is idempotent: migrating again changes nothing", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });

  it("enforces the check constraints", async () => {
    await expect(
      database.db.insert(testimonials).values({ quote: "q", author: "a", rating: 6 }),
    ).rejects.toThrow();
    await expect(
      database.db
        .insert(contactSubmissions)
        .values({ name: "n", email: "e@x.co", description: "d", status: "unknown" }),
    ).rejects.toThrow();
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({ name: "n", email: "e@x.co", description: "d" })
      .returning();
    expect(row?.status).toBe("new");
    expect(row?.fileAttachments).toBeNull();
  });

  it("turns the public attachment URLs of older inquiries into storage keys (0006)", async () => {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values({
        name: "Legacy",
        email: "legacy@x.co",
        description: "Sent before the bucket went private",
        fileAttachments: [
          "https://studio.example/files/contact-uploads/inquiries/1700000000000_ab12.pdf",
          "/files/contact-uploads/inquiries/1700000000001_cd34.png",
          "inquiries/1700000000002_ef56.txt",
        ],
      })
      .returning({ id: contactSubmissions.id });
    const migration = await readFile("drizzle/0006_attachment_keys.sql", "utf8");
    await database.db.execute(sql.raw(migration));
    const [migrated] = await database.db
      .select({ files: contactSubmissions.fileAttachments })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, row?.id ?? ""));
    expect(migrated?.files).toEqual([
      "inquiries/1700000000000_ab12.pdf",
      "inquiries/1700000000001_cd34.png",
      "inquiries/1700000000002_ef56.txt",
    ]);
  });

  it("names earlier accepted invitations as such in the audit log, and only them (0017)", async () => {
    const row = (
      email: string,
      changes: Record<string, { before: unknown; after: unknown }> | null,
    ) => ({
      action: "password_change" as const,
      actorEmail: email,
      entityType: "staff" as const,
      entityName: email,
      changes,
    });
    const [accepted, changed] = await database.db
      .insert(auditEvents)
      .values([
        row("accepted@x.co", { status: { before: "Invited", after: "Active" } }),
        row("changed@x.co", null),
      ])
      .returning({ id: auditEvents.id });
    // Statement by statement, as the migrator runs it (PGlite prepares one at a time).
    // Found by its name, not its number (migrations are renumbered when branches meet).
    const file = (await readdir("drizzle")).find((name) =>
      name.endsWith("_invitations_audited.sql"),
    );
    const migration = await readFile(`drizzle/${file}`, "utf8");
    for (const statement of migration.split("--> statement-breakpoint")) {
      await database.db.execute(sql.raw(statement));
    }
    const actionOf = async (id: string) =>
      (
        await database.db
          .select({ action: auditEvents.action })
          .from(auditEvents)
          .where(eq(auditEvents.id, id))
      )[0]?.action;
    expect(await actionOf(accepted?.id ?? "")).toBe("invite_accept");
    expect(await actionOf(changed?.id ?? "")).toBe("password_change");
  });
});
