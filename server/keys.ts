import { hkdfSync } from "node:crypto";

/**
 * Keys derived from AUTH_SECRET, one per use, with HKDF-SHA256 and a distinct label each
 * (decision 0153): a key that leaks from one use (a log, a dump) signs nothing of the others.
 */
export interface DerivedKeys {
  /** better-auth: session cookies and its own tokens. */
  sessions: string;
  /** Local storage's signed links (resume downloads). */
  storageLinks: string;
  /** The admin flash cookie. */
  flash: string;
  /** Bearer token of the embedded server's control socket (`npm run backup`, issue #21). */
  controlSocket: string;
  /** Signed download links of backup archives kept on disk. */
  backupLinks: string;
  /** HMAC of every backup archive's manifest: restore refuses what this site did not write. */
  backupArchives: string;
  /** Signed preview links of drafts, for people without an account (issue #31). */
  previewLinks: string;
  /** The contact page's signed reference to the inquiry it just sent, for a booked call (issue #30). */
  bookingReferences: string;
  /**
   * HMAC of a person's address on the audit log (an erasure, an export, a failed sign-in with an
   * erased address; issue #47 item 10, decision 0446): only this server can compute it.
   */
  personHashes: string;
  /** The playback links of one video's playlists and segments (issue #44 item 6). */
  playbackLinks: string;
  /** The review room's short download links of an approved version's file (issue #45). */
  reviewDownloads: string;
  /** The review room's cookies of one link: its password given, the reviewer (issue #45). */
  reviewCookies: string;
}

const LABELS: Record<keyof DerivedKeys, string> = {
  sessions: "studio/v1/sessions",
  storageLinks: "studio/v1/storage-links",
  flash: "studio/v1/flash-cookie",
  controlSocket: "studio/v1/control-socket",
  backupLinks: "studio/v1/backup-links",
  backupArchives: "studio/v1/backup-archives",
  previewLinks: "studio/v1/preview-links",
  bookingReferences: "studio/v1/booking-references",
  personHashes: "studio/v1/person-hashes",
  playbackLinks: "studio/v1/playback-links",
  reviewDownloads: "studio/v1/review-downloads",
  reviewCookies: "studio/v1/review-cookies",
};

export function deriveKeys(secret: string): DerivedKeys {
  const derive = (label: string) =>
    Buffer.from(hkdfSync("sha256", secret, "", label, 32)).toString("base64url");
  return {
    sessions: derive(LABELS.sessions),
    storageLinks: derive(LABELS.storageLinks),
    flash: derive(LABELS.flash),
    controlSocket: derive(LABELS.controlSocket),
    backupLinks: derive(LABELS.backupLinks),
    backupArchives: derive(LABELS.backupArchives),
    previewLinks: derive(LABELS.previewLinks),
    bookingReferences: derive(LABELS.bookingReferences),
    personHashes: derive(LABELS.personHashes),
    playbackLinks: derive(LABELS.playbackLinks),
    reviewDownloads: derive(LABELS.reviewDownloads),
    reviewCookies: derive(LABELS.reviewCookies),
  };
}
