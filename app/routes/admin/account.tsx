import type { AuditActor } from "@server/audit/log";
import { getRuntimeFrom } from "@server/context";
import { settingCookies } from "@server/http/cookies";
import { redirectWithFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import type { Runtime } from "@server/runtime";
import {
  ACCOUNT_PATH,
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireAccess,
  type StaffUser,
} from "@server/security/admin-access";
import {
  changePassword,
  confirmTwoFactor,
  endOwnSessions,
  loadAccount,
  type OwnAccountRequest,
  regenerateRecoveryCodes,
  startTwoFactor,
  type TwoFactorStep,
  turnOffTwoFactor,
} from "@server/staff/account";
import { listPasskeys, removePasskey, sessionHasPasskey } from "@server/staff/passkeys";
import { twoFactorRequired } from "@server/staff/settings";
import { data } from "react-router";
import { PasskeysSection } from "~/components/admin/account/passkeys";
import { PasswordSection } from "~/components/admin/account/password";
import type { AccountAnswer } from "~/components/admin/account/section";
import { SessionsSection } from "~/components/admin/account/sessions";
import { TwoFactorSection } from "~/components/admin/account/two-factor";
import { PageHeader } from "~/components/ui/page-header";
import { ACCOUNT_MESSAGES, PASSKEY_MESSAGES } from "~/entities/staff/view";
import { failure, success } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FlashInput } from "~/lib/flash";
import type { Route } from "./+types/account";

/**
 * /admin/account (every staff member, issue #29 item 4): "Your account". Change password, turn
 * two-factor on (QR code, setup key, a code, then 10 recovery codes shown once) or off, and the
 * person's sessions. Every form is a plain post to this route, then post/redirect/get with a
 * toast; the recovery codes are the one answer rendered in place (they are never shown again).
 */

export const meta: Route.MetaFunction = () => adminMeta("Your account");

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const view = await loadAccount(runtime, staff);
  const required =
    !staff.twoFactor &&
    (await twoFactorRequired(runtime.database.db)) &&
    !(await sessionHasPasskey(runtime, staff.sessionId));
  return { ...view, required, passkeys: await listPasskeys(runtime, staff.id) };
}

const SESSION_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PASSKEY_ID = SESSION_ID;

/** What every intent's handler is given: the request, who sends it, and the posted text. */
interface Post {
  args: Route.ActionArgs;
  runtime: Runtime;
  staff: StaffUser;
  actor: AuditActor;
  text: (name: string) => string;
}

/** The post as a request on the person's own account (the two-factor steps). */
function ownRequest({ runtime, actor, staff, args }: Post): OwnAccountRequest {
  return { runtime, actor, staff, request: args.request };
}

type Handler = (post: Post) => Promise<Response | ReturnType<typeof data<AccountAnswer>>>;

/** A form refused in place, its one field marked. */
function refused(
  form: AccountAnswer["form"],
  field: string,
  step: { message: string; status: number },
) {
  return data<AccountAnswer>(
    { form, fieldErrors: { [field]: [step.message] } },
    { status: step.status },
  );
}

/** Back to the page with a toast; a two-factor step's new session cookies ride along. */
async function back(post: Post, to: string, flash: FlashInput, cookies: readonly string[] = []) {
  const response = await redirectWithFlash(post.args.context, to, flash);
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** Recovery codes rendered in place, this once: the new session's cookie rides with the answer. */
function codesShown(step: { cookies: string[]; recoveryCodes?: string[] }, regenerated: boolean) {
  const headers = settingCookies(step.cookies, ADMIN_RESPONSE_HEADERS);
  const answer: AccountAnswer = {
    form: "two-factor",
    fieldErrors: {},
    recoveryCodes: step.recoveryCodes ?? [],
  };
  return data<AccountAnswer>(regenerated ? { ...answer, regenerated } : answer, { headers });
}

/** "End" on one session, or "Sign out everywhere else" (`id` null). */
async function endSessions(post: Post, id: string | null) {
  if (id !== null && !SESSION_ID.test(id)) {
    return back(post, ACCOUNT_PATH, failure(ACCOUNT_MESSAGES.sessionMissing));
  }
  const ended = await endOwnSessions(post.runtime, post.actor, post.staff, id);
  const message =
    id === null
      ? success(ACCOUNT_MESSAGES.othersEnded)
      : ended > 0
        ? success(ACCOUNT_MESSAGES.sessionEnded)
        : failure(ACCOUNT_MESSAGES.sessionMissing);
  return back(post, ACCOUNT_PATH, message);
}

/** Turning two-factor on (its first step) or off: either way the page shows its new state. */
async function twoFactorChanged(post: Post, step: TwoFactorStep, message: string) {
  if (!step.ok) return refused("two-factor", step.field, step);
  return back(post, `${ACCOUNT_PATH}#two-factor`, success(message), step.cookies);
}

const INTENTS: Record<string, Handler> = {
  async password(post) {
    const result = await changePassword(post.runtime, post.actor, post.staff, {
      currentPassword: post.text("currentPassword"),
      newPassword: post.text("newPassword"),
    });
    if (!result.ok) return refused("password", result.field, result);
    return back(post, ACCOUNT_PATH, success(ACCOUNT_MESSAGES.passwordChanged));
  },

  "end-session": (post) => endSessions(post, post.text("id")),

  "end-others": (post) => endSessions(post, null),

  async "two-factor-start"(post) {
    const step = await startTwoFactor(ownRequest(post), post.text("password"));
    return twoFactorChanged(post, step, "Scan the QR code");
  },

  async "two-factor-off"(post) {
    const step = await turnOffTwoFactor(ownRequest(post), {
      password: post.text("password"),
      code: post.text("code"),
    });
    return twoFactorChanged(post, step, ACCOUNT_MESSAGES.twoFactorOff);
  },

  async "two-factor-verify"(post) {
    const code = post.text("code").replace(/\s+/g, "");
    const step = await confirmTwoFactor(ownRequest(post), code);
    if (!step.ok) return refused("two-factor", "code", step);
    return codesShown(step, false);
  },

  async "recovery-codes"(post) {
    const password = post.text("recoveryPassword");
    const step = await regenerateRecoveryCodes(ownRequest(post), password);
    if (!step.ok) return refused("two-factor", "recoveryPassword", step);
    return codesShown(step, true);
  },

  async "passkey-remove"(post) {
    const id = post.text("id");
    const removed =
      PASSKEY_ID.test(id) && (await removePasskey(post.runtime, post.actor, post.staff, id));
    return back(
      post,
      `${ACCOUNT_PATH}#passkeys`,
      removed ? success(PASSKEY_MESSAGES.removed) : failure(PASSKEY_MESSAGES.missing),
    );
  },
};

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const fields = read.form?.fields;
  const intent = fields?.get("intent");
  const handler = typeof intent === "string" && Object.hasOwn(INTENTS, intent) && INTENTS[intent];
  if (!fields || !handler) {
    return redirectWithFlash(args.context, ACCOUNT_PATH, failure(ACCOUNT_MESSAGES.twoFactorFailed));
  }
  const text = (name: string) => {
    const value = fields.get(name);
    return typeof value === "string" ? value : "";
  };
  const runtime = getRuntimeFrom(args.context);
  return handler({ args, runtime, staff, actor: currentActor(args.context), text });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as AccountAnswer | undefined;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Your account"
        lead="Your password, your second factor and where you are signed in."
      />
      {loaderData.required ? (
        <p
          role="alert"
          className="mb-6 max-w-3xl rounded-lg border border-accent/40 bg-accent/10 px-4 py-3 text-sm"
        >
          {ACCOUNT_MESSAGES.required}
        </p>
      ) : null}
      <div className="grid max-w-3xl gap-8">
        <TwoFactorSection
          state={loaderData.twoFactor}
          setup={loaderData.setup}
          codesLeft={loaderData.recoveryCodesLeft}
          answer={answer?.form === "two-factor" ? answer : undefined}
        />
        <PasskeysSection passkeys={loaderData.passkeys} />
        <PasswordSection answer={answer?.form === "password" ? answer : undefined} />
        <SessionsSection sessions={loaderData.sessions} />
      </div>
    </>
  );
}
