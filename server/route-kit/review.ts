import { createHash } from "node:crypto";
import { reviewerActor } from "@server/audit/log";
import { getRuntimeFrom } from "@server/context";
import type { ShareLink } from "@server/db/schema";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { settingCookies } from "@server/http/cookies";
import { isUuid } from "@server/kit/list-params";
import { createReviewer, ReviewRefusal, reviewerOf } from "@server/projects/comments";
import {
  chosenVersion,
  comparedVersion,
  reviewRoom,
  scopeOfLink,
} from "@server/projects/review-room";
import { recordLinkOpen, resolveShareLink } from "@server/projects/share-links";
import { checkPost, FORM_LIMITS, type ReadForm, readPost } from "@server/route-kit/forms";
import { reviewApprovalPost } from "@server/route-kit/review-approvals";
import { type CommentIntent, commentWrite } from "@server/route-kit/review-comments";
import { comparedPlayback, versionView } from "@server/route-kit/review-versions";
import type { Runtime } from "@server/runtime";
import { getClientIp } from "@server/security/client-ip";
import { consumeLimit } from "@server/security/submission-limit";
import { createCookie, data, type RouterContextProvider, redirect } from "react-router";
import { reviewerSchema, reviewPasswordSchema } from "~/entities/review/forms";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * The glue of /review/{token} (issue #45, decision 0531): who may open the link (its password
 * remembered, the reviewer known), the page's data, and its posts dispatched on `intent`.
 * Two cookies, both HttpOnly, SameSite=Lax, on the link's own path and signed with their own key:
 * `review_link` (the password given, the reviewer; kept 180 days) and `review_seen` (this browser
 * session's open is recorded). The path leaves React Router's data requests (`….data`) out, so
 * the page makes document requests only (its forms reload the document), as without JavaScript.
 */

export const REVIEW_HEADERS = {
  "Cache-Control": PRIVATE_NO_STORE,
  "X-Robots-Tag": "noindex, nofollow",
} as const;

export const REVIEW_MESSAGES = {
  wrongPassword: "That password is not right. Check it with the studio.",
  passwordFirst: "Enter this link's password first.",
  identifyFirst: "Give your name and e-mail before you comment.",
  rateLimited:
    "You've sent many comments in a short time. Wait a few minutes, then send this one again.",
  passwordsLimited: "Too many passwords tried. Wait a few minutes, then try again.",
  badRequest: "This form could not be read. Reload the page and try again.",
} as const;

const KEEP_SECONDS = 180 * 24 * 60 * 60;

interface LinkCookie {
  link: string;
  /** A fingerprint of the link's password hash: a changed password asks again. */
  password?: string;
  reviewer?: string;
}

const fingerprint = (hash: string) => createHash("sha256").update(hash).digest("hex").slice(0, 32);

function cookies(runtime: Runtime, token: string) {
  const options = {
    path: `/review/${token}`,
    httpOnly: true,
    sameSite: "lax" as const,
    secure: runtime.config.SITE_URL.startsWith("https://"),
    secrets: [runtime.keys.reviewCookies],
  };
  return {
    link: createCookie("review_link", { ...options, maxAge: KEEP_SECONDS }),
    // No Max-Age: gone when the browser session ends.
    seen: createCookie("review_seen", options),
  };
}

type Gate =
  | { kind: "not-found" }
  | { kind: "ended"; reason: "revoked" | "expired" }
  | { kind: "password"; link: ShareLink }
  | {
      kind: "open";
      link: ShareLink;
      state: LinkCookie;
      reviewer: Reviewer | null;
    };

/** Who the link's cookie says is reviewing: the name and e-mail they gave. */
type Reviewer = { id: string; name: string; email: string | null };

async function readLinkCookie(runtime: Runtime, request: Request, token: string, linkId: string) {
  const value: unknown = await cookies(runtime, token).link.parse(request.headers.get("cookie"));
  if (typeof value !== "object" || value === null) return { link: linkId };
  const state = value as Partial<LinkCookie>;
  if (state.link !== linkId) return { link: linkId };
  return {
    link: linkId,
    password: typeof state.password === "string" ? state.password : undefined,
    reviewer: typeof state.reviewer === "string" ? state.reviewer : undefined,
  } satisfies LinkCookie;
}

/** What this request may do with the link `token`. */
async function gate(runtime: Runtime, request: Request, token: string): Promise<Gate> {
  const db = runtime.database.db;
  const found = await resolveShareLink(db, token);
  if (found.status === "not-found") return { kind: "not-found" };
  if (found.status === "revoked" || found.status === "expired") {
    return { kind: "ended", reason: found.status };
  }
  const link = found.link;
  const state = await readLinkCookie(runtime, request, token, link.id);
  if (found.status === "password-needed") {
    if (!link.passwordHash || state.password !== fingerprint(link.passwordHash)) {
      return { kind: "password", link };
    }
  }
  const known =
    state.reviewer && isUuid(state.reviewer) ? await reviewerOf(db, link.id, state.reviewer) : null;
  const reviewer = known ? { id: known.id, name: known.name, email: known.email } : null;
  return { kind: "open", link, state, reviewer };
}

/** A link that opens nothing: 404, or 410 with why (the page says to ask for a new one). */
function closed(gated: Extract<Gate, { kind: "not-found" | "ended" }>): never {
  if (gated.kind === "not-found") {
    throw data({ ended: null }, { status: 404, headers: REVIEW_HEADERS });
  }
  throw data({ ended: gated.reason }, { status: 410, headers: REVIEW_HEADERS });
}

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params: { token?: string };
}

export async function reviewLoader({ request, context, params }: Args) {
  const runtime = getRuntimeFrom(context);
  const db = runtime.database.db;
  const token = params.token ?? "";
  const gated = await gate(runtime, request, token);
  if (gated.kind === "not-found" || gated.kind === "ended") closed(gated);
  if (gated.kind === "password") {
    return data({ view: "password" as const }, { headers: REVIEW_HEADERS });
  }
  const { link, reviewer } = gated;
  const jar = cookies(runtime, token);
  const setCookies: string[] = [];
  // An open is recorded once per browser session (decision 0531).
  if ((await jar.seen.parse(request.headers.get("cookie"))) !== link.id) {
    await recordLinkOpen(db, link.id, reviewer?.id ?? null);
    setCookies.push(await jar.seen.serialize(link.id));
  }
  const room = await reviewRoom(db, scopeOfLink(link));
  if (!room) closed({ kind: "not-found" });
  const query = new URL(request.url).searchParams;
  const asked = query.get("version");
  const chosen = chosenVersion(room.deliverables, asked);
  // A version the link does not cover is not found, as any other outside it; so is a compare's
  // second version that is not another version of the same deliverable (decision 0534).
  const compared = comparedVersion(chosen, query.get("compare"));
  if ((asked && chosen?.version.id !== asked) || compared.kind === "outside") {
    closed({ kind: "not-found" });
  }
  const [shown, compare] = await Promise.all([
    versionView(runtime, link, chosen?.version ?? null),
    comparedPlayback(runtime, compared),
  ]);
  return data(
    {
      view: "room" as const,
      title: room.title,
      deliverables: room.deliverables.map(({ id, title, versions }) => ({
        id,
        title,
        versions: versions.map(({ id: versionId, number, latest }) => ({
          id: versionId,
          number,
          latest,
        })),
      })),
      chosen: chosen
        ? {
            deliverableId: chosen.deliverable.id,
            versionId: chosen.version.id,
            number: chosen.version.number,
            latest: chosen.version.latest,
          }
        : null,
      ...shown,
      // The second player of a compare, and whether the two asked for were one and the same.
      compare,
      compareSame: compared.kind === "same",
      reviewer: reviewer ? { name: reviewer.name } : null,
    },
    { headers: settingCookies(setCookies, REVIEW_HEADERS) },
  );
}

export type ReviewAnswer = {
  intent: string;
  message?: string;
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
};

const refused = (
  intent: string,
  status: number,
  message: string,
  extra: Partial<ReviewAnswer> = {},
) =>
  data({ intent, message, ...extra } satisfies ReviewAnswer, { status, headers: REVIEW_HEADERS });

interface Post {
  request: Request;
  context: Readonly<RouterContextProvider>;
  runtime: Runtime;
  token: string;
  form: ReadForm;
  ip: string;
  /** The page to go back to: this link, at the version the form names. */
  back: (hash?: string) => string;
}

type Open = Extract<Gate, { kind: "open" }>;

/** Back to the page (post/redirect/get), setting the link cookie when it changed. */
async function backTo(post: Post, location: string, state?: LinkCookie) {
  const headers = new Headers(REVIEW_HEADERS);
  if (state)
    headers.append("Set-Cookie", await cookies(post.runtime, post.token).link.serialize(state));
  return redirect(location, { status: 303, headers });
}

async function passwordPost(post: Post, gated: Exclude<Gate, { kind: "not-found" | "ended" }>) {
  if (gated.kind === "open") return backTo(post, post.back());
  if ((await consumeLimit(post.runtime, "review-password", post.ip)) !== null) {
    return refused("password", 429, REVIEW_MESSAGES.passwordsLimited);
  }
  const checked = checkPost(post.form, reviewPasswordSchema);
  if (!checked.data) return refused("password", 400, REVIEW_MESSAGES.wrongPassword, checked);
  const found = await resolveShareLink(post.runtime.database.db, post.token, checked.data.password);
  if (found.status !== "ok" || !found.link.passwordHash) {
    return refused("password", 400, REVIEW_MESSAGES.wrongPassword);
  }
  const state = await readLinkCookie(post.runtime, post.request, post.token, found.link.id);
  return backTo(post, post.back(), { ...state, password: fingerprint(found.link.passwordHash) });
}

async function identifyPost(post: Post, gated: Open) {
  const checked = checkPost(post.form, reviewerSchema);
  if (!checked.data) return refused("identify", 400, checked.fieldErrors.form?.[0] ?? "", checked);
  const db = post.runtime.database.db;
  const reviewer = await createReviewer(db, gated.link.id, checked.data);
  await recordLinkOpen(db, gated.link.id, reviewer.id);
  return backTo(post, post.back(), { ...gated.state, reviewer: reviewer.id });
}

/** Comments and replies count against the address's and the link's limits. */
async function overLimit(post: Post, linkId: string): Promise<boolean> {
  if ((await consumeLimit(post.runtime, "review-comment", post.ip)) !== null) return true;
  return (await consumeLimit(post.runtime, "review-comment-link", linkId)) !== null;
}

/** A comment, reply, resolve or reopen by the reviewer, audited as them (decision 0532). */
const commentPost =
  (intent: CommentIntent) => async (post: Post, gated: Open, reviewer: Reviewer) => {
    const outcome = await commentWrite(intent, {
      db: post.runtime.database.db,
      form: post.form,
      scope: scopeOfLink(gated.link),
      author: { reviewerId: reviewer.id },
      actor: reviewerActor(gated.link.id, reviewer, post.ip),
      // Resolving is not counted: it writes one column (decision 0531).
      limit:
        intent === "comment" || intent === "reply"
          ? async () =>
              (await overLimit(post, gated.link.id)) ? REVIEW_MESSAGES.rateLimited : null
          : undefined,
    });
    if (outcome.ok) return backTo(post, post.back(`comment-${outcome.commentId}`));
    const { status, message, ...extra } = outcome;
    return refused(intent, status, message, extra);
  };

/** "Approve this version" and "Request changes": the page is drawn again with the answer. */
const approvalPost = (post: Post, gated: Open, reviewer: Reviewer) =>
  reviewApprovalPost({ context: post.context, link: gated.link, reviewer, form: post.form });

/** The intents a reviewer (known by name and e-mail) may post. */
const REVIEWER_INTENTS: Record<
  string,
  (
    post: Post,
    gated: Open,
    reviewer: Reviewer,
  ) => Promise<Response | ReturnType<typeof data<ReviewAnswer>>>
> = {
  comment: commentPost("comment"),
  reply: commentPost("reply"),
  resolve: commentPost("resolve"),
  reopen: commentPost("reopen"),
  // Approvals (issue #45 item 5): the record, its audit line and receipts (decision 0535).
  approve: approvalPost,
  "request-changes": approvalPost,
};

export async function reviewAction({ request, context, params }: Args) {
  const runtime = getRuntimeFrom(context);
  const token = params.token ?? "";
  const gated = await gate(runtime, request, token);
  if (gated.kind === "not-found" || gated.kind === "ended") closed(gated);
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    refused("form", refusal.status, refusal.message),
  );
  if (read.refused) return read.refused;
  const intent = read.form.fields.get("intent");
  const version = read.form.fields.get("versionId");
  // A form posts to the page's own address: a compare's second version stays (decision 0534).
  const compare = new URL(request.url).searchParams.get("compare");
  const post: Post = {
    request,
    context,
    runtime,
    token,
    form: read.form,
    ip: getClientIp(context),
    back: (hash) => {
      const second = isUuid(compare) ? `&compare=${compare}` : "";
      const query = isUuid(version) ? `?version=${version}${second}` : "";
      return `/review/${token}${query}${hash ? `#${hash}` : ""}`;
    },
  };
  if (intent === "password") return passwordPost(post, gated);
  if (gated.kind === "password") return refused(String(intent), 403, REVIEW_MESSAGES.passwordFirst);
  if (intent === "identify") return identifyPost(post, gated);
  const handler = typeof intent === "string" ? REVIEWER_INTENTS[intent] : undefined;
  if (!handler) return refused("form", 400, REVIEW_MESSAGES.badRequest);
  if (!gated.reviewer) return refused(String(intent), 403, REVIEW_MESSAGES.identifyFirst);
  try {
    return await handler(post, gated, gated.reviewer);
  } catch (error) {
    if (error instanceof ReviewRefusal) return refused(String(intent), error.status, error.message);
    throw error;
  }
}
