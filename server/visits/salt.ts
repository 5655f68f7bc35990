import { randomBytes } from "node:crypto";
import type { Executor } from "@server/db/client";
import { visitSalts } from "@server/db/schema";
import { eq, lt, sql } from "drizzle-orm";
import { parseZonedDateTime, studioDay } from "~/lib/studio-time";

/**
 * The day's salt of the visit ids (issue #33, decision 0380): 32 random bytes kept in the
 * database (never derived from the date), one for the current day in the studio's time zone (the
 * days analytics count in: a salt changed at midnight UTC, 16:00 in Los Angeles, made one person
 * two visitors of the same studio day; issue #47 item 20). The first instance to need
 * the new day's salt (or the midnight timer of any instance) writes it and deletes the older ones,
 * in one transaction under an advisory lock; every other instance reads the same row. So however
 * many instances there are, a day has one salt, and yesterday's is gone once today's exists.
 */

/** The studio's day of an instant, `2026-11-27`: a visit lasts until the studio's midnight. */
export const visitDay = (now: Date): string => studioDay(now);

/** Today's salt (created with a new random value if missing); older salts are deleted. */
export async function rotateSalt(db: Executor, now: Date = new Date(Date.now())): Promise<Buffer> {
  const day = visitDay(now);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727033, 1)`);
    await tx
      .insert(visitSalts)
      .values({ day, salt: randomBytes(32).toString("hex") })
      .onConflictDoNothing();
    await tx.delete(visitSalts).where(lt(visitSalts.day, day));
    const [row] = await tx.select().from(visitSalts).where(eq(visitSalts.day, day));
    if (!row) throw new Error("the day's visit salt was not written");
    return Buffer.from(row.salt, "hex");
  });
}

/** Milliseconds from `now` to the studio's next midnight (a 23- or 25-hour day included). */
export function untilNextVisitDay(now: Date): number {
  const [year, month, day] = visitDay(now).split("-").map(Number) as [number, number, number];
  const tomorrow = new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
  const midnight = parseZonedDateTime(`${tomorrow}T00:00`);
  if (!midnight) throw new Error(`no midnight on ${tomorrow}`);
  return midnight.getTime() - now.getTime();
}
