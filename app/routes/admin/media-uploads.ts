import { getRuntimeFrom } from "@server/context";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import type { Route } from "./+types/media-uploads";

/**
 * The Media library's tus endpoint (issue #44, decision 0496): POST makes an upload, HEAD asks
 * its offset, PATCH sends bytes from there, DELETE gives it up. @tus/server answers each; staff
 * of the "media" area only, and the root middleware refuses cross-site writes as everywhere.
 */

async function answer(args: Route.LoaderArgs | Route.ActionArgs): Promise<Response> {
  await requireResourceAccess(args);
  const response = await getRuntimeFrom(args.context).media.uploads.handle(
    args.request,
    currentActor(args.context),
  );
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ADMIN_RESPONSE_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, headers });
}

export const loader = answer;
export const action = answer;
