import { FormFields, FormMessage, TextAreaField } from "~/components/forms/fields";
import { buttonClasses } from "~/components/ui/button";
import { Button } from "~/components/ui/form-button";
import { Panel } from "~/components/ui/panel";
import {
  APPROVAL_NOTE_MAX,
  type ApprovalAnswer,
  type ApprovalView,
} from "~/entities/review/approval-form";

/**
 * The review page's decision on the version shown (issue #45 item 5): its current decision, then
 * "Approve this version" and "Request changes" (with a note), each a plain POST form with an
 * `intent` field: a document request, as every post of the page (the link's cookies are on its
 * own path, decision 0531). Once approved, "Download" of the master or a rendition when the link
 * allows it. An older version is read only: no buttons.
 */
export function ApprovalPanel({
  versionId,
  versionLabel,
  current,
  answer,
  downloads = [],
  readOnly = false,
}: {
  versionId: string;
  /** "Spring campaign :30 v2" */
  versionLabel: string;
  current: ApprovalView | null;
  /** The action's answer to the last decision post, if any. */
  answer?: ApprovalAnswer | null;
  /**
   * The files to download, each with its signed address (reviewFilesOf and downloadAddress), when
   * the link allows it and the version is approved; none otherwise.
   */
  downloads?: { label: string; url: string }[];
  readOnly?: boolean;
}) {
  const refused = answer && !answer.ok ? answer : null;
  const approved = current?.decision === "approve";
  return (
    <Panel id="approval-heading" title="Approval">
      <p role="status" className="text-sm">
        {current ? (
          <>
            <strong>{approved ? "Approved" : "Changes requested"}</strong> by {current.reviewerName}
            , {current.at}.{" "}
            <span className="break-all text-ink-muted">SHA-256 {current.sha256}</span>
          </>
        ) : (
          `${versionLabel} is waiting for a decision.`
        )}
      </p>
      {current?.note ? (
        <blockquote className="border-l-2 border-line pl-3 text-sm whitespace-pre-line">
          {current.note}
        </blockquote>
      ) : null}
      {answer?.ok ? <FormMessage result={{ status: "success", message: answer.message }} /> : null}
      {refused?.fieldErrors.form ? (
        <FormMessage result={{ status: "error", message: refused.fieldErrors.form.join(" ") }} />
      ) : null}
      {approved && downloads.length > 0 ? (
        <ul aria-label={`Download ${versionLabel}`} className="flex flex-wrap gap-2">
          {downloads.map((download) => (
            <li key={download.url}>
              <a
                href={download.url}
                download
                className={buttonClasses({ variant: "secondary", size: "sm" })}
              >
                Download {download.label}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {readOnly ? null : (
        <div className="flex flex-col gap-4">
          {approved ? null : (
            <form method="post">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="versionId" value={versionId} />
              <Button type="submit">Approve this version</Button>
            </form>
          )}
          <form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="request-changes" />
            <input type="hidden" name="versionId" value={versionId} />
            <FormFields
              errors={refused?.intent === "request-changes" ? refused.fieldErrors : undefined}
              values={refused?.intent === "request-changes" ? refused.values : undefined}
            >
              <TextAreaField
                name="note"
                label="What should change?"
                rows={4}
                maxLength={APPROVAL_NOTE_MAX}
                required
              />
            </FormFields>
            <Button type="submit" variant="secondary" className="self-start">
              Request changes
            </Button>
          </form>
        </div>
      )}
    </Panel>
  );
}
