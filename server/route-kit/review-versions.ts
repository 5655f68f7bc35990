import type { ShareLink } from "@server/db/schema";
import { privateVideo } from "@server/media/playback";
import { type ReviewState, reviewStateOf } from "@server/projects/approvals";
import { versionComments } from "@server/projects/comments";
import { versionDownloads } from "@server/projects/review-downloads";
import { type ComparedVersion, mediaClockOf, type RoomVersion } from "@server/projects/review-room";
import type { Runtime } from "@server/runtime";
import type { ApprovalView } from "~/entities/review/approval-form";
import type { ReviewCommentView } from "~/entities/review/view";
import { formatStudioDateTime } from "~/lib/studio-time";

/**
 * The versions' part of the review page's data (issue #45 item 4): the chosen version with its
 * video on a private playback address, its clock, comments, latest decision and files; and the
 * second player of a compare (decision 0534), the version `?compare=` names with its own video and
 * clock, so the page labels it with its own timecode.
 */

function approvalViewOf(state: ReviewState): ApprovalView {
  const { decision, reviewerName, sha256, note } = state;
  return { decision, reviewerName, sha256, note, at: formatStudioDateTime(state.at) };
}

export async function versionView(
  runtime: Runtime,
  link: ShareLink,
  version: RoomVersion | null,
): Promise<{
  video: Awaited<ReturnType<typeof privateVideo>>;
  clock: Awaited<ReturnType<typeof mediaClockOf>>;
  comments: ReviewCommentView[];
  approval: ApprovalView | null;
  downloads: Awaited<ReturnType<typeof versionDownloads>>;
}> {
  if (!version) return { video: null, clock: null, comments: [], approval: null, downloads: [] };
  const db = runtime.database.db;
  const [video, clock, comments, decision, downloads] = await Promise.all([
    privateVideo(db, runtime.keys.playbackLinks, version.mediaItemId),
    mediaClockOf(db, version.mediaItemId),
    versionComments(db, version.id),
    reviewStateOf(db, version.id),
    versionDownloads({ db, key: runtime.keys.reviewDownloads }, { link, versionId: version.id }),
  ]);
  // The version's own latest decision (a new version starts with none), and its files.
  return {
    video,
    clock,
    comments,
    approval: decision ? approvalViewOf(decision) : null,
    downloads,
  };
}

export async function comparedPlayback(runtime: Runtime, compared: ComparedVersion) {
  if (compared.kind !== "version") return null;
  const db = runtime.database.db;
  const { id, number, latest, mediaItemId } = compared.version;
  const [video, clock] = await Promise.all([
    privateVideo(db, runtime.keys.playbackLinks, mediaItemId),
    mediaClockOf(db, mediaItemId),
  ]);
  return { versionId: id, number, latest, video, clock };
}
