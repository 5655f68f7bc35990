import type { Executor } from "@server/db/client";
import { consentRecords } from "@server/db/schema";
import { and, asc, gt, or, sql } from "drizzle-orm";
import type { ConsentRecordInput } from "~/entities/privacy/form";
import type { ConsentMonth } from "~/entities/privacy/view";

/**
 * Records of consent (issue #32 item 3, decision 0352): one row per choice on the banner, with the
 * visitor's random id, the categories, the banner version and the time; no IP address, no link to
 * a person. Counted by month and choice on /admin/privacy, exported as CSV.
 */

export async function recordConsent(db: Executor, input: ConsentRecordInput): Promise<void> {
  await db.insert(consentRecords).values({
    visitorId: input.visitor_id,
    choice: input.choice,
    analytics: input.analytics,
    // GPC is a refusal of marketing, whatever the request says.
    marketing: input.marketing && !input.gpc,
    gpc: input.gpc,
    bannerVersion: input.version,
  });
}

/** The counts of the latest `months` months that have records, newest first. */
export async function consentCountsByMonth(db: Executor, months = 24): Promise<ConsentMonth[]> {
  const month = sql<string>`to_char(${consentRecords.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const counted = (where: ReturnType<typeof sql>) =>
    sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  return db
    .select({
      month,
      accept: counted(sql`${consentRecords.choice} = 'accept'`),
      decline: counted(sql`${consentRecords.choice} = 'decline'`),
      custom: counted(sql`${consentRecords.choice} = 'custom'`),
      analytics: counted(sql`${consentRecords.analytics}`),
      marketing: counted(sql`${consentRecords.marketing}`),
      gpc: counted(sql`${consentRecords.gpc}`),
    })
    .from(consentRecords)
    .groupBy(month)
    .orderBy(sql`1 desc`)
    .limit(months);
}

export const CONSENT_CSV_HEADER = [
  "Time",
  "Visitor id",
  "Choice",
  "Analytics",
  "Marketing",
  "Global Privacy Control",
  "Banner version",
] as const;

const BATCH = 1000;

/** Every record, oldest first, in batches (keyset paging on time and id). */
export async function* exportConsentRecords(db: Executor) {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch: { row: typeof consentRecords.$inferSelect; at: string }[] = await db
      .select({ row: consentRecords, at: sql<string>`${consentRecords.createdAt}::text` })
      .from(consentRecords)
      .where(
        after
          ? or(
              gt(consentRecords.createdAt, sql`${after.at}::timestamptz`),
              and(
                sql`${consentRecords.createdAt} = ${after.at}::timestamptz`,
                gt(consentRecords.id, after.id),
              ),
            )
          : undefined,
      )
      .orderBy(asc(consentRecords.createdAt), asc(consentRecords.id))
      .limit(BATCH);
    if (batch.length > 0) {
      yield batch.map(({ row }) => [
        row.createdAt,
        row.visitorId,
        row.choice,
        row.analytics ? "granted" : "denied",
        row.marketing ? "granted" : "denied",
        row.gpc ? "yes" : "no",
        row.bannerVersion,
      ]);
    }
    const last = batch[batch.length - 1];
    if (!last || batch.length < BATCH) return;
    after = { at: last.at, id: last.row.id };
  }
}
