import { type ReviewAnswer, reviewAction, reviewLoader } from "@server/route-kit/review";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { TextField } from "~/components/forms/fields";
import { ApprovalPanel } from "~/components/review/approval-panel";
import { type CommentDraft, CommentForm, IdentityForm } from "~/components/review/comment-form";
import { CommentList } from "~/components/review/comment-list";
import { ComparePair } from "~/components/review/compare";
import { DrawingLayer, DrawingTools } from "~/components/review/drawing-layer";
import { ReviewPlayer, type ReviewPlayerControls } from "~/components/review/review-player";
import { CompareForm, VersionNav } from "~/components/review/versions";
import { Button } from "~/components/ui/form-button";
import { Panel } from "~/components/ui/panel";
import { REVIEW_COPY } from "~/copy/review";
import { ERROR_PANEL } from "~/copy/site";
import { studio } from "~/copy/studio";
import { isApprovalAnswer } from "~/entities/review/approval-form";
import { frameAt, mediaClock, positionText, secondsOfFrame } from "~/entities/review/timecode";
import type { ReviewCommentView } from "~/entities/review/view";
import type { Route } from "./+types/review";

/**
 * /review/{token} (issue #45 item 4): the client's review page, through a share link and without
 * an account. The player with the comments as markers, SMPTE timecode (or seconds), comments at a
 * frame or over a range with a drawing, replies, resolve and reopen; two versions compared side by
 * side (`?compare=`), the second following the first (decision 0534). Its own small frame (not the
 * site's): noindex, `private, no-store`, never page-cached. Every request is a document request
 * (plain forms and links): the link's cookies are on its own path (server/route-kit/review.ts).
 */

export const loader = (args: Route.LoaderArgs) => reviewLoader(args);
export const action = (args: Route.ActionArgs) => reviewAction(args);

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders);

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title:
      loaderData?.view === "room"
        ? `Review: ${loaderData.title} | ${studio.name}`
        : `${REVIEW_COPY.frame} | ${studio.name}`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-dvh">
      <header className="border-b border-white/10 px-4 py-3">
        <p className="font-display font-semibold">
          {studio.name} <span className="font-normal text-ink-muted">· {REVIEW_COPY.frame}</span>
        </p>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6">
        {children}
      </main>
    </div>
  );
}

function PasswordForm({ answer }: { answer?: ReviewAnswer }) {
  return (
    <section aria-labelledby="password-title" className="mx-auto flex max-w-md flex-col gap-4">
      <h1 id="password-title" className="font-display text-3xl font-bold">
        {REVIEW_COPY.passwordTitle}
      </h1>
      <p className="text-ink-muted">{REVIEW_COPY.passwordBody}</p>
      <form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="password" />
        <TextField
          name="password"
          type="password"
          label={REVIEW_COPY.passwordLabel}
          required
          autoComplete="current-password"
          errors={answer?.message ? { password: [answer.message] } : undefined}
        />
        <div>
          <Button type="submit">{REVIEW_COPY.passwordSubmit}</Button>
        </div>
      </form>
    </section>
  );
}

export default function ReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ReviewAnswer | undefined;
  if (loaderData.view === "password") {
    return (
      <Frame>
        <PasswordForm answer={answer} />
      </Frame>
    );
  }
  return (
    <Frame>
      <Room data={loaderData} answer={answer} />
    </Frame>
  );
}

type RoomData = Extract<Route.ComponentProps["loaderData"], { view: "room" }>;

/** A frame's start, written as a form field (microseconds are enough to name the frame). */
const fieldOf = (seconds: number) => String(Math.round(seconds * 1e6) / 1e6);

function Room({ data, answer }: { data: RoomData; answer?: ReviewAnswer }) {
  const { chosen, video, comments, reviewer, compare } = data;
  const clock = useMemo(() => (data.clock ? mediaClock(data.clock) : null), [data.clock]);
  const rate = useMemo(() => clock?.rate ?? { num: 25, den: 1 }, [clock]);
  const controls = useRef<ReviewPlayerControls | null>(null);
  // The player's video element: a compare's second player follows it.
  const [leader, setLeader] = useState<HTMLVideoElement | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const [time, setTime] = useState(0);
  const [seconds, setSeconds] = useState(clock === null);
  const commentAnswer = answer?.intent === "comment" ? answer : undefined;
  const approvalAnswer = isApprovalAnswer(answer) ? answer : null;
  const deliverable = data.deliverables.find((item) => item.id === chosen?.deliverableId);
  const [draft, setDraft] = useState<CommentDraft>({
    at: commentAnswer?.values?.atSeconds ?? "0",
    end: commentAnswer?.values?.endSeconds ?? "",
    drawing: null,
    drawingOn: false,
    tool: "pen",
    colour: "red",
  });
  const playerBox = useRef<HTMLDivElement>(null);
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
  const writable = Boolean(chosen?.latest && reviewer);

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
    if (answer?.intent === "comment") body.current?.focus();
  }, [answer]);

  // A comment's drawing shows while playback is on its frame.
  const frameNow = frameAt(time, rate);
  const shown = comments.find((item) => item.drawing && frameAt(item.atSeconds, rate) === frameNow);
  const overlay = video ? (
    draft.drawingOn ? (
      <DrawingLayer
        picture={{ width: video.width, height: video.height }}
        drawing={draft.drawing}
        editing={{
          tool: draft.tool,
          colour: draft.colour,
          onChange: (drawing) => onDraft({ drawing }),
        }}
      />
    ) : shown?.drawing ? (
      <DrawingLayer
        picture={{ width: video.width, height: video.height }}
        drawing={shown.drawing}
      />
    ) : null
  ) : null;

  const player = video ? (
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
      onTime={setTime}
      onComment={onComment}
      onReady={onReady}
      onMedia={setLeader}
      controls={controls}
    />
  ) : null;

  return (
    // Compared, the two players take the page's width and the comments go under them.
    <div className={`grid gap-6 ${compare ? "" : "lg:grid-cols-[minmax(0,1fr)_24rem]"}`}>
      <div className="flex min-w-0 flex-col gap-4">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">{data.title}</h1>
        <VersionNav deliverables={data.deliverables} current={chosen?.versionId ?? null} />
        {chosen && deliverable ? (
          <CompareForm
            deliverable={deliverable}
            shown={chosen.versionId}
            compared={compare?.versionId ?? null}
            same={data.compareSame}
          />
        ) : null}
        {!chosen ? <p>{REVIEW_COPY.noVersions}</p> : null}
        {chosen && !video ? <p>{REVIEW_COPY.notPlayable}</p> : null}
        {video ? (
          <div ref={playerBox} className="flex flex-col gap-4">
            {compare ? (
              <ComparePair
                first={{
                  number: chosen?.number ?? 0,
                  latest: chosen?.latest ?? false,
                  position: timeOf(time),
                }}
                second={compare}
                leader={leader}
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
                  onClick={() => setSeconds(!seconds)}
                >
                  {REVIEW_COPY.showSeconds}
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-ink-muted">{REVIEW_COPY.keys}</p>
          </div>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-col gap-6">
        {chosen && !chosen.latest ? <p className="text-sm">{REVIEW_COPY.readOnly}</p> : null}
        {chosen?.latest && !reviewer ? (
          <IdentityForm
            errors={answer?.intent === "identify" ? answer.fieldErrors : undefined}
            values={answer?.intent === "identify" ? answer.values : undefined}
          />
        ) : null}
        {chosen && writable && reviewer ? (
          <CommentForm
            versionId={chosen.versionId}
            reviewer={reviewer.name}
            draft={draft}
            onDraft={onDraft}
            onSetIn={() => onDraft({ at: fieldOf(now()) })}
            onSetOut={() => onDraft({ end: fieldOf(now()) })}
            timeOf={timeOf}
            bodyRef={body}
            errors={commentAnswer?.fieldErrors}
            values={commentAnswer?.values}
            message={commentAnswer?.message}
          />
        ) : null}
        {chosen && reviewer ? (
          <ApprovalPanel
            versionId={chosen.versionId}
            versionLabel={`${deliverable?.title ?? ""} v${chosen.number}`}
            current={data.approval}
            answer={approvalAnswer}
            downloads={data.downloads}
            readOnly={!chosen.latest}
          />
        ) : null}
        {answer &&
        !approvalAnswer &&
        answer.intent !== "comment" &&
        answer.intent !== "identify" &&
        answer.message ? (
          <p role="alert" className="text-sm text-danger">
            {answer.message}
          </p>
        ) : null}
        {chosen ? (
          <Panel id="comments-title" title={REVIEW_COPY.comments}>
            <CommentList
              comments={comments}
              versionId={chosen.versionId}
              writable={writable}
              timeOf={timeOf}
              onSeek={seek}
            />
          </Panel>
        ) : null}
      </div>
    </div>
  );
}

/** A link that opens nothing: 404, or 410 saying it was revoked or expired. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const ended = isRouteErrorResponse(error)
    ? (error.data as { ended?: string } | null)?.ended
    : null;
  const [title, text] =
    status === 410
      ? [
          REVIEW_COPY.endedTitle,
          ended === "expired" ? REVIEW_COPY.expiredBody : REVIEW_COPY.revokedBody,
        ]
      : status === 404
        ? [REVIEW_COPY.notFoundTitle, REVIEW_COPY.notFoundBody]
        : [ERROR_PANEL.title, ERROR_PANEL.body];
  return (
    <Frame>
      <title>{`${title} | ${studio.name}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <section className="mx-auto flex max-w-xl flex-col gap-4 py-12">
        <p className="font-display text-5xl font-bold text-accent">{status}</p>
        <h1 className="font-display text-3xl font-bold">{title}</h1>
        <p className="text-ink-muted">{text}</p>
        <p>
          <a href={`mailto:${studio.email}`} className="text-accent underline underline-offset-4">
            {studio.email}
          </a>
        </p>
      </section>
    </Frame>
  );
}
