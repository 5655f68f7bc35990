import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { loadConfig } from "@server/config";
import { runtimeContext } from "@server/context";
import type { Runtime } from "@server/runtime";
import {
  contentDispositionFor,
  createStorage,
  InvalidStorageKeyError,
  type ListedObject,
  PrivateBucketError,
  type StorageDriver,
  type UploadBucket,
} from "@server/storage";
import { RouterContextProvider } from "react-router";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/resources/files";
import { startS3Peer } from "../support/s3rver";

const SECRET = "a-test-secret-of-more-than-32-characters";

// Every driver reads this clock; tests shift it to sign in the past or read in the future.
let clockOffsetMs = 0;
const now = () => Date.now() + clockOffsetMs;

interface Harness {
  storage: StorageDriver;
  /** Fetches a URL made by the driver: through the files route (local) or over HTTP (S3). */
  fetchUrl(url: string): Promise<Response>;
  close(): Promise<void>;
}

async function startLocal(): Promise<Harness> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "storage-local-"));
  const config = loadConfig({ DATA_DIR: dataDir, STORAGE_DRIVER: "local" });
  const storage = createStorage(config, { secret: SECRET, now });
  return {
    storage,
    fetchUrl: (url) => callFilesRoute(storage, url),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function startS3(): Promise<Harness> {
  const peer = await startS3Peer("storage");
  const config = loadConfig({
    DATA_DIR: os.tmpdir(),
    STORAGE_DRIVER: "s3",
    ...peer.env,
    S3_BUCKET_PREFIX: "test-",
  });
  const storage = createStorage(config, { secret: SECRET, now });
  if (storage.kind !== "s3") throw new Error("expected the S3 driver");
  await storage.ensureBuckets();
  // A restart finds the buckets already there.
  await storage.ensureBuckets();
  return {
    storage,
    fetchUrl: (url) => fetch(url),
    close: () => peer.close(),
  };
}

async function callFilesRoute(
  storage: StorageDriver,
  url: string,
  method = "GET",
): Promise<Response> {
  const request = new Request(new URL(url, "http://localhost"), { method });
  const match = /^\/files\/([^/]+)\/(.*)$/.exec(new URL(request.url).pathname);
  const context = new RouterContextProvider();
  context.set(runtimeContext, { storage } as unknown as Runtime);
  return loader({ params: { bucket: match?.[1], "*": match?.[2] }, request, context });
}

const newKey = (extension: string) =>
  `tests/${Date.now()}_${randomBytes(4).toString("hex")}.${extension}`;

afterEach(() => {
  clockOffsetMs = 0;
});

describe.each([
  { name: "local", start: startLocal },
  { name: "s3", start: startS3 },
])("storage contract: $name driver", ({ start }) => {
  let harness: Harness;
  let storage: StorageDriver;
  beforeAll(async () => {
    harness = await start();
    storage = harness.storage;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("stores bytes and reads them back with their type and size", async () => {
    const key = newKey("pdf");
    const bytes = randomBytes(3000);
    await expect(
      storage.put("job-applications", key, bytes, { contentType: "application/pdf" }),
    ).resolves.toEqual({ size: 3000 });

    const file = await storage.get("job-applications", key);
    expect(file).not.toBeNull();
    expect(file?.contentType).toBe("application/pdf");
    expect(file?.size).toBe(3000);
    expect(await readBytes(file?.stream)).toEqual(bytes);
  });

  it("stores a stream", async () => {
    const key = newKey("txt");
    const chunks = [Buffer.from("hello "), Buffer.from("streamed "), Buffer.from("world")];
    const result = await storage.put("contact-uploads", key, Readable.from(chunks), {
      contentType: "text/plain; charset=utf-8",
      size: 20,
    });
    expect(result).toEqual({ size: 20 });
    const file = await storage.get("contact-uploads", key);
    expect(file?.contentType).toBe("text/plain; charset=utf-8");
    expect((await readBytes(file?.stream)).toString()).toBe("hello streamed world");
  });

  it("refuses a body whose size differs from the announced one, storing nothing", async () => {
    const key = newKey("txt");
    await expect(
      storage.put("contact-uploads", key, Readable.from([Buffer.from("short")]), {
        contentType: "text/plain",
        size: 99,
      }),
    ).rejects.toThrow(/size mismatch/);
    await expect(storage.get("contact-uploads", key)).resolves.toBeNull();
  });

  it("returns null for a missing file, and after delete", async () => {
    const key = newKey("png");
    await expect(storage.get("portfolio-images", key)).resolves.toBeNull();
    await storage.put("portfolio-images", key, Buffer.from("png"), { contentType: "image/png" });
    await storage.delete("portfolio-images", key);
    await expect(storage.get("portfolio-images", key)).resolves.toBeNull();
  });

  it("deletes a missing file without error", async () => {
    await expect(storage.delete("contact-uploads", newKey("txt"))).resolves.toBeUndefined();
  });

  it("serves public buckets by public URL and refuses one for the private buckets", async () => {
    const key = newKey("png");
    const bytes = randomBytes(512);
    await storage.put("portfolio-images", key, bytes, { contentType: "image/png" });
    const response = await harness.fetchUrl(storage.publicUrl("portfolio-images", key));
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);

    expect(() => storage.publicUrl("job-applications", key)).toThrow(PrivateBucketError);
    expect(() => storage.publicUrl("contact-uploads", key)).toThrow(PrivateBucketError);
  });

  it.each<UploadBucket>(["job-applications", "contact-uploads"])(
    "serves a signed URL of %s until it expires",
    async (bucket) => {
      const key = `private/${Date.now()}_${randomBytes(3).toString("hex")}.pdf`;
      const bytes = randomBytes(1024);
      await storage.put(bucket, key, bytes, { contentType: "application/pdf" });

      const fresh = await storage.signedUrl(bucket, key, { expiresInSeconds: 60 });
      const response = await harness.fetchUrl(fresh);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer())).toEqual(bytes);

      // Signed two minutes ago for one minute: expired now, on whichever clock checks it.
      clockOffsetMs = -120_000;
      const stale = await storage.signedUrl(bucket, key, { expiresInSeconds: 60 });
      clockOffsetMs = 0;
      const refused = await harness.fetchUrl(stale);
      expect(refused.status).toBe(403);
      await refused.arrayBuffer();
    },
  );

  it("serves a signed link with the disposition it was signed with (decision 0312)", async () => {
    const key = newKey("pdf");
    await storage.put("job-applications", key, Buffer.from("%PDF-1.7 cv"), {
      contentType: "application/pdf",
    });
    const inline = contentDispositionFor("job-applications", key, "application/pdf", "CV Zoë.pdf");
    expect(inline).toBe(`inline; filename="CV Zo_.pdf"; filename*=UTF-8''CV%20Zo%C3%AB.pdf`);
    const url = await storage.signedUrl("job-applications", key, {
      expiresInSeconds: 60,
      contentDisposition: inline,
    });
    const response = await harness.fetchUrl(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(inline);
    expect(await response.text()).toBe("%PDF-1.7 cv");

    // The disposition is signed: a link that asks for another one is refused. (S3 signs every
    // query parameter of a presigned URL; the test peer does not check them, so local only.)
    if (storage.kind === "local") {
      const changed = new URL(url, "http://localhost");
      changed.searchParams.set("disposition", 'attachment; filename="other.pdf"');
      const refused = await harness.fetchUrl(`${changed.pathname}${changed.search}`);
      expect(refused.status).toBe(403);
      await refused.arrayBuffer();
    }
  });

  it("refuses an expiry outside 1 second to 7 days", async () => {
    for (const expiresInSeconds of [0, -1, 1.5, 8 * 24 * 3600]) {
      await expect(
        storage.signedUrl("job-applications", "a.pdf", { expiresInSeconds }),
      ).rejects.toThrow(RangeError);
    }
  });

  it("lists every complete file of a bucket with its size, and only that bucket's", async () => {
    const prefix = `listing-${randomBytes(4).toString("hex")}`;
    const keys = [`${prefix}/a.txt`, `${prefix}/nested/deeper/b.txt`, `${prefix}/c.txt`];
    for (const [index, key] of keys.entries()) {
      await storage.put("contact-uploads", key, Buffer.alloc(index + 1, 120), {
        contentType: "text/plain",
      });
    }
    await storage.put("portfolio-images", `${prefix}/other.png`, Buffer.from("png"), {
      contentType: "image/png",
    });
    await storage.delete("contact-uploads", keys[2] as string);
    const listed = await listAll(storage, "contact-uploads");
    expect(listed.filter((item) => item.key.startsWith(prefix))).toEqual([
      { key: keys[0], size: 1 },
      { key: keys[1], size: 2 },
    ]);
    expect((await listAll(storage, "portfolio-images")).map((item) => item.key)).toContain(
      `${prefix}/other.png`,
    );
    expect((await listAll(storage, "job-applications")).map((item) => item.key)).not.toContain(
      keys[0],
    );
  });

  it("lists more files than one page of a listing holds", async () => {
    const prefix = `many-${randomBytes(4).toString("hex")}`;
    const count = 1005;
    // A few at a time: s3rver serves one request after another anyway.
    for (let start = 0; start < count; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, count - start) }, (_, offset) =>
          storage.put("portfolio-images", `${prefix}/${start + offset}.png`, Buffer.from("x"), {
            contentType: "image/png",
          }),
        ),
      );
    }
    const listed = (await listAll(storage, "portfolio-images")).filter((item) =>
      item.key.startsWith(prefix),
    );
    expect(listed).toHaveLength(count);
    expect(new Set(listed.map((item) => item.key)).size).toBe(count);
  }, 120_000);

  it("rejects keys it did not generate", async () => {
    const invalid = [
      "../x",
      "/abs",
      "a//b",
      "a/../b",
      "",
      "a/",
      ".hidden",
      "a/./b",
      "with space.txt",
      "back\\slash",
      "percent%2F.txt",
      "x".repeat(201),
    ];
    for (const key of invalid) {
      const body = Buffer.from("x");
      await expect(
        storage.put("contact-uploads", key, body, { contentType: "text/plain" }),
      ).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.get("contact-uploads", key)).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.delete("contact-uploads", key)).rejects.toThrow(InvalidStorageKeyError);
      expect(() => storage.publicUrl("contact-uploads", key)).toThrow(InvalidStorageKeyError);
      await expect(
        storage.signedUrl("job-applications", key, { expiresInSeconds: 60 }),
      ).rejects.toThrow(InvalidStorageKeyError);
    }
  });

  it("rejects a content type that could not be served back as a header", async () => {
    await expect(
      storage.put("contact-uploads", newKey("txt"), Buffer.from("x"), {
        contentType: "text/html\r\nSet-Cookie: a=b",
      }),
    ).rejects.toThrow(/content type/);
  });
});

describe("files route on the local driver", () => {
  let harness: Harness;
  let storage: StorageDriver;
  const resume = "resumes/1700000000000_ab12cd.pdf";
  const image = "1700000000000_photo.png";
  beforeAll(async () => {
    harness = await startLocal();
    storage = harness.storage;
    await storage.put("job-applications", resume, Buffer.from("%PDF-1.7 resume"), {
      contentType: "application/pdf",
    });
    await storage.put("portfolio-images", image, Buffer.from("png bytes"), {
      contentType: "image/png",
    });
    await storage.put("contact-uploads", "brief.txt", Buffer.from("brief"), {
      contentType: "text/plain",
    });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("serves a public image inline, cached for good and never sniffed", async () => {
    const response = await callFilesRoute(storage, `/files/portfolio-images/${image}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
    expect(response.headers.get("Content-Length")).toBe("9");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toMatch(/^inline/);
    expect(await response.text()).toBe("png bytes");
  });

  it("answers 404 at the old public path of an attachment; its signed link serves it uncached", async () => {
    const unsigned = await callFilesRoute(storage, "/files/contact-uploads/brief.txt");
    expect(unsigned.status).toBe(404);
    expect(unsigned.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await unsigned.text()).toBe("Not found.");

    const url = await storage.signedUrl("contact-uploads", "brief.txt", { expiresInSeconds: 60 });
    const response = await callFilesRoute(storage, url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="brief.txt"');
    expect(await response.text()).toBe("brief");
  });

  it("refuses an attachment's link once expired or tampered with", async () => {
    const url = await storage.signedUrl("contact-uploads", "brief.txt", { expiresInSeconds: 60 });
    const tampered = url.replace(/signature=(.)/, (_, first: string) =>
      first === "0" ? "signature=1" : "signature=0",
    );
    expect((await callFilesRoute(storage, tampered)).status).toBe(403);
    clockOffsetMs = 60_000;
    const expired = await callFilesRoute(storage, url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toBe("This link has expired or is invalid.");
  });

  it("answers HEAD with the headers only", async () => {
    const response = await callFilesRoute(storage, `/files/portfolio-images/${image}`, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Length")).toBe("9");
    expect(response.body).toBeNull();
  });

  it("answers 404 for a private file without a signature, 403 for a bad one", async () => {
    const response = await callFilesRoute(storage, `/files/job-applications/${resume}`);
    expect(response.status).toBe(404);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const forged = await callFilesRoute(
      storage,
      `/files/job-applications/${resume}?expires=9999999999&signature=${"0".repeat(64)}`,
    );
    expect(forged.status).toBe(403);
    expect(await forged.text()).toBe("This link has expired or is invalid.");
  });

  it("serves a private file with a valid signature, uncached", async () => {
    const url = await storage.signedUrl("job-applications", resume, { expiresInSeconds: 60 });
    const response = await callFilesRoute(storage, url);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // A resume's PDF shows in the browser (the application page frames it), framed by this site only.
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toBe(
      'inline; filename="1700000000000_ab12cd.pdf"',
    );
    expect(response.headers.get("X-Frame-Options")).toBe("SAMEORIGIN");
    expect(response.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'self'");
    expect(await response.text()).toBe("%PDF-1.7 resume");
    // Any other type of the resume bucket, and a PDF of any other private bucket, downloads.
    await storage.put("job-applications", "resumes/1_cv.docx", Buffer.from("PK docx"), {
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    await storage.put("contact-uploads", "brief.pdf", Buffer.from("%PDF-1.7 brief"), {
      contentType: "application/pdf",
    });
    for (const [bucket, key] of [
      ["job-applications", "resumes/1_cv.docx"],
      ["contact-uploads", "brief.pdf"],
    ] as const) {
      const file = await callFilesRoute(
        storage,
        await storage.signedUrl(bucket, key, { expiresInSeconds: 60 }),
      );
      expect(file.status).toBe(200);
      expect(file.headers.get("Content-Disposition")).toMatch(/^attachment; filename="/);
      await file.arrayBuffer();
    }
  });

  it("refuses a signed link once expired", async () => {
    const url = await storage.signedUrl("job-applications", resume, { expiresInSeconds: 60 });
    clockOffsetMs = 59_000;
    expect((await callFilesRoute(storage, url)).status).toBe(200);
    clockOffsetMs = 61_000;
    const response = await callFilesRoute(storage, url);
    expect(response.status).toBe(403);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("refuses a signature made for another file or another expiry", async () => {
    const other = "resumes/1700000000001_ffffff.pdf";
    await storage.put("job-applications", other, Buffer.from("other"), {
      contentType: "application/pdf",
    });
    const signed = new URL(
      await storage.signedUrl("job-applications", other, { expiresInSeconds: 60 }),
      "http://localhost",
    );
    const swapped = `/files/job-applications/${resume}${signed.search}`;
    expect((await callFilesRoute(storage, swapped)).status).toBe(403);

    const extended = new URL(signed);
    extended.searchParams.set("expires", String(Number(signed.searchParams.get("expires")) + 3600));
    const extendedResponse = await callFilesRoute(
      storage,
      `${extended.pathname}${extended.search}`,
    );
    expect(extendedResponse.status).toBe(403);

    const truncated = `${signed.pathname}?expires=${signed.searchParams.get("expires")}&signature=abc`;
    expect((await callFilesRoute(storage, truncated)).status).toBe(403);
  });

  it("answers 404 for an unknown bucket, an invalid key or a missing file", async () => {
    expect((await callFilesRoute(storage, `/files/secrets/${image}`)).status).toBe(404);
    const context = new RouterContextProvider();
    context.set(runtimeContext, { storage } as unknown as Runtime);
    const traversal = await loader({
      params: { bucket: "portfolio-images", "*": "../job-applications/x.pdf" },
      request: new Request("http://localhost/files/portfolio-images/x"),
      context,
    });
    expect(traversal.status).toBe(404);
    expect((await callFilesRoute(storage, "/files/portfolio-images/missing.png")).status).toBe(404);
  });
});

async function listAll(storage: StorageDriver, bucket: UploadBucket): Promise<ListedObject[]> {
  const listed: ListedObject[] = [];
  for await (const item of storage.list(bucket)) listed.push(item);
  return listed;
}

async function readBytes(stream: Readable | undefined): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
