import { NO_VISIT, type RecordSource, sourceLines } from "~/entities/visit/view";
import { PipelineSection } from "./pipeline";

/** "Source" of an inquiry or application (issue #33): where the visit that sent it came from. */
export function SourceSection({ record }: { record: RecordSource }) {
  const lines = sourceLines(record);
  return (
    <PipelineSection id="source-heading" title="Source">
      {lines.length > 0 ? (
        <ul aria-labelledby="source-heading" className="space-y-1 text-sm">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-ink-muted">{NO_VISIT}</p>
      )}
    </PipelineSection>
  );
}
