import { cachedRead } from "@server/content/cache";
import type { Executor } from "@server/db/client";
import { caseStudies, mediaItems, portfolioItems, settings } from "@server/db/schema";
import { expiringLinks } from "@server/security/expiring-links";
import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { MediaOutputs, PublicVideo } from "~/entities/media/view";

/**
 * How a video of the Media library is played (issue #44 items 5 and 6, decision 0500). Its files
 * (playlists, segments, poster, storyboard) live in the private bucket media-renditions under the
 * item's id, and GET /video/{id}/… serves them in one of two ways:
 * - `/video/{id}/{version}/master.m3u8`: public, while the video is shown on the site (a published
 *   portfolio item or case study uses it). `version` changes with every transcode, so the files
 *   are cached for a year and a rebuilt video is never mixed with an old cached one.
 * - `/video/{id}/s/{token}/master.m3u8`: private, for the review room and the Media screen. One
 *   signed token covers the item's whole folder, since the playlists name their files relatively:
 *   no signature per segment, and refused for any other item and once it has expired.
 */

/** A private link plays for this long: a screening, not a standing address. */
export const PLAYBACK_TOKEN_SECONDS = 4 * 60 * 60;

const subjectOf = (id: string) => `media-playback:${id}`;

/** The path segment of a public address: the transcode it serves (readyAt, base 36). */
export function renditionVersion(readyAt: Date): string {
  return readyAt.getTime().toString(36);
}

/** `/video/{id}/s/{expires}.{signature}/`: the private folder of one item until it expires. */
export function privatePlaybackBase(key: string, id: string, now: () => number = Date.now): string {
  const query = new URLSearchParams(
    expiringLinks(key, now).sign(subjectOf(id), PLAYBACK_TOKEN_SECONDS),
  );
  return `/video/${id}/s/${query.get("expires")}.${query.get("signature")}/`;
}

/** True when `token` (from privatePlaybackBase) was made for this item and is still valid. */
export function verifyPlaybackToken(
  key: string,
  id: string,
  token: string,
  now: () => number = Date.now,
): boolean {
  const [expires = "", signature = ""] = token.split(".");
  return expiringLinks(key, now).verify(subjectOf(id), new URLSearchParams({ expires, signature }));
}

const publicBase = (id: string, readyAt: Date) => `/video/${id}/${renditionVersion(readyAt)}/`;

/** Where a ready item's files are, under `base`. */
function videoOf(
  item: { id: string; title: string; width: number | null; height: number | null },
  details: { outputs: MediaOutputs; durationSeconds: number | null; readyAt: Date },
  base: string,
): PublicVideo {
  const { outputs } = details;
  return {
    id: item.id,
    title: item.title,
    master: base + outputs.master,
    poster: {
      jpeg: base + outputs.poster.jpeg,
      webp: base + outputs.poster.webp,
      avif: base + outputs.poster.avif,
    },
    storyboard: base + outputs.storyboard.vtt,
    width: item.width ?? 1920,
    height: item.height ?? 1080,
    durationSeconds: details.durationSeconds ?? 0,
    uploadDate: details.readyAt.toISOString(),
  };
}

/** The public players of these items, by id: only the ready ones (the others play nothing yet). */
export function publicVideos(
  db: Executor,
  ids: Array<string | null>,
): Promise<Map<string, PublicVideo>> {
  return readyVideos(db, ids, (row) => publicBase(row.id, row.readyAt));
}

/**
 * The same players through each item's private link (a draft's preview: its videos are not on
 * the site yet). The rows are cached; the links are made per call, so none outlives its expiry.
 */
export function privateVideos(
  db: Executor,
  key: string,
  ids: Array<string | null>,
): Promise<Map<string, PublicVideo>> {
  return readyVideos(db, ids, (row) => privatePlaybackBase(key, row.id));
}

async function readyVideos(
  db: Executor,
  ids: Array<string | null>,
  baseOf: (row: { id: string; readyAt: Date }) => string,
): Promise<Map<string, PublicVideo>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))].sort();
  if (wanted.length === 0) return new Map();
  const rows = await cachedRead(db, `media:videos:${wanted.join(",")}`, () =>
    db
      .select()
      .from(mediaItems)
      .where(and(inArray(mediaItems.id, wanted), eq(mediaItems.state, "ready"))),
  );
  const videos = new Map<string, PublicVideo>();
  for (const row of rows) {
    if (!row.outputs || !row.readyAt) continue;
    const details = {
      outputs: row.outputs,
      durationSeconds: row.durationSeconds,
      readyAt: row.readyAt,
    };
    videos.set(row.id, videoOf(row, details, baseOf({ id: row.id, readyAt: row.readyAt })));
  }
  return videos;
}

/**
 * The private player of one ready item, through a token of `privatePlaybackBase` (the review
 * room's; decision 0500): null when the item is not ready. Never cached: the token is per answer.
 */
export async function privateVideo(
  db: Executor,
  key: string,
  id: string,
  now: () => number = Date.now,
): Promise<PublicVideo | null> {
  const [row] = await db
    .select()
    .from(mediaItems)
    .where(and(eq(mediaItems.id, id), eq(mediaItems.state, "ready")));
  if (!row?.outputs || !row.readyAt) return null;
  const details = {
    outputs: row.outputs,
    durationSeconds: row.durationSeconds,
    readyAt: row.readyAt,
  };
  return videoOf(row, details, privatePlaybackBase(key, row.id, now));
}

/** The `settings` row naming the home page's reel (server/media/home-reel.ts). */
export const HOME_REEL_SETTING = "home_reel";

/** A gallery entry (media_gallery's JSON) that plays the item whose id is `id`, to match with @>. */
export function galleryEntryOf(id: SQL) {
  return sql`jsonb_build_array(jsonb_build_object('type', 'video', 'media_id', ${id}))`;
}

/**
 * The version a public address of this item must name, or null when the item is not on the site
 * (not ready, or no published portfolio item or case study uses it, as its video or in its gallery, nor is it the home reel): then it has no public address.
 */
export function publicVersionOf(db: Executor, id: string): Promise<string | null> {
  return cachedRead(db, `media:public:${id}`, async () => {
    const [row] = await db
      .select({ readyAt: mediaItems.readyAt })
      .from(mediaItems)
      .where(
        and(
          eq(mediaItems.id, id),
          eq(mediaItems.state, "ready"),
          or(
            sql`exists (select 1 from ${portfolioItems} where ${portfolioItems.videoMediaId} = ${mediaItems.id} and ${portfolioItems.status} = 'published')`,
            sql`exists (select 1 from ${caseStudies} where ${caseStudies.videoMediaId} = ${mediaItems.id} and ${caseStudies.status} = 'published')`,
            sql`exists (select 1 from ${caseStudies} where ${caseStudies.status} = 'published' and ${caseStudies.mediaGallery} @> ${galleryEntryOf(sql`${mediaItems.id}::text`)})`,
            sql`exists (select 1 from ${settings} where ${settings.name} = ${HOME_REEL_SETTING} and ${settings.value} = to_jsonb(${mediaItems.id}::text))`,
          ),
        ),
      );
    return row?.readyAt ? renditionVersion(row.readyAt) : null;
  });
}

/** Whether the item is ready to be played at all (a private link plays only a ready item). */
export function isReady(db: Executor, id: string): Promise<boolean> {
  // Asked for every segment of a private link: through the content cache, as publicVersionOf.
  return cachedRead(db, `media:ready:${id}`, async () => {
    const [row] = await db
      .select({ id: mediaItems.id })
      .from(mediaItems)
      .where(and(eq(mediaItems.id, id), eq(mediaItems.state, "ready")));
    return row !== undefined;
  });
}
