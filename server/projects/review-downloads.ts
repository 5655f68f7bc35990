import type { Executor } from "@server/db/client";
import { mediaItems, type ShareLink, shareLinks } from "@server/db/schema";
import { reviewStateOf, versionOfLink } from "@server/projects/approvals";
import { type ExpiringLinks, expiringLinks } from "@server/security/expiring-links";
import { eq } from "drizzle-orm";

/**
 * "Download" of an approved version (issue #45 item 5, decision 0536): a link signed for ten
 * minutes (HMAC with its own derived key) to /review-files/{link}/{version}/master, which
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

/** What a download gives: the master (the only file, for now, that is one file). */
export const REVIEW_FILES = ["master"] as const;
export type ReviewFile = (typeof REVIEW_FILES)[number];

export function reviewFileLinks(key: string, now?: () => number): ExpiringLinks {
  return expiringLinks(key, now);
}

const subjectOf = (linkId: string, versionId: string, file: ReviewFile) =>
  `review-file:${linkId}:${versionId}:${file}`;

export type DownloadCheck =
  | { ok: true; masterKey: string; fileName: string }
  | { ok: false; status: 403 | 404; message: string };

/** Whether this link may download this version now: it allows it and the version is approved. */
export async function mayDownload(
  db: Executor,
  link: Pick<ShareLink, "projectId" | "deliverableId" | "allowDownload">,
  versionId: string,
): Promise<DownloadCheck> {
  if (!link.allowDownload) return { ok: false, status: 403, message: DOWNLOAD_MESSAGES.notAllowed };
  const version = await versionOfLink(db, link, versionId);
  if (!version) return { ok: false, status: 404, message: DOWNLOAD_MESSAGES.outsideLink };
  if ((await reviewStateOf(db, version.id))?.decision !== "approve") {
    return { ok: false, status: 403, message: DOWNLOAD_MESSAGES.notApproved };
  }
  const [item] = await db
    .select({ masterKey: mediaItems.masterKey, originalName: mediaItems.originalName })
    .from(mediaItems)
    .where(eq(mediaItems.id, version.mediaItemId))
    .limit(1);
  if (!item?.masterKey) return { ok: false, status: 404, message: DOWNLOAD_MESSAGES.missing };
  const extension = item.masterKey.slice(item.masterKey.lastIndexOf("."));
  return {
    ok: true,
    masterKey: item.masterKey,
    fileName: `${version.deliverableTitle} v${version.number}${extension}`,
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
  const check = await mayDownload(services.db, input.link, input.versionId);
  if (!check.ok) return check;
  const query = reviewFileLinks(services.key, services.now).sign(
    subjectOf(input.link.id, input.versionId, file),
    REVIEW_DOWNLOAD_SECONDS,
  );
  return { ok: true, url: `/review-files/${input.link.id}/${input.versionId}/${file}?${query}` };
}

/**
 * The file a signed address opens, checked again now: the signature (not expired), the share
 * link not revoked or expired, download still allowed, the version still approved.
 */
export async function signedDownload(
  services: { db: Executor; key: string; now?: () => number },
  address: { linkId: string; versionId: string; file: string; query: URLSearchParams },
): Promise<DownloadCheck> {
  const file = REVIEW_FILES.find((name) => name === address.file);
  const links = reviewFileLinks(services.key, services.now);
  if (!file || !links.verify(subjectOf(address.linkId, address.versionId, file), address.query)) {
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
  return mayDownload(services.db, link, address.versionId);
}
