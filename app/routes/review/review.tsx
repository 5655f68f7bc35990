import { type ReviewAnswer, reviewAction, reviewLoader } from "@server/route-kit/review";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { TextField } from "~/components/forms/fields";
import { ApprovalPanel } from "~/components/review/approval-panel";
import { IdentityForm } from "~/components/review/comment-form";
import {
  DeskCommentForm,
  DeskComments,
  ReviewStage,
  useReviewDesk,
} from "~/components/review/review-desk";
import { CompareForm, VersionNav } from "~/components/review/versions";
import { Button } from "~/components/ui/form-button";
import { REVIEW_COPY } from "~/copy/review";
import { ERROR_PANEL } from "~/copy/site";
import { studio } from "~/copy/studio";
import { isApprovalAnswer } from "~/entities/review/approval-form";
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

function Room({ data, answer }: { data: RoomData; answer?: ReviewAnswer }) {
  const { chosen, video, comments, reviewer, compare } = data;
  const commentAnswer = answer?.intent === "comment" ? answer : undefined;
  const approvalAnswer = isApprovalAnswer(answer) ? answer : null;
  const deliverable = data.deliverables.find((item) => item.id === chosen?.deliverableId);
  const writable = Boolean(chosen?.latest && reviewer);
  const desk = useReviewDesk({ clock: data.clock, comments, writable, commentAnswer });

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
          <ReviewStage
            desk={desk}
            video={video}
            comments={comments}
            compare={
              compare && chosen
                ? { first: { number: chosen.number, latest: chosen.latest }, second: compare }
                : null
            }
          />
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
          <DeskCommentForm
            desk={desk}
            versionId={chosen.versionId}
            author={reviewer.name}
            answer={commentAnswer}
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
          <DeskComments
            desk={desk}
            comments={comments}
            versionId={chosen.versionId}
            writable={writable}
          />
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
