import type { Executor } from "@server/db/client";
import { contactSubmissions, uploads, user } from "@server/db/schema";
import {
  containsPattern,
  PAGE_SIZE,
  type Page,
  pageOf,
  parseOneOf,
  parsePage,
  parseSearch,
} from "@server/kit/list-params";
import { and, count, desc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { studioDay } from "~/lib/studio-time";
import { CONTACT_STATUSES, type ContactStatus } from "~/lib/values";

/** Contact submissions (project and wedding inquiries) as the back-office sees them. */

export type Inquiry = typeof contactSubmissions.$inferSelect;

export const OWNER_FILTERS = ["mine", "unassigned"] as const;
export const INQUIRY_SORTS = ["follow-up"] as const;

export interface InquiryFilters {
  /** Case-insensitive text in the name, e-mail or description. */
  q: string;
  status: ContactStatus | "";
  /** "mine": owned by the person looking; "unassigned": owned by nobody (issue #30). */
  owner?: (typeof OWNER_FILTERS)[number] | "";
  /** Only those whose follow-up day has come (today or earlier, studio time). */
  due?: boolean;
  /** "follow-up": the earliest follow-up first (none last); else newest first. */
  sort?: (typeof INQUIRY_SORTS)[number] | "";
}

/** Who is looking and which day it is: what "Mine" and "Follow-up due" mean for this request. */
export interface ListScope {
  me: string | null;
  /** Today in the studio's time zone, YYYY-MM-DD. */
  today: string;
}

export function parseInquiryQuery(params: URLSearchParams): InquiryFilters & { page: number } {
  return {
    q: parseSearch(params.get("q")),
    status: parseOneOf(params.get("status"), CONTACT_STATUSES),
    owner: parseOneOf(params.get("owner"), OWNER_FILTERS),
    due: params.get("due") === "1",
    sort: parseOneOf(params.get("sort"), INQUIRY_SORTS),
    page: parsePage(params.get("page")),
  };
}

/** Today's date in the studio's time zone (a follow-up is due on its day there). */
export function studioToday(now: Date = new Date()): string {
  return studioDay(now);
}

/**
 * One ILIKE over the three fields joined by a line break (search text never holds one, see
 * parseSearch): the same matches as three ORed ILIKEs, and exactly the expression of the trigram
 * index contact_submissions_search_idx, so a search reads the index (decision 0056).
 */
export function inquirySearch(q: string): SQL {
  return sql`(${contactSubmissions.name} || chr(10) || ${contactSubmissions.email} || chr(10) || ${contactSubmissions.description}) ilike ${containsPattern(q)}`;
}

function matching(filters: InquiryFilters, scope?: ListScope): SQL | undefined {
  return and(
    filters.status ? eq(contactSubmissions.status, filters.status) : undefined,
    filters.q ? inquirySearch(filters.q) : undefined,
    filters.owner === "mine" && scope
      ? scope.me
        ? eq(contactSubmissions.ownerId, scope.me)
        : sql`false`
      : undefined,
    filters.owner === "unassigned" ? isNull(contactSubmissions.ownerId) : undefined,
    filters.due && scope ? lte(contactSubmissions.followUpOn, scope.today) : undefined,
  );
}

const newestFirst = [desc(contactSubmissions.createdAt), desc(contactSubmissions.id)] as const;
const followUpFirst = [
  sql`${contactSubmissions.followUpOn} asc nulls last`,
  ...newestFirst,
] as const;

export type InquiryListRow = Inquiry & { ownerName: string | null };

/** One page (25) of the matching inquiries, newest first (or by follow-up), with the total. */
export async function listInquiries(
  db: Executor,
  filters: InquiryFilters,
  page: number,
  scope?: ListScope,
): Promise<Page<InquiryListRow>> {
  const where = matching(filters, scope);
  const order = filters.sort === "follow-up" ? followUpFirst : newestFirst;
  const offset = (page - 1) * PAGE_SIZE;
  if (!filters.q) {
    // Unfiltered or by status: the page walks an index; the count is cheap on its own.
    const [rows, [totals]] = await Promise.all([
      db
        .select()
        .from(contactSubmissions)
        .where(where)
        .orderBy(...order)
        .limit(PAGE_SIZE)
        .offset(offset),
      db.select({ total: count() }).from(contactSubmissions).where(where),
    ]);
    return pageOf(await withOwnerNames(db, rows), totals?.total ?? 0, page);
  }
  // A text search scans the rows anyway: one scan gives the page and the total together.
  const rows = await db
    .select({ inquiry: contactSubmissions, total: sql<number>`count(*) over()`.mapWith(Number) })
    .from(contactSubmissions)
    .where(where)
    .orderBy(...order)
    .limit(PAGE_SIZE)
    .offset(offset);
  const total =
    rows[0]?.total ??
    (page > 1
      ? ((await db.select({ total: count() }).from(contactSubmissions).where(where))[0]?.total ?? 0)
      : 0);
  return pageOf(
    await withOwnerNames(
      db,
      rows.map((row) => row.inquiry),
    ),
    total,
    page,
  );
}

/** The owners' names of a page's rows (one query for the page; the name, else the e-mail). */
export async function withOwnerNames<Row extends { ownerId: string | null }>(
  db: Executor,
  rows: Row[],
): Promise<(Row & { ownerName: string | null })[]> {
  const ids = [...new Set(rows.map((row) => row.ownerId).filter((id) => id !== null))];
  const names =
    ids.length === 0
      ? []
      : await db
          .select({ id: user.id, name: user.name, email: user.email })
          .from(user)
          .where(inArray(user.id, ids));
  const byId = new Map(names.map((row) => [row.id, row.name || row.email]));
  return rows.map((row) => ({
    ...row,
    ownerName: row.ownerId ? (byId.get(row.ownerId) ?? null) : null,
  }));
}

/** One inquiry with its owner's name, or null. */
export async function findInquiry(db: Executor, id: string): Promise<InquiryListRow | null> {
  const [row] = await db
    .select()
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id))
    .limit(1);
  if (!row) return null;
  const [named] = await withOwnerNames(db, [row]);
  return named ?? null;
}

/**
 * The admin route that opens an inquiry's attachment (`fileAttachments` holds storage keys of the
 * private contact-uploads bucket): a signed link valid 60 s for staff, nothing for anyone else
 * (decision 0275). `index` is the attachment's place in the inquiry, from 0.
 */
export function attachmentPath(inquiryId: string, index: number): string {
  return `/admin/inquiries/${inquiryId}/attachments/${index}`;
}

/** An inquiry's attachments as links to open them, named as the visitor named them. */
export function attachmentLinks(
  inquiry: Pick<Inquiry, "id" | "fileAttachments">,
  fileNames: Record<string, string>,
): { href: string; name: string }[] {
  return (inquiry.fileAttachments ?? []).map((key, index) => ({
    href: attachmentPath(inquiry.id, index),
    name: fileNames[key] ?? key.slice(key.lastIndexOf("/") + 1),
  }));
}

/**
 * The visitors' own file names of the attachments on a page (keyed by storage key), from the
 * uploads table: the key is random. Shown as text, never used as a path.
 */
export async function attachmentNames(
  db: Executor,
  inquiries: Pick<Inquiry, "fileAttachments">[],
): Promise<Record<string, string>> {
  const keys = inquiries.flatMap((inquiry) => inquiry.fileAttachments ?? []);
  if (keys.length === 0) return {};
  const rows = await db
    .select({ key: uploads.key, name: uploads.originalName })
    .from(uploads)
    .where(and(eq(uploads.bucket, "contact-uploads"), inArray(uploads.key, keys)));
  return Object.fromEntries(rows.map((row) => [row.key, row.name]));
}

/** The storage key of an inquiry's attachment, or why there is none. */
export async function findAttachmentKey(
  db: Executor,
  inquiryId: string,
  index: number,
): Promise<{ key: string } | "missing"> {
  const [row] = await db
    .select({ files: contactSubmissions.fileAttachments })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, inquiryId))
    .limit(1);
  const key = row?.files?.[index];
  return key ? { key } : "missing";
}

/** Sets an inquiry's status; false when no such inquiry exists. */
export async function setInquiryStatus(
  db: Executor,
  id: string,
  status: ContactStatus,
): Promise<boolean> {
  const updated = await db
    .update(contactSubmissions)
    // Retention counts from the day it was closed (issue #32); closing again keeps that day.
    .set({
      status,
      closedAt: status === "closed" ? sql`coalesce(${contactSubmissions.closedAt}, now())` : null,
    })
    .where(eq(contactSubmissions.id, id))
    .returning({ id: contactSubmissions.id });
  return updated.length > 0;
}

const EXPORT_BATCH = 500;

/** Every matching inquiry, newest first, in batches (keyset paging: stable while rows arrive). */
export async function* exportInquiries(
  db: Executor,
  filters: InquiryFilters,
): AsyncGenerator<Inquiry[]> {
  // The cursor keeps created_at as PostgreSQL text: a JS Date would drop the microseconds.
  let after: { createdAt: string; id: string } | null = null;
  for (;;) {
    const batch: { inquiry: Inquiry; cursor: string }[] = await db
      .select({
        inquiry: contactSubmissions,
        cursor: sql<string>`${contactSubmissions.createdAt}::text`,
      })
      .from(contactSubmissions)
      .where(
        and(
          matching(filters),
          after
            ? sql`(${contactSubmissions.createdAt}, ${contactSubmissions.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...newestFirst)
      .limit(EXPORT_BATCH);
    if (batch.length > 0) yield batch.map((row) => row.inquiry);
    const last = batch[batch.length - 1];
    if (!last || batch.length < EXPORT_BATCH) return;
    after = { createdAt: last.cursor, id: last.inquiry.id };
  }
}

export const INQUIRY_CSV_HEADER = [
  "Received",
  "Kind",
  "Name",
  "Email",
  "Service",
  "Budget",
  "Timeline",
  "Description",
  "Wedding date",
  "Wedding location",
  "Wedding budget",
  "Attachments",
  "Status",
] as const;

/** `absoluteUrl` makes a path of the site absolute: attachments are their back-office links. */
export function inquiryCsvRow(inquiry: Inquiry, absoluteUrl: (path: string) => string): unknown[] {
  return [
    inquiry.createdAt,
    inquiry.kind,
    inquiry.name,
    inquiry.email,
    inquiry.service,
    inquiry.budget,
    inquiry.timeline,
    inquiry.description,
    inquiry.weddingDate,
    inquiry.weddingLocation,
    inquiry.weddingBudget,
    (inquiry.fileAttachments ?? []).map((_key, index) =>
      absoluteUrl(attachmentPath(inquiry.id, index)),
    ),
    inquiry.status,
  ];
}
