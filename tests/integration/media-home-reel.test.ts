import { auditEvents } from "@server/db/schema";
import { homeReelId } from "@server/media/home-reel";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as mediaAction, loader as mediaLoader } from "~/routes/admin/media";
import { loader as homeLoader } from "~/routes/site/home";
import { callRoute, formOf, postTo, SITE, seededRuntime, toastOf } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { mediaUseFixture } from "../support/media-items";

/**
 * The home reel as a Media library video (issue #44 item 5, decision 0510): an admin chooses a
 * ready one on the Media screen (an editor cannot; a video that is not ready is refused), the
 * home loader then carries its player instead of the reel file, the item is public by that use,
 * and "None" brings the file back and the address goes.
 */

describe.each(testDrivers)("the home reel from the Media library on %s", (driver) => {
  const t = seededRuntime(driver);
  const db = () => t.database.db;
  const { items, publicBase, publicMaster } = mediaUseFixture(t, "Studio reel 2026");

  const choose = async (reelId: string, cookie = t.cookies.admin) => {
    const response = (await postTo(
      t,
      mediaAction,
      "/admin/media",
      formOf({ intent: "home-reel", reelId }),
      {
        cookie,
        headers: { Origin: SITE },
      },
    )) as Response;
    return toastOf(t.runtime, response);
  };
  const home = async () =>
    (await callRoute(homeLoader, t.runtime, "/")) as Awaited<ReturnType<typeof homeLoader>>;

  it("plays the reel file and has no public address until an admin chooses the item", async () => {
    expect((await home()).reelVideo).toBeNull();
    expect((await publicMaster()).status).toBe(404);
  });

  it("refuses an editor, and a video that is not ready, changing nothing", async () => {
    expect(await choose(items.id, t.cookies.editor)).toBe(
      "Error: Only an admin can choose the home page reel.",
    );
    expect(await choose(items.uploadingId)).toBe("Error: Choose a video from the Media library");
    expect(await choose("reel.mp4")).toBe("Error: Choose a video from the Media library");
    expect(await homeReelId(db())).toBeNull();
  });

  it("once chosen, the home page plays it, it is public, the Media screen says so; None undoes it", async () => {
    expect(await choose(items.id)).toBe("Success: The home page reel is saved.");
    expect(await homeReelId(db())).toBe(items.id);
    const base = publicBase();
    expect((await home()).reelVideo).toMatchObject({
      master: `${base}master.m3u8`,
      poster: { jpeg: `${base}poster.jpg` },
    });
    expect((await publicMaster()).status).toBe(200);
    const screen = (await callRoute(mediaLoader, t.runtime, "/admin/media", {
      cookie: t.cookies.admin,
    })) as Awaited<ReturnType<typeof mediaLoader>>;
    expect(screen.homeReel?.current).toBe(items.id);
    expect(screen.items.find((item) => item.id === items.id)?.usedOn).toEqual(["the home page"]);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, "home_reel"));
    expect(audit).toHaveLength(1);

    expect(await choose("")).toBe("Success: The home page reel is saved.");
    expect((await home()).reelVideo).toBeNull();
    expect((await publicMaster()).status).toBe(404);
  });
});
