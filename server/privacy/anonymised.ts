import type { Executor } from "@server/db/client";
import { approvals, projects, reviewers } from "@server/db/schema";
import { sql } from "drizzle-orm";

/**
 * The review room's rows that name a person (issue #45, decision 0530): a project's client, a
 * reviewer, an approval's reviewer. A person's export finds them by address; erasure keeps the
 * rows (the studio's work, the record that a version was approved, the comments) and replaces
 * who the person was: the name becomes "Erased", the address and company are removed.
 */

export const ERASED_NAME = "Erased";

export const ANONYMISED_TABLES = {
  projects: {
    table: projects,
    email: projects.clientEmail,
    erase: { clientName: ERASED_NAME, clientEmail: null, clientCompany: null },
  },
  reviewers: {
    table: reviewers,
    email: reviewers.email,
    erase: { name: ERASED_NAME, email: null },
  },
  approvals: {
    table: approvals,
    email: approvals.reviewerEmail,
    erase: { reviewerName: ERASED_NAME, reviewerEmail: null },
  },
} as const;

/** Foreign keys from these tables to a person's records may set null: the rows are anonymised. */
export const ANONYMISED_TABLE_NAMES: ReadonlySet<string> = new Set(Object.keys(ANONYMISED_TABLES));

/** The rows naming the (normalised) address, by table. */
export async function findAnonymisable(
  db: Executor,
  address: string,
): Promise<Record<string, Record<string, unknown>[]>> {
  const found: Record<string, Record<string, unknown>[]> = {};
  for (const [name, entry] of Object.entries(ANONYMISED_TABLES)) {
    const rows = await db.select().from(entry.table).where(sql`lower(${entry.email}) = ${address}`);
    if (rows.length > 0) found[name] = rows;
  }
  return found;
}

/** Replaces the person in every row naming the address; how many rows changed. */
export async function anonymiseAddress(db: Executor, address: string): Promise<number> {
  let changed = 0;
  for (const entry of Object.values(ANONYMISED_TABLES)) {
    const rows = await db
      .update(entry.table)
      .set(entry.erase as never)
      .where(sql`lower(${entry.email}) = ${address}`)
      .returning();
    changed += rows.length;
  }
  return changed;
}
