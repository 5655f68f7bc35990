import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { type CommentDraft, CommentForm } from "~/components/review/comment-form";
import { CommentList } from "~/components/review/comment-list";
import { type ComparedView, ComparePair } from "~/components/review/compare";
import { DrawingLayer, DrawingTools } from "~/components/review/drawing-layer";
import { ReviewPlayer, type ReviewPlayerControls } from "~/components/review/review-player";
import { Button } from "~/components/ui/form-button";
import { Panel } from "~/components/ui/panel";
import { REVIEW_COPY } from "~/copy/review";
import type { PublicVideo } from "~/entities/media/view";
import { frameAt, mediaClock, positionText, secondsOfFrame } from "~/entities/review/timecode";
import type { ReviewCommentView } from "~/entities/review/view";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The review room's desk (issue #45 items 4 and 6, decision 0532): what the client's page and the
 * back-office's version page share around the player — the media clock and the SMPTE/seconds
 * toggle, the comment being written (its in, out and drawing), seeking to a comment (and to the
 * one the address names), C to comment at the current frame, and the stage: the player with the
 * comments as markers, the drawing on the frame, the drawing tools and the position; the comment
 * form and the comments, wired to it.
 */

/** A frame's start, written as a form field (microseconds are enough to name the frame). */
export const fieldOf = (seconds: number) => String(Math.round(seconds * 1e6) / 1e6);

export interface DeskClock {
  frameRateNum: number;
  frameRateDen: number;
  startTimecode: string | null;
}

export function useReviewDesk({
  clock: clockOf,
  comments,
  writable,
  commentAnswer,
}: {
  clock: DeskClock | null;
  comments: ReviewCommentView[];
  /** Comments may be written here (the latest version, and someone to write them). */
  writable: boolean;
  /** A refused comment's answer: its times are kept, and the form takes the focus again. */
  commentAnswer?: { values?: Record<string, string> } | null;
}) {
  const clock = useMemo(() => (clockOf ? mediaClock(clockOf) : null), [clockOf]);
  const rate = useMemo(() => clock?.rate ?? { num: 25, den: 1 }, [clock]);
  const controls = useRef<ReviewPlayerControls | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const playerBox = useRef<HTMLDivElement>(null);
  // The player's video element: a compare's second player follows it (decision 0534).
  const [leader, setLeader] = useState<HTMLVideoElement | null>(null);
  const [time, setTime] = useState(0);
  const [seconds, setSeconds] = useState(clock === null);
  const [draft, setDraft] = useState<CommentDraft>({
    at: commentAnswer?.values?.atSeconds ?? "0",
    end: commentAnswer?.values?.endSeconds ?? "",
    drawing: null,
    drawingOn: false,
    tool: "pen",
    colour: "red",
  });
  const onDraft = (change: Partial<CommentDraft>) => {
    setDraft((old) => ({ ...old, ...change }));
    // On a phone the form is under the player: bring the frame to draw on into view.
    if (change.drawingOn) playerBox.current?.scrollIntoView({ block: "nearest" });
  };
  const timeOf = useCallback(
    (value: number) => positionText(value, clock, seconds),
    [seconds, clock],
  );
  const frameStart = useCallback(
    (value: number) => secondsOfFrame(frameAt(Math.max(value, 0), rate), rate),
    [rate],
  );
  const now = () => frameStart(controls.current?.time() ?? time);
  // The player's one seek (mid-frame), as its markers and frame steps.
  const seek = useCallback((comment: ReviewCommentView) => {
    controls.current?.pause();
    controls.current?.seek(comment.atSeconds);
  }, []);
  const onComment = useCallback(() => {
    if (!writable) return;
    const at = frameStart(controls.current?.time() ?? 0);
    setDraft((old) => ({ ...old, at: fieldOf(at), end: "" }));
    body.current?.focus();
  }, [writable, frameStart]);
  // The address names a comment (after posting one, a reply, a resolve): go to it.
  const onReady = useCallback(() => {
    const id = window.location.hash.replace(/^#comment-/, "");
    const comment = comments.find((item) => item.id === id);
    if (!comment) return;
    seek(comment);
    document.getElementById(`comment-${comment.id}`)?.focus();
  }, [comments, seek]);
  useEffect(() => {
    if (commentAnswer) body.current?.focus();
  }, [commentAnswer]);
  return {
    clock,
    rate,
    controls,
    body,
    playerBox,
    leader,
    setLeader,
    time,
    setTime,
    seconds,
    setSeconds,
    draft,
    onDraft,
    timeOf,
    seek,
    onComment,
    onReady,
    /** "Set in" and "Set out" of the comment form: the current frame. */
    onSetIn: () => onDraft({ at: fieldOf(now()) }),
    onSetOut: () => onDraft({ end: fieldOf(now()) }),
  };
}

export type ReviewDesk = ReturnType<typeof useReviewDesk>;

/**
 * The player with its markers and drawing, the drawing tools while drawing, and the position;
 * compared, the player beside a second version that follows it, each with its own position.
 */
export function ReviewStage({
  desk,
  video,
  comments,
  compare = null,
}: {
  desk: ReviewDesk;
  video: PublicVideo;
  comments: ReviewCommentView[];
  compare?: { first: { number: number; latest: boolean }; second: ComparedView } | null;
}) {
  const { draft, onDraft, rate, timeOf, time, clock, seconds } = desk;
  // A comment's drawing shows while playback is on its frame.
  const frameNow = frameAt(time, rate);
  const shown = comments.find((item) => item.drawing && frameAt(item.atSeconds, rate) === frameNow);
  const picture = { width: video.width, height: video.height };
  const overlay = draft.drawingOn ? (
    <DrawingLayer
      picture={picture}
      drawing={draft.drawing}
      editing={{
        tool: draft.tool,
        colour: draft.colour,
        onChange: (drawing) => onDraft({ drawing }),
      }}
    />
  ) : shown?.drawing ? (
    <DrawingLayer picture={picture} drawing={shown.drawing} />
  ) : null;
  const player = (
    <ReviewPlayer
      video={video}
      frameRate={rate}
      markers={comments.map((comment) => ({
        id: comment.id,
        at: comment.atSeconds,
        end: comment.endSeconds,
        label: `Comment at ${timeOf(comment.atSeconds)} by ${comment.author}: ${comment.body.slice(0, 80)}`,
        resolved: comment.resolved,
      }))}
      overlay={overlay}
      onTime={desk.setTime}
      onComment={desk.onComment}
      onReady={desk.onReady}
      onMedia={desk.setLeader}
      controls={desk.controls}
    />
  );
  return (
    <div ref={desk.playerBox} className="flex flex-col gap-4">
      {compare ? (
        <ComparePair
          first={{ ...compare.first, position: timeOf(time) }}
          second={compare.second}
          leader={desk.leader}
          asSeconds={seconds}
        >
          {player}
        </ComparePair>
      ) : (
        player
      )}
      {draft.drawingOn ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-medium">{REVIEW_COPY.drawing}</legend>
          <DrawingTools
            tool={draft.tool}
            colour={draft.colour}
            drawing={draft.drawing}
            onTool={(tool) => onDraft({ tool })}
            onColour={(colour) => onDraft({ colour })}
            onChange={(drawing) => onDraft({ drawing })}
          />
        </fieldset>
      ) : null}
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {compare ? null : (
          <p>
            <span className="text-ink-muted">{REVIEW_COPY.position}: </span>
            <output className="font-mono" aria-label={REVIEW_COPY.position}>
              {timeOf(time)}
            </output>
          </p>
        )}
        {clock ? (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={seconds}
            onClick={() => desk.setSeconds(!seconds)}
          >
            {REVIEW_COPY.showSeconds}
          </Button>
        ) : null}
      </div>
      <p className="text-xs text-ink-muted">{REVIEW_COPY.keys}</p>
    </div>
  );
}

/** The comment form on the desk: at its in and out, with its drawing, as `author`. */
export function DeskCommentForm({
  desk,
  versionId,
  author,
  answer,
}: {
  desk: ReviewDesk;
  versionId: string;
  /** Shown after "Commenting as". */
  author: string;
  /** A refused comment: the fields' messages, what was typed, why. */
  answer?: { fieldErrors?: FieldErrors; values?: Record<string, string>; message?: string } | null;
}) {
  return (
    <CommentForm
      versionId={versionId}
      reviewer={author}
      draft={desk.draft}
      onDraft={desk.onDraft}
      onSetIn={desk.onSetIn}
      onSetOut={desk.onSetOut}
      timeOf={desk.timeOf}
      bodyRef={desk.body}
      errors={answer?.fieldErrors}
      values={answer?.values}
      message={answer?.message}
    />
  );
}

/** The version's comments, in the desk's times, seeking its player. */
export function DeskComments({
  desk,
  comments,
  versionId,
  writable,
}: {
  desk: ReviewDesk;
  comments: ReviewCommentView[];
  versionId: string;
  writable: boolean;
}) {
  return (
    <Panel id="comments-title" title={REVIEW_COPY.comments}>
      <CommentList
        comments={comments}
        versionId={versionId}
        writable={writable}
        timeOf={desk.timeOf}
        onSeek={desk.seek}
      />
    </Panel>
  );
}
