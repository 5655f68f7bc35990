import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Executor } from "@server/db/client";
import { settings } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { eq, sql } from "drizzle-orm";

/**
 * Settings an admin changes on the back-office, one row each in `settings` (issue #29): whether
 * every staff member must have two-factor on (decision 0303), the home reel
 * (server/media/home-reel.ts). A missing row is the default.
 */

const REQUIRE_TWO_FACTOR = "require_two_factor";

/** A setting's stored value; undefined when its row is missing (the default holds). */
export async function readSetting(db: Executor, name: string): Promise<unknown> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.name, name))
    .limit(1);
  return row?.value;
}

/** Stores a setting's value (its row made or replaced); null removes the row. */
export async function writeSetting(db: Executor, name: string, value: unknown): Promise<void> {
  if (value === null) {
    await db.delete(settings).where(eq(settings.name, name));
    return;
  }
  await db
    .insert(settings)
    .values({ name, value })
    .onConflictDoUpdate({
      target: settings.name,
      set: { value: sql`excluded.value`, updatedAt: new Date() },
    });
}

export async function twoFactorRequired(db: Executor): Promise<boolean> {
  return (await readSetting(db, REQUIRE_TWO_FACTOR)) === true;
}

/**
 * Changes a setting with its audit row in the same transaction (`after` runs in it too: what the
 * change must also do); a value that does not change writes nothing and answers false.
 */
export function changeSetting<T>(
  db: Executor,
  actor: AuditActor,
  setting: { name: string; label: string; read: (db: Executor) => Promise<T> },
  value: T,
  after?: (tx: Executor, before: T) => Promise<void>,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const before = await setting.read(tx);
    if (before === value) return false;
    await writeSetting(tx, setting.name, value);
    await recordAudit(tx, {
      action: "setting_change",
      actor,
      entityType: "setting",
      entityId: setting.name,
      entityName: setting.label,
      changes: { [setting.name]: { before, after: value } },
    });
    await after?.(tx, before);
    return true;
  });
}

/** Sets it, audited; a value that does not change writes nothing. */
export function setTwoFactorRequired(
  db: Executor,
  actor: AuditActor,
  required: boolean,
): Promise<boolean> {
  return changeSetting(
    db,
    actor,
    {
      name: REQUIRE_TWO_FACTOR,
      label: "Require two-factor for all staff",
      read: twoFactorRequired,
    },
    required,
  );
}
