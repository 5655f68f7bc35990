import { EmptyState, RowList } from "~/components/admin/ui";

/**
 * The review on a project's page (issue #45 item 6): under each version its comment count, its
 * decisions (who, when, what, the SHA-256 of the file decided on) and the markers' downloads;
 * and the project's activity of comments, replies and decisions.
 */

export interface VersionDecisionView {
  id: string;
  decision: "approve" | "changes";
  who: string;
  at: string;
  sha256: string;
  note: string | null;
}

export const DECISION_WORDS = { approve: "Approved", changes: "Changes requested" } as const;

export function VersionReview({
  projectId,
  versionId,
  versionLabel,
  comments,
  decisions,
}: {
  projectId: string;
  versionId: string;
  versionLabel: string;
  comments: number;
  decisions: VersionDecisionView[];
}) {
  const base = `/admin/projects/${projectId}/versions/${versionId}/markers`;
  return (
    <div className="flex flex-col gap-1 pl-4 text-sm">
      <p>
        {comments === 1 ? "1 comment" : `${comments} comments`}
        {comments > 0 ? (
          <>
            {" · Export: "}
            {(
              [
                ["csv", "CSV"],
                ["edl", "EDL (DaVinci Resolve)"],
                ["fcpxml", "FCPXML (Final Cut Pro)"],
              ] as const
            ).map(([format, label], index) => (
              <span key={format}>
                {index > 0 ? ", " : null}
                <a
                  href={`${base}.${format}`}
                  download
                  className="underline"
                  aria-label={`${label} of ${versionLabel}'s comments`}
                >
                  {label}
                </a>
              </span>
            ))}
          </>
        ) : null}
      </p>
      {decisions.length === 0 ? (
        <p className="text-ink-muted">In review: no decision yet.</p>
      ) : (
        <ul aria-label={`Decisions on ${versionLabel}`} className="flex flex-col gap-1">
          {decisions.map((decision) => (
            <li key={decision.id}>
              <strong>{DECISION_WORDS[decision.decision]}</strong> by {decision.who}, {decision.at}{" "}
              <code className="text-xs break-all">SHA-256 {decision.sha256}</code>
              {decision.note ? (
                <span className="block whitespace-pre-line text-ink-muted">{decision.note}</span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export interface ReviewActivityView {
  kind: "comment" | "reply" | "approve" | "changes";
  at: string;
  who: string;
  version: string;
  text: string | null;
}

const ACTIVITY_WORDS = {
  comment: "commented on",
  reply: "replied on",
  approve: "approved",
  changes: "requested changes to",
} as const;

export function ReviewActivity({ entries }: { entries: ReviewActivityView[] }) {
  if (entries.length === 0) return <EmptyState>No comments or decisions yet.</EmptyState>;
  return (
    <RowList label="Activity">
      {entries.map((entry, index) => (
        // Entries have no id of their own across kinds; their order is the list's.
        // biome-ignore lint/suspicious/noArrayIndexKey: a read-only list rendered once per load.
        <li key={index} className="p-3 text-sm">
          <p>
            <strong>{entry.who}</strong> {ACTIVITY_WORDS[entry.kind]} {entry.version}
            <span className="text-ink-muted"> · {entry.at}</span>
          </p>
          {entry.text ? (
            <p className="mt-1 line-clamp-3 whitespace-pre-line text-ink-muted">{entry.text}</p>
          ) : null}
        </li>
      ))}
    </RowList>
  );
}
