import { uploads } from "@server/db/schema";
import { readForm } from "@server/http/form-data";
import { FORM_LIMITS } from "@server/route-kit/forms";
import { claimImages, resolveImageUrl, uploadedImageKey } from "@server/uploads/images";
import { UploadRejectedError } from "@server/uploads/store";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as imageUploadAction } from "~/routes/admin/image-upload";
import { callRoute, createTestRuntime, SITE, type TestRuntime } from "../support/admin-runtime";
import { testDrivers } from "../support/database";
import { pngBytes, storedObject } from "../support/files";

const post = (body: FormData, init: { cookie?: string; origin?: string } = {}) => ({
  method: "POST",
  body,
  cookie: init.cookie,
  headers: { Origin: init.origin ?? SITE },
});

describe.each(testDrivers)("editor images on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
  });
  afterAll(() => t?.close());

  const uploadVia = (file: File, init: { cookie?: string; origin?: string } = {}) => {
    const body = new FormData();
    body.append("file", file);
    return callRoute(
      imageUploadAction,
      t.runtime,
      "/admin/uploads/image",
      post(body, init),
    ) as Promise<Response>;
  };

  it("stores an uploaded image in portfolio-images under a random key keeping the extension", async () => {
    const response = await uploadVia(
      new File([await pngBytes()], "My Photo.PNG", { type: "image/png" }),
      { cookie: t.cookies.admin },
    );
    expect(response.status).toBe(201);
    const { url } = (await response.json()) as { url: string };
    expect(url).toMatch(/^\/files\/portfolio-images\/images\/\d+_[0-9a-f]{16}\.png$/);
    const key = uploadedImageKey(url) ?? "";
    expect(await storedObject(t.runtime.storage, "portfolio-images", key)).not.toBeNull();
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.key, key));
    expect(row).toMatchObject({
      bucket: "portfolio-images",
      originalName: "My Photo.PNG",
      ownerTable: null,
    });
  });

  it("refuses a non-image renamed .png, and stores nothing", async () => {
    const before = await t.database.db.select().from(uploads);
    const response = await uploadVia(
      new File([new TextEncoder().encode("%PDF-1.4 not an image")], "cat.png", {
        type: "image/png",
      }),
      { cookie: t.cookies.admin },
    );
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({
      error: "Failed to upload image",
      detail: "Only image files are accepted.",
    });
    expect(await t.database.db.select().from(uploads)).toHaveLength(before.length);
  });

  it("answers 401 signed out, 403 for a non-admin and for a cross-site post", async () => {
    const file = new File([await pngBytes()], "a.png", { type: "image/png" });
    await expect(uploadVia(file)).rejects.toMatchObject({ status: 401 });
    await expect(uploadVia(file, { cookie: t.cookies.viewer })).rejects.toMatchObject({
      status: 403,
    });
    const crossSite = await uploadVia(file, {
      cookie: t.cookies.admin,
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
  });

  it("resolves a field: a posted file wins over the URL, else the trimmed URL or null", async () => {
    const read = async (fields: Record<string, string | File>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      return readForm(new Request(SITE, { method: "POST", body }), FORM_LIMITS.editor);
    };
    const withFile = await read({
      imageUrl: "https://cdn.example/old.jpg",
      imageUrlFile: new File([await pngBytes()], "new.png", { type: "image/png" }),
    });
    expect(await resolveImageUrl(t.runtime, withFile, "imageUrl")).toMatch(
      /^\/files\/portfolio-images\/images\/\d+_[0-9a-f]{16}\.png$/,
    );
    const typed = await read({ imageUrl: "  https://cdn.example/a.jpg " });
    expect(await resolveImageUrl(t.runtime, typed, "imageUrl")).toBe("https://cdn.example/a.jpg");
    expect(await resolveImageUrl(t.runtime, await read({ imageUrl: "  " }), "imageUrl")).toBeNull();
    const bad = await read({
      imageUrlFile: new File([new TextEncoder().encode("#!/bin/sh")], "x.png", {
        type: "image/png",
      }),
    });
    await expect(resolveImageUrl(t.runtime, bad, "imageUrl")).rejects.toBeInstanceOf(
      UploadRejectedError,
    );
  });

  it("claims the files a row uses and releases the ones it stopped using", async () => {
    const upload = async () => {
      const response = await uploadVia(new File([await pngBytes()], "a.png"), {
        cookie: t.cookies.admin,
      });
      return ((await response.json()) as { url: string }).url;
    };
    const [first, second] = [await upload(), await upload()];
    const ownerOf = async (url: string) =>
      (
        await t.database.db
          .select({ table: uploads.ownerTable, id: uploads.ownerId })
          .from(uploads)
          .where(eq(uploads.key, uploadedImageKey(url) ?? ""))
      )[0];
    const row = { table: "portfolio_items", id: "row-1" };
    await claimImages(t.database.db, row, [first, "https://elsewhere.example/x.png", null]);
    expect(await ownerOf(first)).toEqual({ table: "portfolio_items", id: "row-1" });
    // Replacing the image: the new one is claimed, the old one let go (the sweep removes it).
    await claimImages(t.database.db, row, [second]);
    expect(await ownerOf(second)).toEqual({ table: "portfolio_items", id: "row-1" });
    expect(await ownerOf(first)).toEqual({ table: null, id: null });
    // Another row cannot take a file that already has an owner.
    await claimImages(t.database.db, { table: "team_members", id: "row-2" }, [second]);
    expect(await ownerOf(second)).toEqual({ table: "portfolio_items", id: "row-1" });
  });

  it("recognises uploaded keys in local and S3 URLs only", () => {
    expect(
      uploadedImageKey("/files/portfolio-images/images/1700000000000_ab12cd34ef56ab78.jpg"),
    ).toBe("images/1700000000000_ab12cd34ef56ab78.jpg");
    expect(
      uploadedImageKey("https://s3.example/portfolio-images/images/1700000000000_ab12.webp?x=1"),
    ).toBe("images/1700000000000_ab12.webp");
    expect(uploadedImageKey("/media/portfolio/reel.svg")).toBeNull();
    expect(uploadedImageKey(null)).toBeNull();
  });
});
