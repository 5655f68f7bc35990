import type { AuditActor } from "@server/audit/log";
import { cachedRead } from "@server/content/cache";
import { contentChanged } from "@server/content/changes";
import type { Executor } from "@server/db/client";
import { HOME_REEL_SETTING, publicVideos } from "@server/media/playback";
import { changeSetting, readSetting } from "@server/staff/settings";
import type { PublicVideo } from "~/entities/media/view";

/**
 * The home page's reel as a Media library video (issue #44 item 5, decision 0510): one row of
 * `settings` (`home_reel`, the item's id as a JSON string). A missing row, or an item that is not
 * ready, leaves the reel file of public/ playing. The chosen item is public by that use
 * (publicVersionOf reads the same row).
 */

/** The chosen item's id, or null (the file in public/ plays). */
export async function homeReelId(db: Executor): Promise<string | null> {
  const value = await readSetting(db, HOME_REEL_SETTING);
  return typeof value === "string" ? value : null;
}

/** The home page's player, when a ready item is chosen (through the content cache). */
export async function homeReelVideo(db: Executor): Promise<PublicVideo | null> {
  const id = await cachedRead(db, "media:home-reel", () => homeReelId(db));
  if (!id) return null;
  return (await publicVideos(db, [id])).get(id) ?? null;
}

/**
 * Chooses the reel (null: back to the file), with its audit row in the same transaction; the
 * caller checked that the item is ready. False when nothing changed.
 */
export function setHomeReel(db: Executor, actor: AuditActor, id: string | null): Promise<boolean> {
  return changeSetting(
    db,
    actor,
    { name: HOME_REEL_SETTING, label: "Home reel", read: homeReelId },
    id,
    (tx, before) =>
      contentChanged(tx, { entity: "media", id: id ?? before ?? "", action: "updated" }),
  );
}
