import { readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import { auditEvents, notifications, uploads } from "@server/db/schema";
import { anonymiseAddress } from "@server/privacy/anonymised";
import {
  addressHash,
  findPerson,
  mailMatches,
  normalizeAddress,
  PERSON_TABLES,
} from "@server/privacy/person";
import type { StorageDriver } from "@server/storage";
import { and, eq, inArray, or, sql } from "drizzle-orm";

/**
 * A person's erasure (issue #32 item 5, decisions 0350 and 0445): what person.ts finds about an
 * address, erased in one transaction, and the erasures made before (by the address's keyed hash).
 */

export interface ErasureCounts {
  inquiries: number;
  applications: number;
  files: number;
  related: number;
  notifications: number;
  auditRows: number;
}

/**
 * Without SMTP, sent mail stays on this machine as `.eml` files: those naming the address (in a
 * header: every mail to, from or about a person carries it there) are deleted with the rest.
 */
async function eraseMailFiles(directory: string, address: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(directory);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let erased = 0;
  for (const name of names.filter((entry) => entry.endsWith(".eml"))) {
    const file = path.join(directory, name);
    // Quoted-printable soft line breaks could split the address: joined before the search.
    const text = (await readFile(file, "utf8")).replace(/=\r?\n/g, "").toLowerCase();
    if (!text.includes(address)) continue;
    await rm(file, { force: true });
    erased++;
  }
  return erased;
}

export interface PersonServices {
  db: Database;
  storage: StorageDriver;
  /** The key of the audit log's address hashes (`runtime.keys.personHashes`). */
  hashKey: string;
  mailFiles?: string | null;
}

/**
 * Erases everything stored about the address in one transaction: the records (their dependents
 * cascade), their upload rows and files, the outbox mails, and the address or the records' content
 * in the audit log; then one audit row that keeps only the address's hash. The files are deleted
 * inside the transaction, after the rows: a storage failure rolls the rows back, so a retry finds
 * everything again; a failed commit after it leaves rows whose files are gone, erased by the retry.
 */
export async function erasePerson(
  services: PersonServices,
  actor: AuditActor,
  rawAddress: string,
): Promise<ErasureCounts> {
  const address = normalizeAddress(rawAddress);
  return services.db.transaction(async (tx) => {
    const data = await findPerson(tx, address);
    const recordIds = [...data.inquiries, ...data.applications].map((row) => row.id);
    const related = Object.values(data.related).reduce((sum, rows) => sum + rows.length, 0);

    const mails = await tx
      .delete(notifications)
      .where(mailMatches(address, recordIds))
      .returning({ id: notifications.id });
    // The audit log keeps that a record was written, not what it held; a row whose name or
    // changes mention the address (an export searched for it) keeps its action and time only.
    const hash = addressHash(services.hashKey, address);
    const scrubbed = await tx
      .update(auditEvents)
      .set({ entityName: null, changes: null })
      .where(
        or(
          recordIds.length > 0
            ? and(
                inArray(auditEvents.entityType, ["inquiry", "job_application"]),
                inArray(auditEvents.entityId, recordIds),
              )
            : undefined,
          sql`strpos(lower(coalesce(${auditEvents.entityName}, '') || ' ' || coalesce(${auditEvents.changes}::text, '')), ${address}) > 0`,
        ),
      )
      .returning({ id: auditEvents.id });
    const tried = await tx
      .update(auditEvents)
      .set({ actorEmail: hash })
      .where(sql`lower(${auditEvents.actorEmail}) = ${address}`)
      .returning({ id: auditEvents.id });
    // The review room keeps its rows and loses the person (decision 0530).
    await anonymiseAddress(tx, address);
    for (const { table } of Object.values(PERSON_TABLES)) {
      await tx.delete(table).where(sql`lower(${table.email}) = ${address}`);
    }
    for (const file of data.files) {
      await tx
        .delete(uploads)
        .where(and(eq(uploads.bucket, file.bucket), eq(uploads.key, file.key)));
    }
    for (const file of data.files) await services.storage.delete(file.bucket, file.key);
    const mailFiles = services.mailFiles ? await eraseMailFiles(services.mailFiles, address) : 0;

    const counts: ErasureCounts = {
      inquiries: data.inquiries.length,
      applications: data.applications.length,
      files: data.files.length,
      related,
      notifications: mails.length + mailFiles,
      auditRows: scrubbed.length + tried.length,
    };
    await recordAudit(tx, {
      action: "erase",
      actor,
      entityType: "person",
      entityId: hash,
      entityName: hash,
      changes: countChanges(counts),
    });
    return counts;
  });
}

/** Counts as the audit log's changes: `{ inquiries: { before: 2, after: 0 } }`. */
export function countChanges(counts: object): Record<string, { before: number; after: number }> {
  return Object.fromEntries(
    Object.entries(counts).map(([name, count]) => [name, { before: count as number, after: 0 }]),
  );
}

/** When the address was erased before (the audit log's erase rows under its keyed hash). */
export async function erasuresOf(db: Executor, hashKey: string, address: string): Promise<Date[]> {
  const rows = await db
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, "erase"),
        eq(auditEvents.entityType, "person"),
        eq(auditEvents.entityId, addressHash(hashKey, address)),
      ),
    )
    .orderBy(auditEvents.at);
  return rows.map((row) => row.at);
}
