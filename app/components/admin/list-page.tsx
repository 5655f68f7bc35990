import { Download, type LucideIcon, Pencil, Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { Pagination } from "./pagination";
import { buttonClass, EmptyState, LoadError, RowList } from "./ui";

/**
 * The shared pieces of the back-office lists (their loader is `loadAdminList` in
 * server/route-kit/moderation.ts): the body (error, empty or rows), a content row, the header's links
 * and the paged rows (25 a page, paged on the server: decisions 0056, 0225).
 */

/** A list's body: the load error, the empty message, or the rows. */
export function ListBody<Row>({
  loadError,
  rows,
  empty,
  children,
}: {
  loadError: { description?: string } | null;
  rows: readonly Row[] | null | undefined;
  empty: ReactNode;
  children: (rows: readonly Row[]) => ReactNode;
}) {
  if (loadError) return <LoadError message={loadError.description ?? ""} />;
  if (!rows || rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return children(rows);
}

/** A content row: title and badges, the details line (empty parts left out), then its actions. */
export function ContentRow({
  title,
  badges,
  details,
  leading,
  children,
  actions,
}: {
  title: string;
  badges?: ReactNode;
  details: (string | null | undefined)[];
  /** Before the text (the team's display order). */
  leading?: ReactNode;
  /** Under the details line. */
  children?: ReactNode;
  actions: ReactNode;
}) {
  const text = (
    <div className="min-w-0">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{title}</span>
        {badges}
      </p>
      <p className="mt-0.5 text-sm text-ink-muted">{details.filter(Boolean).join(" · ")}</p>
      {children}
    </div>
  );
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      {leading ? (
        <div className="flex min-w-0 items-center gap-3">
          {leading}
          {text}
        </div>
      ) : (
        text
      )}
      <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>
    </li>
  );
}

/** A row's Edit link, named for screen readers ("Edit Estate Media"). */
export function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className={buttonClass.secondary}>
      <Pencil aria-hidden="true" className="size-4" />
      Edit<span className="sr-only"> {name}</span>
    </Link>
  );
}

/** A header's link to a new item ("Add Case Study"). */
export function AddLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <IconLink to={to} icon={Plus} primary>
      {children}
    </IconLink>
  );
}

/** A header's link with an icon before its words (secondary unless `primary`). */
export function IconLink({
  to,
  icon: Icon,
  primary = false,
  children,
}: {
  to: string;
  icon: LucideIcon;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={primary ? buttonClass.primary : buttonClass.secondary}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

/** The header's CSV export of a submission list, with the list's filters. */
export function ExportLink({ path, filters }: { path: string; filters: Record<string, string> }) {
  const query = new URLSearchParams(Object.entries(filters).filter(([, value]) => value));
  const search = query.toString();
  return (
    <a href={`${path}${search ? `?${search}` : ""}`} className={buttonClass.secondary} download>
      <Download aria-hidden="true" className="size-4" />
      Export CSV
    </a>
  );
}

/**
 * A submission list's head (inquiries, job applications): its title and lead, "Export CSV" of what
 * the filters keep, and why the list could not load, when it could not.
 */
export function SubmissionListHeader({
  title,
  lead,
  exportPath,
  exportFilters,
  loadError,
}: {
  title: string;
  lead: string;
  exportPath: string;
  exportFilters: Record<string, string>;
  loadError: Parameters<typeof ToastMessageView>[0]["message"];
}) {
  return (
    <>
      <PageHeader
        variant="admin"
        title={title}
        lead={lead}
        actions={<ExportLink path={exportPath} filters={exportFilters} />}
      />
      <ToastMessageView message={loadError} />
    </>
  );
}

/** A submission list's rows, then the pages (which keep the filters). */
export function PagedRows({
  label,
  result,
  noun,
  children,
}: {
  label: string;
  result: PageInfo;
  noun: readonly [string, string];
  children: ReactNode;
}) {
  return (
    <>
      <ul aria-label={label} className="space-y-3">
        {children}
      </ul>
      <ListPages result={result} noun={noun} />
    </>
  );
}

/** A content list's rows (one bordered list), then its pages. */
export function PagedList({
  label,
  result,
  noun,
  children,
}: {
  label: string;
  result: PageInfo | null;
  noun: readonly [string, string];
  children: ReactNode;
}) {
  return (
    <>
      <RowList label={label}>{children}</RowList>
      {result ? <ListPages result={result} noun={noun} /> : null}
    </>
  );
}

interface PageInfo {
  page: number;
  pageCount: number;
  total: number;
  capped?: boolean;
}

/** The pages of a list under its rows: links that keep the list's filters in the URL. */
export function ListPages({ result, noun }: { result: PageInfo; noun: readonly [string, string] }) {
  const [searchParams] = useSearchParams();
  const search = new URLSearchParams(searchParams);
  search.delete("page");
  return (
    <Pagination
      page={result.page}
      pageCount={result.pageCount}
      total={result.total}
      capped={result.capped}
      search={search}
      noun={noun}
    />
  );
}

/** A value longer than this takes a whole row: in a third of one it would wrap every few letters. */
const WIDE_FACT = 28;

/** A submission's facts, "—" where one is not given. */
export function Facts({ facts }: { facts: [string, string | null][] }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
      {facts.map(([term, value]) => (
        <div
          key={term}
          className={`flex min-w-0 gap-2 ${(value?.length ?? 0) > WIDE_FACT ? "sm:col-span-3" : ""}`}
        >
          <dt className="text-ink-faint">{term}</dt>
          <dd className="min-w-0 text-ink [overflow-wrap:anywhere]">{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}
