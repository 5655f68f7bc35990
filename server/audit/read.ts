import type { Executor } from "@server/db/client";
import { type AuditEvent, auditEvents, user } from "@server/db/schema";
import { PAGE_SIZE, type Page, pageOf, parseOneOf, parsePage } from "@server/kit/list-params";
import { and, asc, count, desc, eq, gte, isNotNull, lt, or, type SQL, sql } from "drizzle-orm";
import { studioTimeZone } from "~/lib/studio-time";
import { AUDIT_ENTITIES, type AuditEntity } from "~/lib/values";

/** The audit log as the back-office reads it (issue #29): filtered and paged in SQL. */

export interface AuditFilters {
  /** A user id ("" for everyone). */
  person: string;
  entity: AuditEntity | "";
  /** Days (YYYY-MM-DD, the studio's time zone), inclusive; "" for open-ended. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string | null) =>
  value && DAY.test(value) && !Number.isNaN(Date.parse(value)) ? value : "";

export function parseAuditQuery(params: URLSearchParams): AuditFilters & { page: number } {
  return {
    person: (params.get("person") ?? "").trim().slice(0, 64),
    entity: parseOneOf(params.get("entity"), AUDIT_ENTITIES),
    from: validDay(params.get("from")),
    to: validDay(params.get("to")),
    page: parsePage(params.get("page")),
  };
}

/**
 * A person's rows: what they did (their id), and what was tried with their address while nobody
 * was signed in (a failed sign-in keeps the address tried, not an id; issue #47 item 12).
 */
function byPerson(person: string): SQL {
  return or(
    eq(auditEvents.actorId, person),
    sql`lower(${auditEvents.actorEmail}) = (select lower(${user.email}) from ${user} where ${user.id} = ${person})`,
  ) as SQL;
}

function matching(filters: AuditFilters): SQL | undefined {
  return and(
    filters.person ? byPerson(filters.person) : undefined,
    filters.entity ? eq(auditEvents.entityType, filters.entity) : undefined,
    filters.from
      ? gte(
          auditEvents.at,
          sql`(${filters.from}::date)::timestamp at time zone ${studioTimeZone()}`,
        )
      : undefined,
    filters.to
      ? lt(
          auditEvents.at,
          sql`(${filters.to}::date + 1)::timestamp at time zone ${studioTimeZone()}`,
        )
      : undefined,
  );
}

/**
 * The screen pages through the newest 2,500 matching entries (100 pages; decision 0294): counting and skipping
 * stay bounded however long the log grows (100,000 rows and more: issue #29's budget), and older
 * entries are reached by narrowing the dates or the person. The CSV export holds them all.
 */
export const AUDIT_PAGED_ROWS = 2_500;

export async function listAuditEvents(
  db: Executor,
  filters: AuditFilters,
  page: number,
): Promise<Page<AuditEvent>> {
  const where = matching(filters);
  const lastPage = AUDIT_PAGED_ROWS / PAGE_SIZE;
  const shown = Math.min(page, lastPage);
  const bounded = db
    .select({ one: sql`1` })
    .from(auditEvents)
    .where(where)
    .limit(AUDIT_PAGED_ROWS + 1)
    .as("bounded");
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(PAGE_SIZE)
      .offset((shown - 1) * PAGE_SIZE),
    db.select({ total: count() }).from(bounded),
  ]);
  const total = counted?.total ?? 0;
  const capped = total > AUDIT_PAGED_ROWS;
  return pageOf(rows, capped ? AUDIT_PAGED_ROWS : total, shown, capped);
}

/** The person filter's choices: every account that has a role or had one (name and e-mail). */
export async function listAuditPeople(db: Executor): Promise<{ value: string; label: string }[]> {
  const rows = await db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(isNotNull(user.role))
    .orderBy(asc(user.email));
  return rows.map((row) => ({ value: row.id, label: `${row.name} (${row.email})` }));
}

export const AUDIT_CSV_HEADER = [
  "When",
  "Who",
  "Share link",
  "Action",
  "Entity",
  "Entity ID",
  "Name",
  "Changes",
  "IP",
] as const;

export function auditCsvRow(event: AuditEvent): unknown[] {
  return [
    event.at,
    event.actorEmail,
    event.actorLinkId,
    event.action,
    event.entityType,
    event.entityId,
    event.entityName,
    event.changes ? JSON.stringify(event.changes) : "",
    event.ip,
  ];
}

const EXPORT_BATCH = 500;

/** Every row the filters match, newest first, in batches (keyset paging on (at, id)). */
export async function* exportAuditEvents(
  db: Executor,
  filters: AuditFilters,
): AsyncGenerator<AuditEvent[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const batch: { event: AuditEvent; cursor: string }[] = await db
      .select({ event: auditEvents, cursor: sql<string>`${auditEvents.at}::text` })
      .from(auditEvents)
      .where(
        and(
          matching(filters),
          after
            ? sql`(${auditEvents.at}, ${auditEvents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(EXPORT_BATCH);
    if (batch.length > 0) yield batch.map((row) => row.event);
    const last = batch[batch.length - 1];
    if (!last || batch.length < EXPORT_BATCH) return;
    after = { at: last.cursor, id: last.event.id };
  }
}

/** Drops the rows older than `keepDays`; returns how many went. */
export async function pruneAuditEvents(db: Executor, keepDays: number, now = new Date()) {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(auditEvents)
    .where(lt(auditEvents.at, cutoff))
    .returning({ id: auditEvents.id });
  return removed.length;
}
