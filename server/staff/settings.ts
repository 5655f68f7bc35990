import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Executor } from "@server/db/client";
import { settings } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { eq, sql } from "drizzle-orm";

/**
 * Settings an admin changes on the back-office, one row each in `settings` (issue #29). Today one:
 * whether every staff member must have two-factor on (decision 0303). A missing row is the default.
 */

const REQUIRE_TWO_FACTOR = "require_two_factor";

export async function twoFactorRequired(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.name, REQUIRE_TWO_FACTOR))
    .limit(1);
  return row?.value === true;
}

/** Sets it, with its audit row in the same transaction; a value that does not change writes nothing. */
export async function setTwoFactorRequired(
  db: Executor,
  actor: AuditActor,
  required: boolean,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const before = await twoFactorRequired(tx);
    if (before === required) return false;
    await tx
      .insert(settings)
      .values({ name: REQUIRE_TWO_FACTOR, value: required })
      .onConflictDoUpdate({
        target: settings.name,
        set: { value: sql`excluded.value`, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      action: "setting_change",
      actor,
      entityType: "setting",
      entityId: REQUIRE_TWO_FACTOR,
      entityName: "Require two-factor for all staff",
      changes: { [REQUIRE_TWO_FACTOR]: { before, after: required } },
    });
    return true;
  });
}
