import {
  attachmentLinks,
  attachmentNames,
  type InquiryListRow,
  listInquiries,
  parseInquiryQuery,
  studioToday,
} from "@server/inquiries/back-office";
import { cachedDashboard } from "@server/pipeline/dashboard";
import { loadAdminList, submissionStatusAction } from "@server/route-kit/moderation";
import { requireAccess } from "@server/security/admin-access";
import { Mail } from "lucide-react";
import { Link } from "react-router";
import { AttachmentList } from "~/components/admin/attachment-list";
import { DashboardSection } from "~/components/admin/dashboard";
import { AdminListFilters, FilterSearch, FilterSelect } from "~/components/admin/list-filters";
import { Facts, ListBody, PagedRows, SubmissionListHeader } from "~/components/admin/list-page";
import { StatusForm } from "~/components/admin/status-form";
import { SubmissionRow } from "~/components/admin/submission-row";
import { buttonClass } from "~/components/admin/ui";
import { inquiryPath, projectFacts, weddingFacts } from "~/entities/inquiry/view";
import { UNASSIGNED } from "~/entities/pipeline/view";
import { INQUIRY_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import { CONTACT_STATUS_OPTIONS } from "~/lib/status-options";
import type { Route } from "./+types/inquiries";

/** /admin: contact submissions (the Dashboard). */

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

const OWNER_FILTER_OPTIONS = [
  { value: "mine", label: "Mine" },
  { value: "unassigned", label: "Unassigned" },
];
const DUE_FILTER_OPTIONS = [{ value: "1", label: "Follow-up due" }];
const SORT_OPTIONS = [{ value: "follow-up", label: "Follow-up date" }];
const FILTER_SELECTS = [
  { name: "status", label: "Status", allLabel: "All statuses", options: CONTACT_STATUS_OPTIONS },
  { name: "owner", label: "Owner", allLabel: "Anyone", options: OWNER_FILTER_OPTIONS },
  { name: "due", label: "Follow-up", allLabel: "Any", options: DUE_FILTER_OPTIONS },
  { name: "sort", label: "Sort", allLabel: "Newest first", options: SORT_OPTIONS },
] as const;

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const { page, ...filters } = parseInquiryQuery(args.url.searchParams);
  const scope = { me: staff.id, today: studioToday() };
  const list = await loadAdminList(
    args,
    async (db) => {
      const [result, dashboard] = await Promise.all([
        listInquiries(db, filters, page, scope),
        // The Dashboard heads the list's first page.
        page === 1 ? cachedDashboard(db, { now: new Date(), today: scope.today }) : null,
      ]);
      return { result, dashboard, fileNames: await attachmentNames(db, result.rows) };
    },
    INQUIRY_MESSAGES.fetchFailed,
  );
  return { ...list, filters, today: scope.today };
}

export const action = (args: Route.ActionArgs) =>
  submissionStatusAction(args, {
    entity: "inquiry",
    path: "/admin",
    options: CONTACT_STATUS_OPTIONS,
    messages: INQUIRY_MESSAGES,
  });

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { data, filters, loadError, today } = loaderData;
  const selectValues = {
    status: filters.status,
    owner: filters.owner ?? "",
    due: filters.due ? "1" : "",
    sort: filters.sort ?? "",
  };
  const filtered = Boolean(
    filters.q || filters.status || filters.owner || filters.due || filters.sort,
  );

  return (
    <>
      <SubmissionListHeader
        title="Inquiries"
        lead="Project and wedding inquiries from the website, newest first."
        exportPath="/admin/inquiries.csv"
        exportFilters={{ q: filters.q, status: filters.status }}
        loadError={loadError}
      />
      {data?.dashboard ? <DashboardSection data={data.dashboard} /> : null}

      <AdminListFilters label="Filter inquiries" clearTo="/admin" filtered={filtered}>
        <FilterSearch
          id="inquiry-search"
          label="Search name, email or description"
          value={filters.q}
        />
        {FILTER_SELECTS.map((select) => (
          <FilterSelect
            key={select.name}
            id={`inquiry-${select.name}`}
            {...select}
            value={selectValues[select.name]}
          />
        ))}
      </AdminListFilters>

      <ListBody loadError={loadError} rows={data?.result.rows} empty="No inquiries found.">
        {(inquiries) =>
          data && (
            <PagedRows label="Inquiries" result={data.result} noun={["inquiry", "inquiries"]}>
              {inquiries.map((inquiry) => (
                <InquiryRow
                  key={inquiry.id}
                  inquiry={inquiry}
                  fileNames={data.fileNames}
                  today={today}
                />
              ))}
            </PagedRows>
          )
        }
      </ListBody>
    </>
  );
}

function InquiryRow({
  inquiry,
  fileNames,
  today,
}: {
  inquiry: InquiryListRow;
  fileNames: Record<string, string>;
  today: string;
}) {
  const due = inquiry.followUpOn !== null && inquiry.followUpOn <= today;
  const wedding = inquiry.kind === "wedding";
  const facts = wedding
    ? weddingFacts(
        {
          date: inquiry.weddingDate,
          location: inquiry.weddingLocation,
          budget: inquiry.weddingBudget,
        },
        "Budget",
      )
    : projectFacts(inquiry);
  // Each opens through its admin route's signed link (the bucket is private: decision 0275).
  const attachments = attachmentLinks(inquiry, fileNames);
  const headingId = `inquiry-${inquiry.id}`;
  return (
    <SubmissionRow
      headingId={headingId}
      headingClassName="flex flex-wrap items-center gap-2 text-base font-semibold"
      to={inquiryPath(inquiry.id)}
      name={inquiry.name}
      badge={
        wedding ? (
          <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-medium text-accent-strong ring-1 ring-accent/40">
            Wedding
          </span>
        ) : null
      }
      email={<span className="break-all">{inquiry.email}</span>}
      createdAt={inquiry.createdAt}
      actions={
        <>
          <StatusForm
            id={inquiry.id}
            status={inquiry.status}
            options={CONTACT_STATUS_OPTIONS}
            label={`Status of the inquiry from ${inquiry.name}`}
          />
          {/* The inquiry's own reply form (issue #47 item 17): sent from there, it is recorded. */}
          <Link to={`${inquiryPath(inquiry.id)}#reply`} className={buttonClass.secondary}>
            <Mail aria-hidden="true" className="size-4" />
            Reply<span className="sr-only"> to {inquiry.name}</span>
          </Link>
        </>
      }
    >
      <Facts facts={facts} />
      <Facts
        facts={[
          ["Owner", inquiry.ownerName ?? UNASSIGNED],
          [
            "Follow-up",
            inquiry.followUpOn ? `${formatDay(inquiry.followUpOn)}${due ? " (due)" : ""}` : null,
          ],
        ]}
      />

      {inquiry.description ? (
        <p className="mt-3 text-sm whitespace-pre-line text-ink-muted">{inquiry.description}</p>
      ) : null}

      {attachments.length > 0 ? (
        <AttachmentList attachments={attachments} className="mt-3" />
      ) : null}
    </SubmissionRow>
  );
}
