import type { Executor } from "@server/db/client";
import { rotateSalt } from "@server/visits/salt";
import { type SQL, sql } from "drizzle-orm";

/**
 * What a backup leaves out, and what a restore therefore makes anew (issue 47 items 2 and 9,
 * decisions 0440 and 0441). Every table is still in every archive (the catalog lists them); these
 * few hold secrets that must not outlive the site in a copy:
 *
 * - `notifications`, the outbox: its bodies may hold a single-use link (an invitation, a reset, an
 *   unlock) and what visitors wrote. The archive keeps the sent mails without their bodies (who,
 *   what kind, the subject, when: a person's export still lists them) and leaves out the unsent
 *   ones, which without a body cannot be delivered. A restore drops any unsent mail (an archive
 *   written before this rule holds some) and empties every body.
 * - `visit_salts`, the day's salt of the visit ids: with it, a stored visit id is recomputed from
 *   an IP address and a user agent. The archive holds none; a restore makes a new one.
 * - the Media library's renditions (bucket media-renditions, decision 0496): made again from the
 *   masters. A restore marks every video to be made again (its job is queued at start), and drops
 *   the uploads that were under way (their bytes were on the old machine's disk).
 */

/** The archive's rows of `table`: a `select … as row` over `t`, or null for `to_jsonb(t)` as is. */
export function archivedRows(table: string): { row: SQL; where: SQL } | null {
  if (table === "notifications") {
    return {
      row: sql`to_jsonb(t) || jsonb_build_object('text_body', '', 'html_body', null)`,
      where: sql`t.sent_at is not null`,
    };
  }
  if (table === "visit_salts") return { row: sql`to_jsonb(t)`, where: sql`false` };
  return null;
}

/**
 * After a restore's last migration: no unsent mail from the archive, no body kept, no salt of
 * the archive's site, a new salt for today, and every video waiting to be made again.
 */
export async function afterRestore(executor: Executor): Promise<void> {
  await executor.execute(sql`delete from notifications where sent_at is null`);
  await executor.execute(
    sql`update notifications set text_body = '', html_body = null
        where text_body <> '' or html_body is not null`,
  );
  await executor.execute(sql`delete from visit_salts`);
  await rotateSalt(executor);
  await executor.execute(sql`delete from media_items where state = 'uploading'`);
  await executor.execute(
    sql`update media_items set state = 'queued', progress = null, outputs = null,
        ready_at = null, updated_at = now() where state in ('queued', 'processing', 'ready')`,
  );
}
