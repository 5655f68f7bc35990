import { attachmentLinks, attachmentNames, findInquiry } from "@server/inquiries/back-office";
import { projectsOfInquiry } from "@server/projects/projects";
import {
  loadPipelineRecord,
  pipelineAction,
  pipelineRecordKind,
} from "@server/route-kit/pipeline-page";
import { ArrowLeft } from "lucide-react";
import { Form, Link } from "react-router";
import { AttachmentList } from "~/components/admin/attachment-list";
import { formatDateTime, replySubject } from "~/components/admin/format";
import { Facts } from "~/components/admin/list-page";
import { type PipelineAnswer, PipelineSection } from "~/components/admin/pipeline";
import { PipelineRecordColumns } from "~/components/admin/pipeline-record";
import { buttonClass } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { type InquiryFact, projectFacts, weddingFacts } from "~/entities/inquiry/view";
import { mayEnter } from "~/entities/staff/access";
import { adminMeta } from "~/lib/admin-meta";
import { CONTACT_STATUS_OPTIONS } from "~/lib/status-options";
import { PROJECT_STATUS_LABELS } from "~/lib/values";
import type { Route } from "./+types/inquiry";

/**
 * /admin/inquiries/:id (issue #30): one inquiry, every field and attachment, and its pipeline:
 * Status, Owner, Follow-up, Notes, a Reply from a template, and its Activity.
 */

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Inquiry from ${loaderData.record.name}` : "Inquiry");

const INQUIRY_PIPELINE = pipelineRecordKind({
  subject: "inquiry",
  statuses: CONTACT_STATUS_OPTIONS,
  find: findInquiry,
  // SPEC's "Re: Your … Project Inquiry".
  replySubject,
  notFound: "Inquiry not found",
});

export const loader = (args: Route.LoaderArgs) =>
  loadPipelineRecord(args, INQUIRY_PIPELINE, async (inquiry, { runtime, staff }) => {
    const db = runtime.database.db;
    // The review room's projects of this client (issue #45), for those who may open projects.
    const projects = mayEnter(staff.role, "projects")
      ? (await projectsOfInquiry(db, inquiry.id)).map(({ id, title, status }) => ({
          id,
          title,
          status,
        }))
      : null;
    return {
      attachments: attachmentLinks(inquiry, await attachmentNames(db, [inquiry])),
      projects,
    };
  });

export const action = (args: Route.ActionArgs) => pipelineAction(args, INQUIRY_PIPELINE);

export default function InquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { record: inquiry, attachments, projects } = loaderData;
  const answer = actionData as PipelineAnswer | undefined;
  const wedding = inquiry.kind === "wedding";
  const facts: InquiryFact[] = [
    ["Email", inquiry.email],
    ["Received", formatDateTime(inquiry.createdAt)],
    ["Kind", wedding ? "Wedding inquiry" : "Project inquiry"],
    ...(wedding
      ? weddingFacts({
          date: inquiry.weddingDate,
          location: inquiry.weddingLocation,
          budget: inquiry.weddingBudget,
        })
      : projectFacts(inquiry)),
  ];
  return (
    <>
      <Link to="/admin" className={`${buttonClass.ghost} mb-3`}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        All inquiries
      </Link>
      <PageHeader
        variant="admin"
        title={inquiry.name}
        lead={wedding ? "Wedding inquiry" : "Project inquiry"}
      />
      <PipelineRecordColumns
        record={inquiry}
        statuses={CONTACT_STATUS_OPTIONS}
        page={loaderData}
        answer={answer}
        details={
          <PipelineSection id="details-heading" title="Details">
            <Facts facts={facts} />
            <h3 className="mt-4 text-sm font-medium text-ink-muted">
              {wedding ? "Their vision" : "Project overview"}
            </h3>
            <p className="mt-1 text-sm whitespace-pre-line">{inquiry.description || "—"}</p>
            {attachments.length > 0 ? (
              <>
                <h3 className="mt-4 text-sm font-medium text-ink-muted">Attachments</h3>
                <AttachmentList attachments={attachments} className="mt-2" />
              </>
            ) : null}
          </PipelineSection>
        }
        aside={projects ? <ProjectsSection inquiryId={inquiry.id} projects={projects} /> : null}
      />
    </>
  );
}

/** The review room's side of an inquiry: its projects, or "Start project" with this client. */
function ProjectsSection({
  inquiryId,
  projects,
}: {
  inquiryId: string;
  projects: Array<{ id: string; title: string; status: keyof typeof PROJECT_STATUS_LABELS }>;
}) {
  return (
    <PipelineSection id="projects-heading" title="Project">
      {projects.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm">
          {projects.map((project) => (
            <li key={project.id}>
              <Link to={`/admin/projects/${project.id}`} className="font-medium underline">
                {project.title}
              </Link>{" "}
              <span className="text-ink-muted">({PROJECT_STATUS_LABELS[project.status]})</span>
            </li>
          ))}
        </ul>
      ) : (
        <Form method="post" action="/admin/projects">
          <p className="mb-2 text-sm text-ink-muted">
            Share cuts with this client and collect their notes and approval.
          </p>
          <input type="hidden" name="intent" value="start" />
          <input type="hidden" name="inquiryId" value={inquiryId} />
          <button type="submit" className={buttonClass.primary}>
            Start project
          </button>
        </Form>
      )}
    </PipelineSection>
  );
}
