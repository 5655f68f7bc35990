import { getRuntimeFrom } from "@server/context";
import { PRIVATE_NO_STORE } from "@server/http/cache";
import { rangedFileResponse } from "@server/http/ranged-file";
import { textResponse } from "@server/http/text-response";
import { isUuid } from "@server/kit/list-params";
import { renditionKey } from "@server/media/library";
import { isReady, publicVersionOf, verifyPlaybackToken } from "@server/media/playback";
import { isValidKey } from "@server/storage/types";
import type { Route } from "./+types/video";

const NOT_FOUND = { "Cache-Control": PRIVATE_NO_STORE };

/**
 * GET /video/{id}/{version}/{file} and /video/{id}/s/{token}/{file}: a video's playlists,
 * segments, poster and storyboard (server/media/playback.ts, decision 0500). Public files are
 * cached for a year (the version changes with each transcode); private ones are never stored.
 * Framed by nobody: the site's own pages play them in a <video>, which needs no framing.
 */
export async function loader({ params, request, context }: Route.LoaderArgs): Promise<Response> {
  const { database, storage, keys } = getRuntimeFrom(context);
  const id = params.id;
  const [first = "", ...rest] = (params["*"] ?? "").split("/");
  const isPrivate = first === "s";
  const file = (isPrivate ? rest.slice(1) : rest).join("/");
  if (!isUuid(id) || !isValidKey(renditionKey(id, file))) {
    return textResponse(404, "Not found.", NOT_FOUND);
  }
  if (isPrivate) {
    if (!verifyPlaybackToken(keys.playbackLinks, id, rest[0] ?? "")) {
      return textResponse(403, "This link has expired or is invalid.", NOT_FOUND);
    }
    if (!(await isReady(database.db, id))) return textResponse(404, "Not found.", NOT_FOUND);
  } else if ((await publicVersionOf(database.db, id)) !== first) {
    return textResponse(404, "Not found.", NOT_FOUND);
  }
  return rangedFileResponse(
    request,
    storage,
    { bucket: "media-renditions", key: renditionKey(id, file) },
    {
      "Cache-Control": isPrivate ? PRIVATE_NO_STORE : "public, max-age=31536000, immutable",
      "Content-Security-Policy": "frame-ancestors 'none'",
      "X-Frame-Options": "DENY",
    },
  );
}
