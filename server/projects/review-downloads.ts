import type { Executor } from "@server/db/client";
import { deliverableVersions, mediaItems, type ShareLink, shareLinks } from "@server/db/schema";
import { renditionKey } from "@server/media/library";
import { reviewStateOf, versionOfLink } from "@server/projects/approvals";
import { type ExpiringLinks, expiringLinks } from "@server/security/expiring-links";
import { eq } from "drizzle-orm";
import type { MediaOutputs } from "~/entities/media/view";

/**
 * "Download" of an approved version (issue #45 item 5, decision 0536): a link signed for ten
 * minutes (HMAC with its own derived key) to /review-files/{link}/{version}/{master|720p}, which
 * answers by its signature alone, as a presigned URL does, and checks again when it is used that
 * the share link still opens, still allows download and the version is still approved.
 */

export const REVIEW_DOWNLOAD_SECONDS = 10 * 60;

export const DOWNLOAD_MESSAGES = {
  notAllowed: "This link does not allow downloads.",
  notApproved: "Only an approved version can be downloaded.",
  outsideLink: "This link does not cover that version.",
  expired: "This download link has expired. Open the review page again for a fresh one.",
  missing: "The file is not available. Ask the studio to send it.",
} as const;

/**
 * What a download gives: the master, or one rendition of the ladder (`720p`), served as one
 * fragmented MP4 (its init segment and media segments in order, decision 0536).
 */
export type ReviewFile = "master" | `${number}p`;

/** The files a ready item offers: the master, then its renditions, highest first. */
export function reviewFilesOf(outputs: MediaOutputs | null): { file: ReviewFile; label: string }[] {
  const renditions = [...(outputs?.renditions ?? [])]
    .sort((a, b) => b.height - a.height)
    .map((rendition) => ({
      file: `${rendition.height}p` as ReviewFile,
      label: `${rendition.height}p MP4`,
    }));
  return [{ file: "master", label: "the master (original file)" }, ...renditions];
}

export function reviewFileLinks(key: string, now?: () => number): ExpiringLinks {
  return expiringLinks(key, now);
}

const subjectOf = (linkId: string, versionId: string, file: string) =>
  `review-file:${linkId}:${versionId}:${file}`;

export type DownloadCheck =
  | { ok: true; kind: "master"; key: string; fileName: string }
  /** A rendition: its media playlist in bucket media-renditions, which names its segments. */
  | { ok: true; kind: "rendition"; playlistKey: string; fileName: string }
  | { ok: false; status: 403 | 404; message: string };

/** Whether this link may download this file of this version now: allowed, and approved. */
export async function mayDownload(
  db: Executor,
  link: Pick<ShareLink, "projectId" | "deliverableId" | "allowDownload">,
  versionId: string,
  file: string,
): Promise<DownloadCheck> {
  if (!link.allowDownload) return { ok: false, status: 403, message: DOWNLOAD_MESSAGES.notAllowed };
  const version = await versionOfLink(db, link, versionId);
  if (!version) return { ok: false, status: 404, message: DOWNLOAD_MESSAGES.outsideLink };
  if ((await reviewStateOf(db, version.id))?.decision !== "approve") {
    return { ok: false, status: 403, message: DOWNLOAD_MESSAGES.notApproved };
  }
  const [item] = await db
    .select({ masterKey: mediaItems.masterKey, outputs: mediaItems.outputs })
    .from(mediaItems)
    .where(eq(mediaItems.id, version.mediaItemId))
    .limit(1);
  const name = `${version.deliverableTitle} v${version.number}`;
  if (file === "master") {
    if (!item?.masterKey) return { ok: false, status: 404, message: DOWNLOAD_MESSAGES.missing };
    const extension = item.masterKey.slice(item.masterKey.lastIndexOf("."));
    return { ok: true, kind: "master", key: item.masterKey, fileName: `${name}${extension}` };
  }
  const rendition = item?.outputs?.renditions.find((candidate) => `${candidate.height}p` === file);
  if (!rendition) return { ok: false, status: 404, message: DOWNLOAD_MESSAGES.missing };
  return {
    ok: true,
    kind: "rendition",
    playlistKey: renditionKey(version.mediaItemId, rendition.playlist),
    fileName: `${name} ${file}.mp4`,
  };
}

/**
 * The review page's "Download" address of a version (a path with its signed query), or why there
 * is none (403/404 with the message).
 */
export async function downloadAddress(
  services: { db: Executor; key: string; now?: () => number },
  input: {
    link: Pick<ShareLink, "id" | "projectId" | "deliverableId" | "allowDownload">;
    versionId: string;
    file?: ReviewFile;
  },
): Promise<{ ok: true; url: string } | { ok: false; status: 403 | 404; message: string }> {
  const file = input.file ?? "master";
  const check = await mayDownload(services.db, input.link, input.versionId, file);
  if (!check.ok) return check;
  return { ok: true, url: signedPath(services, input.link.id, input.versionId, file) };
}

/** `/review-files/{link}/{version}/{file}?expires=…&signature=…`, good for ten minutes. */
function signedPath(
  services: { key: string; now?: () => number },
  linkId: string,
  versionId: string,
  file: ReviewFile,
): string {
  const query = reviewFileLinks(services.key, services.now).sign(
    subjectOf(linkId, versionId, file),
    REVIEW_DOWNLOAD_SECONDS,
  );
  return `/review-files/${linkId}/${versionId}/${file}?${query}`;
}

/**
 * The file a signed address opens, checked again now: the signature (not expired), the share
 * link not revoked or expired, download still allowed, the version still approved.
 */
export async function signedDownload(
  services: { db: Executor; key: string; now?: () => number },
  address: { linkId: string; versionId: string; file: string; query: URLSearchParams },
): Promise<DownloadCheck> {
  const { file } = address;
  const links = reviewFileLinks(services.key, services.now);
  if (!links.verify(subjectOf(address.linkId, address.versionId, file), address.query)) {
    return { ok: false, status: 403, message: DOWNLOAD_MESSAGES.expired };
  }
  const [link] = await services.db
    .select()
    .from(shareLinks)
    .where(eq(shareLinks.id, address.linkId))
    .limit(1);
  const now = services.now?.() ?? Date.now();
  if (!link || link.revokedAt || (link.expiresAt && link.expiresAt.getTime() <= now)) {
    return { ok: false, status: 403, message: DOWNLOAD_MESSAGES.expired };
  }
  return mayDownload(services.db, link, address.versionId, file);
}

/**
 * What the review page offers to download of a version: each file with its signed address, when
 * the link allows download and the version is approved; none otherwise. One check, then a
 * signature per file.
 */
export async function versionDownloads(
  services: { db: Executor; key: string; now?: () => number },
  input: {
    link: Pick<ShareLink, "id" | "projectId" | "deliverableId" | "allowDownload">;
    versionId: string;
  },
): Promise<{ label: string; url: string }[]> {
  const master = await downloadAddress(services, { ...input, file: "master" });
  if (!master.ok) return [];
  const [item] = await services.db
    .select({ outputs: mediaItems.outputs })
    .from(mediaItems)
    .innerJoin(deliverableVersions, eq(deliverableVersions.mediaItemId, mediaItems.id))
    .where(eq(deliverableVersions.id, input.versionId))
    .limit(1);
  return reviewFilesOf(item?.outputs ?? null).map(({ file, label }) => ({
    label,
    url:
      file === "master" ? master.url : signedPath(services, input.link.id, input.versionId, file),
  }));
}
