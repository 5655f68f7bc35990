import { getRuntimeFrom } from "@server/context";
import type { Runtime } from "@server/runtime";
import { requireResourceAccess, type StaffUser } from "@server/security/admin-access";
import {
  type CeremonyPost,
  type CeremonyStep,
  ceremonyReply,
  readCeremonyPost,
} from "@server/staff/passkeys";
import type { RouterContextProvider } from "react-router";

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

/** Step one of a ceremony, answered: the options and the plugin's challenge cookie, or why not. */
export function ceremonyOptionsReply(step: CeremonyStep<unknown>): Response {
  return step.ok
    ? ceremonyReply({ options: step.body }, 200, step.cookies)
    : ceremonyReply({ error: step.message }, step.status);
}
