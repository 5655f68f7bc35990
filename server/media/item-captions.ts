import { type AuditActor, recordAudit } from "@server/audit/log";
import { mediaItems } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import type { StorageDriver } from "@server/storage";
import { and, eq } from "drizzle-orm";
import { CAPTION_LANGUAGES, type CaptionLanguage, isCaptionLanguage } from "~/entities/media/form";
import type { MediaCaption, MediaOutputs } from "~/entities/media/view";
import {
  itemById,
  type MediaItemRow,
  type MediaServices,
  removeItemFiles,
  renditionKey,
} from "./library";
import { captionsPlaylist, captionsToVtt, masterPlaylist } from "./transcode";

/**
 * An item's captions (issue #44 item 3, decision 0499). What staff upload, as WebVTT, is kept in
 * bucket media-masters under `{id}/captions/{language}.vtt`: backed up with the master, it is the
 * one source of the captions. `publishCaptions` makes the served side from it: in
 * media-renditions `{id}/captions/{language}.vtt` and `.m3u8`, and `master.m3u8` rewritten with
 * the SUBTITLES group. Adding or removing captions calls it, and so does every transcode once its
 * renditions are stored (a Retry, the rebuild after a restore).
 */

const CAPTIONS_FOLDER = "captions";
const VTT = "text/vtt";
const M3U8 = "application/vnd.apple.mpegurl";

/** The uploaded captions of one language, as WebVTT, in bucket media-masters. */
export function captionsMasterKey(id: string, language: CaptionLanguage): string {
  return `${id}/${CAPTIONS_FOLDER}/${language}.vtt`;
}

const served = (language: string, extension: "vtt" | "m3u8") =>
  `${CAPTIONS_FOLDER}/${language}.${extension}`;

async function readText(storage: StorageDriver, key: string): Promise<string | null> {
  const stored = await storage.get("media-masters", key);
  if (!stored) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString("utf8");
}

/** The languages whose captions are kept for item `id`, in the list's order. */
async function keptLanguages(storage: StorageDriver, id: string): Promise<CaptionLanguage[]> {
  const prefix = `${id}/${CAPTIONS_FOLDER}/`;
  const found = new Set<string>();
  for await (const { key } of storage.list("media-masters", `${id}/${CAPTIONS_FOLDER}`)) {
    const language = key.slice(prefix.length).replace(/\.vtt$/, "");
    if (isCaptionLanguage(language)) found.add(language);
  }
  return (Object.keys(CAPTION_LANGUAGES) as CaptionLanguage[]).filter((code) => found.has(code));
}

/**
 * Makes the served captions of item `id` match the kept ones: each language's WebVTT and its
 * playlist in media-renditions, any other language's removed, and the master playlist rewritten
 * over `outputs.renditions` with the SUBTITLES group. Returns what `outputs.captions` holds.
 */
export async function publishCaptions(
  storage: StorageDriver,
  id: string,
  outputs: Pick<MediaOutputs, "master" | "renditions">,
  durationSeconds: number,
): Promise<MediaCaption[]> {
  const captions: MediaCaption[] = [];
  for (const language of await keptLanguages(storage, id)) {
    const text = await readText(storage, captionsMasterKey(id, language));
    if (text === null) continue;
    const caption = {
      language,
      name: CAPTION_LANGUAGES[language],
      vtt: served(language, "vtt"),
      playlist: served(language, "m3u8"),
    };
    const playlist = captionsPlaylist(`${language}.vtt`, durationSeconds);
    await storage.put("media-renditions", renditionKey(id, caption.vtt), Buffer.from(text), {
      contentType: VTT,
    });
    await storage.put(
      "media-renditions",
      renditionKey(id, caption.playlist),
      Buffer.from(playlist),
      {
        contentType: M3U8,
      },
    );
    captions.push(caption);
  }
  const keep = new Set(
    captions.flatMap((c) => [c.vtt, c.playlist].map((f) => renditionKey(id, f))),
  );
  const stale: string[] = [];
  for await (const { key } of storage.list("media-renditions", `${id}/${CAPTIONS_FOLDER}`)) {
    if (!keep.has(key)) stale.push(key);
  }
  for (const key of stale) await storage.delete("media-renditions", key);
  const master = masterPlaylist(outputs.renditions, captions);
  await storage.put("media-renditions", renditionKey(id, outputs.master), Buffer.from(master), {
    contentType: M3U8,
  });
  return captions;
}

/** An uploaded file's text: UTF-8 (with or without its BOM), else Windows-1252 (older SRTs). */
export function captionsText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

export type CaptionsChange =
  | { ok: true; name: string; replaced: boolean }
  | { ok: false; reason: "not-ready" | "gone" };

const namesOf = (captions: MediaCaption[] | undefined) =>
  (captions ?? []).map((caption) => caption.name).join(", ");

/**
 * Records the published captions on a Ready item with the audit row of the change; false when it
 * is no longer Ready (deleted, or being made again, which publishes them itself).
 */
async function recordCaptions(
  services: MediaServices,
  actor: AuditActor,
  row: MediaItemRow & { outputs: MediaOutputs },
  captions: MediaCaption[],
): Promise<boolean> {
  return inTransaction(services.database.db, async (tx) => {
    const [updated] = await tx
      .update(mediaItems)
      .set({ outputs: { ...row.outputs, captions }, updatedAt: new Date() })
      .where(and(eq(mediaItems.id, row.id), eq(mediaItems.state, "ready")))
      .returning({ id: mediaItems.id });
    if (!updated) return false;
    await recordAudit(tx, {
      action: "update",
      actor,
      entityType: "media_item",
      entityId: row.id,
      entityName: row.title,
      changes: { captions: { before: namesOf(row.outputs.captions), after: namesOf(captions) } },
    });
    return true;
  });
}

async function readyItem(services: MediaServices, id: string) {
  const row = await itemById(services.database.db, id);
  if (!row) return { ok: false as const, reason: "gone" as const };
  if (row.state !== "ready" || !row.outputs)
    return { ok: false as const, reason: "not-ready" as const };
  return { ok: true as const, row: row as MediaItemRow & { outputs: MediaOutputs } };
}

/**
 * Adds (or replaces) the captions of one language on a Ready item: `text` is SRT or WebVTT
 * (anything else throws MediaProbeError(NOT_CAPTIONS) before anything is stored). Audited.
 */
export async function addCaptions(
  services: MediaServices,
  actor: AuditActor,
  input: { id: string; language: CaptionLanguage; text: string },
): Promise<CaptionsChange> {
  const vtt = captionsToVtt(input.text);
  const found = await readyItem(services, input.id);
  if (!found.ok) return found;
  const { row } = found;
  const { storage } = services;
  const key = captionsMasterKey(row.id, input.language);
  const replaced = (row.outputs.captions ?? []).some((c) => c.language === input.language);
  await storage.put("media-masters", key, Buffer.from(vtt), { contentType: VTT });
  const captions = await publishCaptions(storage, row.id, row.outputs, row.durationSeconds ?? 0);
  if (!(await recordCaptions(services, actor, row, captions))) {
    // Deleted meanwhile: what was just stored goes with the rest of its files.
    if (!(await itemById(services.database.db, row.id))) await removeItemFiles(storage, row);
    return { ok: false, reason: "gone" };
  }
  return { ok: true, name: CAPTION_LANGUAGES[input.language], replaced };
}

/** Removes the captions of one language from a Ready item (audited). */
export async function removeCaptions(
  services: MediaServices,
  actor: AuditActor,
  input: { id: string; language: CaptionLanguage },
): Promise<CaptionsChange> {
  const found = await readyItem(services, input.id);
  if (!found.ok) return found;
  const { row } = found;
  if (!(row.outputs.captions ?? []).some((c) => c.language === input.language)) {
    return { ok: false, reason: "gone" };
  }
  await services.storage.delete("media-masters", captionsMasterKey(row.id, input.language));
  const captions = await publishCaptions(
    services.storage,
    row.id,
    row.outputs,
    row.durationSeconds ?? 0,
  );
  if (!(await recordCaptions(services, actor, row, captions))) return { ok: false, reason: "gone" };
  return { ok: true, name: CAPTION_LANGUAGES[input.language], replaced: false };
}
