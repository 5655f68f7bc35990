import {
  attachmentNames,
  type Inquiry,
  listInquiries,
  parseInquiryQuery,
  setInquiryStatus,
} from "@server/admin/inquiries";
import { isUuid, type Page } from "@server/admin/list-params";
import { BAD_REQUEST, failure, INQUIRY_MESSAGES, success } from "@server/admin/messages";
import { readForm, redirectWithFlash } from "@server/admin/moderation";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { Download, Mail, Paperclip } from "lucide-react";
import { useSearchParams } from "react-router";
import {
  BUDGET_LABELS,
  CONTACT_STATUS_OPTIONS,
  fileNameOf,
  formatDateTime,
  labelOf,
  replyHref,
  SERVICE_LABELS,
  safeHref,
  TIMELINE_LABELS,
  WEDDING_BUDGET_LABELS,
} from "~/components/admin/format";
import { AdminListFilters, FilterSearch, FilterSelect } from "~/components/admin/list-filters";
import { Pagination } from "~/components/admin/pagination";
import { StatusForm } from "~/components/admin/status-form";
import { buttonClass, EmptyState, LoadError } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import { CONTACT_STATUSES, type ContactStatus } from "~/lib/values";
import type { Route } from "./+types/inquiries";

/** /admin: contact submissions (the Dashboard). */

export const meta: Route.MetaFunction = () => adminMeta("Inquiries");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const runtime = getRuntimeFrom(args.context);
  const { page, ...filters } = parseInquiryQuery(args.url.searchParams);
  try {
    const result: Page<Inquiry> = await listInquiries(runtime.database.db, filters, page);
    const fileNames = await attachmentNames(runtime.database.db, result.rows);
    return { result, fileNames, filters, loadError: null };
  } catch (error) {
    runtime.logger.error({ err: error }, INQUIRY_MESSAGES.fetchFailed);
    return {
      result: null,
      fileNames: {} as Record<string, string>,
      filters,
      loadError: {
        id: crypto.randomUUID(),
        kind: "error" as const,
        title: "Error",
        description: INQUIRY_MESSAGES.fetchFailed,
      },
    };
  }
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const runtime = getRuntimeFrom(args.context);
  const back = `/admin${args.url.search}`;
  const form = await readForm(args.request);
  const id = form?.get("id");
  const status = form?.get("status");
  if (
    form?.get("intent") !== "status" ||
    !isUuid(id) ||
    !CONTACT_STATUSES.includes(status as ContactStatus)
  ) {
    return redirectWithFlash(args.context, back, failure(BAD_REQUEST));
  }
  const label = CONTACT_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? String(status);
  try {
    if (await setInquiryStatus(runtime.database.db, id, status as ContactStatus)) {
      return redirectWithFlash(args.context, back, success(INQUIRY_MESSAGES.statusSaved(label)));
    }
    runtime.logger.warn({ id }, `${INQUIRY_MESSAGES.updateFailed}: not found`);
  } catch (error) {
    runtime.logger.error({ err: error, id }, INQUIRY_MESSAGES.updateFailed);
  }
  return redirectWithFlash(args.context, back, failure(INQUIRY_MESSAGES.updateFailed));
}

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { result, fileNames, filters, loadError } = loaderData;
  const [searchParams] = useSearchParams();
  const filterParams = new URLSearchParams();
  if (filters.q) filterParams.set("q", filters.q);
  if (filters.status) filterParams.set("status", filters.status);
  const exportQuery = filterParams.toString();
  const filtered = Boolean(filters.q || filters.status);

  return (
    <>
      <PageHeader
        variant="admin"
        title="Inquiries"
        lead="Project and wedding inquiries from the website, newest first."
        actions={
          <a
            href={`/admin/inquiries.csv${exportQuery ? `?${exportQuery}` : ""}`}
            className={buttonClass.secondary}
            download
          >
            <Download aria-hidden="true" className="size-4" />
            Export CSV
          </a>
        }
      />
      <ToastMessageView message={loadError} />

      <AdminListFilters label="Filter inquiries" clearTo="/admin" filtered={filtered}>
        <FilterSearch
          id="inquiry-search"
          label="Search name, email or description"
          value={filters.q}
        />
        <FilterSelect
          id="inquiry-status"
          name="status"
          label="Status"
          value={filters.status}
          allLabel="All statuses"
          options={CONTACT_STATUS_OPTIONS}
        />
      </AdminListFilters>

      {loadError ? (
        <LoadError message={loadError.description} />
      ) : !result || result.rows.length === 0 ? (
        <EmptyState>No inquiries found.</EmptyState>
      ) : (
        <>
          <ul aria-label="Inquiries" className="space-y-3">
            {result.rows.map((inquiry) => (
              <InquiryRow key={inquiry.id} inquiry={inquiry} fileNames={fileNames} />
            ))}
          </ul>
          <Pagination
            page={result.page}
            pageCount={result.pageCount}
            total={result.total}
            search={(() => {
              const params = new URLSearchParams(searchParams);
              params.delete("page");
              return params;
            })()}
            noun={["inquiry", "inquiries"]}
          />
        </>
      )}
    </>
  );
}

function InquiryRow({
  inquiry,
  fileNames,
}: {
  inquiry: Inquiry;
  fileNames: Record<string, string>;
}) {
  const wedding = inquiry.kind === "wedding";
  const facts: [string, string | null][] = wedding
    ? [
        ["Wedding date", formatDay(inquiry.weddingDate)],
        ["Location", inquiry.weddingLocation],
        ["Budget", labelOf(WEDDING_BUDGET_LABELS, inquiry.weddingBudget)],
      ]
    : [
        ["Service", labelOf(SERVICE_LABELS, inquiry.service)],
        ["Budget", labelOf(BUDGET_LABELS, inquiry.budget)],
        ["Timeline", labelOf(TIMELINE_LABELS, inquiry.timeline)],
      ];
  const attachments = (inquiry.fileAttachments ?? []).flatMap((url) => {
    const href = safeHref(url);
    return href ? [{ href, name: fileNames[url] ?? fileNameOf(url) }] : [];
  });
  const headingId = `inquiry-${inquiry.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 text-base font-semibold">
            {inquiry.name}
            {wedding ? (
              <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-medium text-accent-strong ring-1 ring-accent/40">
                Wedding
              </span>
            ) : null}
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            <span className="break-all">{inquiry.email}</span>
            <span aria-hidden="true"> · </span>
            <time dateTime={new Date(inquiry.createdAt).toISOString()}>
              {formatDateTime(inquiry.createdAt)}
            </time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <StatusForm
            id={inquiry.id}
            status={inquiry.status}
            options={CONTACT_STATUS_OPTIONS}
            label={`Status of the inquiry from ${inquiry.name}`}
          />
          <a href={replyHref(inquiry)} className={buttonClass.secondary}>
            <Mail aria-hidden="true" className="size-4" />
            Reply<span className="sr-only"> to {inquiry.name}</span>
          </a>
        </div>
      </div>

      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="flex gap-2">
            <dt className="text-ink-faint">{term}</dt>
            <dd className="text-ink">{value ?? "—"}</dd>
          </div>
        ))}
      </dl>

      {inquiry.description ? (
        <p className="mt-3 text-sm whitespace-pre-line text-ink-muted">{inquiry.description}</p>
      ) : null}

      {attachments.length > 0 ? (
        <ul aria-label="Attachments" className="mt-3 flex flex-wrap gap-2">
          {attachments.map((file) => (
            <li key={file.href}>
              <a
                href={file.href}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1.5 rounded-md border border-line px-2 py-1 text-xs text-ink-muted hover:border-ink-faint hover:text-ink"
              >
                <Paperclip aria-hidden="true" className="size-3.5" />
                {file.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
