import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { getImageVariant, type ImageVariantOptions } from "@server/content/images";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasVariants, openGraphImage, variantSrcSet } from "~/lib/listings/images";

describe("responsive image variants", () => {
  let root: string;
  let options: ImageVariantOptions;
  const uploads = new Map<string, Buffer>();

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "studio-images-"));
    const publicDir = path.join(root, "public");
    await mkdir(path.join(publicDir, "media", "photos"), { recursive: true });
    const photo = await sharp({
      create: { width: 1800, height: 1000, channels: 3, background: "#ff5a1f" },
    })
      .jpeg()
      .toBuffer();
    await writeFile(path.join(publicDir, "media", "photos", "stage.jpg"), photo);
    await writeFile(
      path.join(publicDir, "media", "photos", "frame.svg"),
      '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900"><rect width="1600" height="900" fill="#0b0b0c"/></svg>',
    );
    await writeFile(path.join(publicDir, "media", "photos", "notes.png"), "not an image");
    uploads.set("abc123.png", await sharp(photo).png().toBuffer());
    options = {
      cacheDir: path.join(root, "cache"),
      publicDirs: [path.join(root, "missing-build"), publicDir],
      storage: {
        async get(bucket, key) {
          const bytes = bucket === "portfolio-images" ? uploads.get(key) : undefined;
          return bytes
            ? { stream: Readable.from([bytes]), size: bytes.length, contentType: "image/png" }
            : null;
        },
      },
    };
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("offers AVIF and WebP variants for raster images only", () => {
    expect(hasVariants("/media/photos/stage.jpg")).toBe(true);
    expect(hasVariants("/files/portfolio-images/abc123.png")).toBe(true);
    expect(hasVariants("/media/blog/post.svg")).toBe(false);
    expect(hasVariants("https://elsewhere.example/a.jpg")).toBe(false);
    expect(hasVariants("/files/job-applications/resume.png")).toBe(false);
    expect(hasVariants("/media/../secret.jpg")).toBe(false);
    expect(variantSrcSet("/media/photos/stage.jpg", "avif")).toBe(
      "/img/avif/480/media/photos/stage.jpg 480w, /img/avif/800/media/photos/stage.jpg 800w, " +
        "/img/avif/1200/media/photos/stage.jpg 1200w, /img/avif/1600/media/photos/stage.jpg 1600w",
    );
    expect(openGraphImage("/media/blog/post.svg", "https://studio.test")).toBe(
      "https://studio.test/img/jpeg/1200/media/blog/post.svg",
    );
    expect(openGraphImage("https://cdn.example/x.jpg", "https://studio.test")).toBe(
      "https://cdn.example/x.jpg",
    );
  });

  it("resizes and encodes a public file, then serves it from the disk cache", async () => {
    const request = { format: "avif", width: "800", src: "/media/photos/stage.jpg" };
    const first = await getImageVariant(request, options);
    expect(first.status).toBe("ok");
    if (first.status !== "ok") return;
    expect(first.contentType).toBe("image/avif");
    const meta = await sharp(first.body).metadata();
    expect(meta.format).toBe("heif");
    expect(meta.width).toBe(800);
    const again = await getImageVariant(request, options);
    expect(again.status === "ok" && again.body.equals(first.body)).toBe(true);

    const webp = await getImageVariant({ ...request, format: "webp", width: "480" }, options);
    expect(webp.status === "ok" && (await sharp(webp.body).metadata()).width).toBe(480);
  });

  it("never enlarges, and reads uploads from the public image bucket", async () => {
    const large = await getImageVariant(
      { format: "webp", width: "1600", src: "/files/portfolio-images/abc123.png" },
      options,
    );
    expect(large.status).toBe("ok");
    if (large.status !== "ok") return;
    expect(large.immutable).toBe(true);
    expect((await sharp(large.body).metadata()).width).toBe(1600);
  });

  it("renders an SVG to a JPEG for Open Graph, but no AVIF/WebP of it", async () => {
    const og = await getImageVariant(
      { format: "jpeg", width: "1200", src: "/media/photos/frame.svg" },
      options,
    );
    expect(og.status === "ok" && (await sharp(og.body).metadata()).width).toBe(1200);
    const avif = await getImageVariant(
      { format: "avif", width: "800", src: "/media/photos/frame.svg" },
      options,
    );
    expect(avif.status).toBe("not-found");
  });

  it("refuses unknown formats, widths, sources and non-images", async () => {
    const cases = [
      { format: "gif", width: "800", src: "/media/photos/stage.jpg" },
      { format: "webp", width: "801", src: "/media/photos/stage.jpg" },
      { format: "webp", width: "800", src: "/media/photos/missing.jpg" },
      { format: "webp", width: "800", src: "/media/../../etc/passwd.jpg" },
      { format: "webp", width: "800", src: "/files/job-applications/resume.png" },
      { format: "webp", width: "800", src: "/media/photos/notes.png" },
    ];
    for (const request of cases) {
      expect((await getImageVariant(request, options)).status, request.src).toBe("not-found");
    }
  });
});
