import type { Executor } from "@server/db/client";
import {
  deliverables,
  deliverableVersions,
  mediaItems,
  projects,
  type ShareLink,
} from "@server/db/schema";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { ReviewScope } from "./comments";

/**
 * What a share link's review page shows (issue #45 item 4): the project's title, the deliverables
 * the link covers (a project link: all of them; a deliverable link: that one), each with its
 * versions, and the media clock (rate, start timecode) of a version's video.
 */

export const scopeOfLink = (link: ShareLink): ReviewScope => ({
  projectId: link.projectId,
  deliverableId: link.deliverableId,
});

export interface RoomVersion {
  id: string;
  number: number;
  mediaItemId: string;
  latest: boolean;
}

export interface RoomDeliverable {
  id: string;
  title: string;
  versions: RoomVersion[];
}

export async function reviewRoom(db: Executor, scope: ReviewScope) {
  const [project] = await db
    .select({ title: projects.title })
    .from(projects)
    .where(eq(projects.id, scope.projectId))
    .limit(1);
  if (!project) return null;
  const items = await db
    .select({ id: deliverables.id, title: deliverables.title })
    .from(deliverables)
    .where(
      scope.deliverableId
        ? and(eq(deliverables.projectId, scope.projectId), eq(deliverables.id, scope.deliverableId))
        : eq(deliverables.projectId, scope.projectId),
    )
    .orderBy(asc(deliverables.position), asc(deliverables.createdAt));
  const versions =
    items.length === 0
      ? []
      : await db
          .select({
            id: deliverableVersions.id,
            deliverableId: deliverableVersions.deliverableId,
            number: deliverableVersions.number,
            mediaItemId: deliverableVersions.mediaItemId,
          })
          .from(deliverableVersions)
          .where(
            inArray(
              deliverableVersions.deliverableId,
              items.map((item) => item.id),
            ),
          )
          .orderBy(asc(deliverableVersions.number));
  const list: RoomDeliverable[] = items.map((item) => {
    const own = versions.filter((version) => version.deliverableId === item.id);
    const last = own[own.length - 1]?.number;
    return {
      ...item,
      versions: own.map(({ deliverableId: _d, ...version }) => ({
        ...version,
        latest: version.number === last,
      })),
    };
  });
  return { title: project.title, deliverables: list };
}

/**
 * The version a page shows: the one asked for when the link covers it, else the latest of the
 * first deliverable that has any. Null when no deliverable has a version yet.
 */
export function chosenVersion(
  list: RoomDeliverable[],
  asked: string | null,
): { deliverable: RoomDeliverable; version: RoomVersion } | null {
  for (const deliverable of list) {
    const version = deliverable.versions.find((item) => item.id === asked);
    if (version) return { deliverable, version };
  }
  for (const deliverable of list) {
    const version = deliverable.versions[deliverable.versions.length - 1];
    if (version) return { deliverable, version };
  }
  return null;
}

/** What `?compare=` names beside the chosen version (decision 0534). */
export type ComparedVersion =
  | { kind: "none" }
  | { kind: "same" }
  | { kind: "outside" }
  | { kind: "version"; version: RoomVersion };

/**
 * The version a compare shows beside the chosen one: another version of the chosen one's
 * deliverable. Anything else (a version the link does not cover, another deliverable's, none at
 * all) is `outside`, answered 404 as a version outside the link is; the chosen one itself is
 * `same` (the page asks for two different ones).
 */
export function comparedVersion(
  chosen: { deliverable: RoomDeliverable; version: RoomVersion } | null,
  asked: string | null,
): ComparedVersion {
  if (!asked) return { kind: "none" };
  const version = chosen?.deliverable.versions.find((item) => item.id === asked);
  if (!chosen || !version) return { kind: "outside" };
  return version.id === chosen.version.id ? { kind: "same" } : { kind: "version", version };
}

/** The media's clock as ffprobe read it; null when its rate is unknown (seconds only then). */
export async function mediaClockOf(db: Executor, mediaItemId: string) {
  const [row] = await db
    .select({
      frameRateNum: mediaItems.frameRateNum,
      frameRateDen: mediaItems.frameRateDen,
      startTimecode: mediaItems.startTimecode,
    })
    .from(mediaItems)
    .where(eq(mediaItems.id, mediaItemId))
    .limit(1);
  if (!row?.frameRateNum || !row.frameRateDen) return null;
  return {
    frameRateNum: row.frameRateNum,
    frameRateDen: row.frameRateDen,
    startTimecode: row.startTimecode,
  };
}
