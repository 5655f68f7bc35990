import { getRuntimeFrom } from "@server/context";
import { settingCookies } from "@server/http/cookies";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import type { Runtime } from "@server/runtime";
import {
  ADMIN_RESPONSE_HEADERS,
  requireResourceAccess,
  type StaffUser,
} from "@server/security/admin-access";
import { isCrossSiteRequest } from "@server/security/origin";
import type { CeremonyStep } from "@server/staff/passkeys";
import type { RouterContextProvider } from "react-router";
import type { CeremonyReply } from "~/entities/staff/view";

/**
 * The route glue of the three passkey routes (add, sign in, confirm; decision 0304): reading their
 * POST and answering the browser's script. The ceremonies themselves are server/staff/passkeys.ts.
 */

/** A passkey route's JSON answer, private and uncached, with the cookies to set. */
export function ceremonyReply(body: CeremonyReply, status = 200, cookies: string[] = []): Response {
  return Response.json(body, { status, headers: settingCookies(cookies, ADMIN_RESPONSE_HEADERS) });
}

/** A passkey route's POST, read: which step, its fields, and for `verify` the parsed answer. */
export type CeremonyPost =
  | { refused: Response }
  | { refused?: undefined; step: "options"; fields: FormData }
  | { refused?: undefined; step: "verify"; fields: FormData; answer: unknown };

/**
 * Reads a passkey route's POST: refuses a cross-site request (403), then what `gate` refuses (the
 * step-up), a body the form limits refuse, a `response` that is not JSON and a step that is neither
 * `options` nor `verify` (400), each with `failed` as the error unless the form limits say why.
 */
export async function readCeremonyPost(
  runtime: Runtime,
  request: Request,
  failed: string,
  gate?: () => Promise<Response | null>,
): Promise<CeremonyPost> {
  if (isCrossSiteRequest(request, runtime.config.SITE_URL)) {
    return { refused: ceremonyReply({ error: failed }, 403) };
  }
  const gated = gate ? await gate() : null;
  if (gated) return { refused: gated };
  const read = await readPost(request, FORM_LIMITS.short, (refusal) =>
    ceremonyReply({ error: refusal.message }, refusal.status),
  );
  if (read.refused) return { refused: read.refused };
  const fields = read.form.fields;
  const step = fields.get("step");
  if (step === "options") return { step, fields };
  if (step !== "verify") return { refused: ceremonyReply({ error: failed }, 400) };
  try {
    return { step, fields, answer: JSON.parse(String(fields.get("response") ?? "")) };
  } catch {
    return { refused: ceremonyReply({ error: failed }, 400) };
  }
}

/** The passkey routes answer only the POSTs of the page's script. */
export function ceremonyLoader(): Response {
  return ceremonyReply({ error: "Use POST." }, 405);
}

/**
 * A signed-in person's passkey POST (add a passkey, confirm with one): the access check, then the
 * post read as `readCeremonyPost` reads it; `gate` may refuse before the body is read.
 */
export async function readStaffCeremonyPost(
  args: { request: Request; pattern: string; context: Readonly<RouterContextProvider> },
  failed: string,
  gate?: (runtime: Runtime, staff: StaffUser) => Promise<Response | null>,
): Promise<{ staff: StaffUser; runtime: Runtime; post: CeremonyPost }> {
  const staff = await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const post = await readCeremonyPost(
    runtime,
    args.request,
    failed,
    gate && (() => gate(runtime, staff)),
  );
  return { staff, runtime, post };
}

/**
 * A signed-in person's passkey route, whole: the POST read as `readStaffCeremonyPost` reads it,
 * then answered as `ceremonyAnswer` answers it with the steps made for that person.
 */
export async function staffCeremonyAction(
  args: { request: Request; pattern: string; context: Readonly<RouterContextProvider> },
  failed: string,
  steps: (runtime: Runtime, staff: StaffUser) => CeremonySteps,
  gate?: (runtime: Runtime, staff: StaffUser) => Promise<Response | null>,
): Promise<Response> {
  const { staff, runtime, post } = await readStaffCeremonyPost(args, failed, gate);
  return ceremonyAnswer(post, steps(runtime, staff));
}

/** Step one of a ceremony, answered: the options and the plugin's challenge cookie, or why not. */
function ceremonyOptionsReply(step: CeremonyStep<unknown>): Response {
  return step.ok
    ? ceremonyReply({ options: step.body }, 200, step.cookies)
    : ceremonyReply({ error: step.message }, step.status);
}

/** A ceremony's two steps: the options of step one, and what to answer of the authenticator's. */
export type CeremonySteps = {
  options: () => Promise<CeremonyStep<unknown>>;
  verify: (answer: unknown, fields: FormData) => Promise<Response>;
};

/**
 * A passkey route's answer to its read POST: the refusal, the options of step one (`options`), or
 * what `verify` answers of the authenticator's answer and the post's other fields.
 */
export async function ceremonyAnswer(post: CeremonyPost, steps: CeremonySteps): Promise<Response> {
  if (post.refused) return post.refused;
  if (post.step === "options") return ceremonyOptionsReply(await steps.options());
  return steps.verify(post.answer, post.fields);
}
