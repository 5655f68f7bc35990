import { randomBytes } from "node:crypto";
import type { Executor } from "@server/db/client";
import { visitSalts } from "@server/db/schema";
import { eq, lt, sql } from "drizzle-orm";

/**
 * The day's salt of the visit ids (issue #33, decision 0380): 32 random bytes kept in the
 * database (never derived from the date), one for the current UTC day. The first instance to need
 * the new day's salt (or the midnight timer of any instance) writes it and deletes the older ones,
 * in one transaction under an advisory lock; every other instance reads the same row. So however
 * many instances there are, a day has one salt, and yesterday's is gone once today's exists.
 */

/** The UTC day of an instant, `2026-11-27`. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

/** Today's salt (created with a new random value if missing); older salts are deleted. */
export async function rotateSalt(db: Executor, now: Date = new Date(Date.now())): Promise<Buffer> {
  const day = utcDay(now);
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

/** Milliseconds from `now` to the next midnight UTC. */
export function untilMidnightUtc(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return next - now.getTime();
}
