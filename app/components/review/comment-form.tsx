import type { Ref } from "react";
import { FormFields, TextAreaField, TextField } from "~/components/forms/fields";
import { Button } from "~/components/ui/form-button";
import { Panel } from "~/components/ui/panel";
import { REVIEW_COPY } from "~/copy/review";
import type { Drawing, DrawingColour, DrawingTool } from "~/entities/review/drawing";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The review page's forms before and for a comment (issue #45): the reviewer's name and e-mail
 * (once per link and browser), then the comment at a time or over a range, with a drawing. Plain
 * fields (at and out in seconds, the drawing as JSON in a hidden field) post without JavaScript;
 * with it, the player fills the times (C, "Set in", "Set out") and the tools draw on the frame.
 */

export function IdentityForm({
  errors,
  values,
}: {
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  return (
    <Panel id="identify-title" title={REVIEW_COPY.identifyTitle}>
      <p className="text-sm text-ink-muted">{REVIEW_COPY.identifyBody}</p>
      <form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="identify" />
        <FormFields errors={errors} values={values}>
          <TextField
            name="name"
            label={REVIEW_COPY.name}
            required
            maxLength={200}
            autoComplete="name"
          />
          <TextField
            name="email"
            type="email"
            label={REVIEW_COPY.email}
            required
            maxLength={320}
            autoComplete="email"
          />
        </FormFields>
        <div>
          <Button type="submit">{REVIEW_COPY.identifySubmit}</Button>
        </div>
      </form>
    </Panel>
  );
}

export interface CommentDraft {
  at: string;
  end: string;
  drawing: Drawing | null;
  drawingOn: boolean;
  tool: DrawingTool;
  colour: DrawingColour;
}

export function CommentForm({
  versionId,
  reviewer,
  draft,
  onDraft,
  onSetIn,
  onSetOut,
  timeOf,
  bodyRef,
  errors,
  values,
  message,
}: {
  versionId: string;
  reviewer: string;
  draft: CommentDraft;
  onDraft: (change: Partial<CommentDraft>) => void;
  onSetIn: () => void;
  onSetOut: () => void;
  timeOf: (seconds: number) => string;
  bodyRef: Ref<HTMLTextAreaElement>;
  errors?: FieldErrors;
  values?: Record<string, string>;
  message?: string;
}) {
  const at = Number(draft.at);
  const end = draft.end === "" ? null : Number(draft.end);
  const shown = (value: number | null) =>
    value !== null && Number.isFinite(value) && value >= 0 ? timeOf(value) : "—";
  return (
    <Panel id="comment-title" title={REVIEW_COPY.commentTitle}>
      <p className="text-sm text-ink-muted">
        {REVIEW_COPY.commentingAs} <span className="font-semibold text-ink">{reviewer}</span>
      </p>
      {message ? (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      ) : null}
      <form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="comment" />
        <input type="hidden" name="versionId" value={versionId} />
        <input
          type="hidden"
          name="drawing"
          value={draft.drawing ? JSON.stringify(draft.drawing) : ""}
        />
        <FormFields errors={errors} values={values}>
          <div className="grid grid-cols-2 gap-3">
            <TextField
              name="atSeconds"
              type="number"
              label={REVIEW_COPY.atLabel}
              required
              min={0}
              step="any"
              value={draft.at}
              onChange={(event) => onDraft({ at: event.target.value })}
              hint={shown(at)}
            />
            <TextField
              name="endSeconds"
              type="number"
              label={REVIEW_COPY.endLabel}
              min={0}
              step="any"
              value={draft.end}
              onChange={(event) => onDraft({ end: event.target.value })}
              hint={shown(end)}
            />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={onSetIn}>
              {REVIEW_COPY.setIn}
            </Button>
            <Button size="sm" variant="secondary" onClick={onSetOut}>
              {REVIEW_COPY.setOut}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={draft.end === ""}
              onClick={() => onDraft({ end: "" })}
            >
              {REVIEW_COPY.clearOut}
            </Button>
          </div>
          <TextAreaField
            ref={bodyRef}
            name="body"
            label={REVIEW_COPY.body}
            rows={4}
            required
            maxLength={5000}
          />
          <div className="flex flex-col gap-2">
            <Button
              size="sm"
              variant="ghost"
              aria-pressed={draft.drawingOn}
              onClick={() => onDraft({ drawingOn: !draft.drawingOn })}
              className="self-start"
            >
              {REVIEW_COPY.draw}
            </Button>
            {errors?.drawing ? <p className="text-sm text-danger">{errors.drawing[0]}</p> : null}
          </div>
        </FormFields>
        <div>
          <Button type="submit">{REVIEW_COPY.commentSubmit}</Button>
        </div>
      </form>
    </Panel>
  );
}
