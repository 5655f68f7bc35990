import type { ComponentProps, ReactNode } from "react";
import {
  ActivitySection,
  FollowUpForm,
  NotesSection,
  type PipelineAnswer,
  PipelineSection,
  ReplySection,
  StatusAndOwner,
} from "~/components/admin/pipeline";
import { SourceSection } from "~/components/admin/visit-source";
import type { RecordSource } from "~/entities/visit/view";

type ReplyProps = ComponentProps<typeof ReplySection>;

/** What the loader of an inquiry's or an application's page gives its pipeline. */
export interface PipelineRecordPage {
  staff: ComponentProps<typeof StatusAndOwner>["staff"];
  notes: ComponentProps<typeof NotesSection>["notes"];
  activity: ComponentProps<typeof ActivitySection>["activity"];
  templates: ReplyProps["templates"];
  reply: ReplyProps["reply"];
  defaultSubject: string;
}

/**
 * The two columns of one inquiry or application: its details and the Reply, then its Pipeline
 * (Status, Owner, Follow-up), Source, what the page adds (`aside`: the rating), Notes, Activity.
 */
export function PipelineRecordColumns({
  record,
  statuses,
  page,
  answer,
  details,
  aside,
}: {
  record: RecordSource & {
    id: string;
    email: string;
    status: string;
    ownerId: string | null;
    ownerName: string | null;
    followUpOn: string | null;
  };
  statuses: ComponentProps<typeof StatusAndOwner>["statuses"];
  page: PipelineRecordPage;
  answer: PipelineAnswer | undefined;
  details: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        {details}
        <ReplySection
          to={record.email}
          templates={page.templates}
          reply={page.reply}
          defaultSubject={page.defaultSubject}
          sent={page.activity.filter((entry) => entry.kind === "reply").length}
          answer={answer}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-4">
        <PipelineSection id="pipeline-heading" title="Pipeline">
          <div className="flex flex-col gap-4">
            <StatusAndOwner
              id={record.id}
              status={record.status}
              statuses={statuses}
              ownerId={record.ownerId}
              ownerName={record.ownerName}
              staff={page.staff}
              answer={answer}
            />
            <FollowUpForm followUpOn={record.followUpOn} answer={answer} />
          </div>
        </PipelineSection>
        <SourceSection record={record} />
        {aside}
        <NotesSection notes={page.notes} answer={answer} />
        <ActivitySection activity={page.activity} />
      </div>
    </div>
  );
}
