import { mediaItems } from "@server/db/schema";
import { renditionVersion } from "@server/media/playback";
import { beforeAll } from "vitest";
import type { MediaOutputs } from "~/entities/media/view";
import { loader as videoLoader } from "~/routes/resources/video";
import { callRoute, type TestRuntime } from "./admin-runtime";

/** A transcode's files as a ready item's row names them (one 360p rung). */
export const READY_OUTPUTS: MediaOutputs = {
  master: "master.m3u8",
  renditions: [
    { height: 360, width: 640, bandwidth: 800_000, codecs: "avc1.64001e", playlist: "360p/i.m3u8" },
  ],
  poster: { jpeg: "poster.jpg", webp: "poster.webp", avif: "poster.avif" },
  storyboard: { image: "storyboard.jpg", vtt: "storyboard.vtt" },
};

/**
 * A ready item's row for the review room's tests: 640×360, 10 s at 25 fps from 01:00:00:00 (its
 * playlists are not stored: the pages sign its address, nothing plays it).
 */
export const reviewMediaRow = (title: string, sha256: string) => ({
  title,
  originalName: `${title}.mov`,
  size: 10,
  state: "ready" as const,
  sha256,
  width: 640,
  height: 360,
  durationSeconds: 10,
  frameRateNum: 25,
  frameRateDen: 1,
  startTimecode: "01:00:00:00",
  outputs: READY_OUTPUTS,
  readyAt: new Date(),
});

/**
 * A ready item of the Media library (its master playlist stored, transcoded a minute ago) and an
 * item still uploading, for the tests of where a video may be used.
 */
export async function readyAndUploadingItems(
  t: Pick<TestRuntime, "database" | "runtime">,
  title: string,
) {
  const readyAt = new Date(Date.now() - 60_000);
  const [ready] = await t.database.db
    .insert(mediaItems)
    .values({
      title,
      originalName: "master.mov",
      state: "ready",
      size: 10,
      width: 640,
      height: 360,
      durationSeconds: 4,
      outputs: READY_OUTPUTS,
      readyAt,
    })
    .returning();
  const [uploading] = await t.database.db
    .insert(mediaItems)
    .values({ title: "Half there", originalName: "h.mp4", state: "uploading", size: 1 })
    .returning();
  const id = ready?.id ?? "";
  await t.runtime.storage.put("media-renditions", `${id}/master.m3u8`, Buffer.from("#EXTM3U\n"), {
    contentType: "application/vnd.apple.mpegurl",
  });
  return { id, uploadingId: uploading?.id ?? "", readyAt };
}

/**
 * The ready and uploading items of a file's tests (made once, before them: read `items` inside a
 * test), the public address of the ready one's renditions, and what the public video route
 * answers for its master playlist (served only while a use makes the item public).
 */
export function mediaUseFixture(t: Pick<TestRuntime, "database" | "runtime">, title: string) {
  const items = { id: "", uploadingId: "", readyAt: new Date() };
  beforeAll(async () => {
    Object.assign(items, await readyAndUploadingItems(t, title));
  });
  const version = () => renditionVersion(items.readyAt);
  return {
    items,
    publicBase: () => `/video/${items.id}/${version()}/`,
    publicMaster: () =>
      callRoute(videoLoader, t.runtime, `/video/${items.id}/${version()}/master.m3u8`, {
        params: { id: items.id, "*": `${version()}/master.m3u8` },
      }) as Promise<Response>,
  };
}
