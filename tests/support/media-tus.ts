import { createHash } from "node:crypto";
import { createMediaLibrary, mediaUploadSweepJob } from "@server/media";
import { expect } from "vitest";
import { action as tusAction, loader as tusLoader } from "~/routes/admin/media-uploads";
import { callRoute, type TestRuntime } from "./admin-runtime";

/**
 * A tus client of the Media library's upload route (issue #44), calling its loader and action as
 * React Router would, with the admin's session unless told otherwise.
 */

export const MEDIA_UPLOADS = "/admin/media/uploads";

const metadata = (name: string) => `filename ${Buffer.from(name).toString("base64")}`;

export function mediaTus(t: () => TestRuntime) {
  function tus(
    method: "POST" | "HEAD" | "PATCH" | "DELETE",
    url: string,
    init: {
      headers?: Record<string, string>;
      body?: Uint8Array | ReadableStream<Uint8Array>;
      cookie?: string;
    } = {},
  ): Promise<Response> {
    const id = url.slice(MEDIA_UPLOADS.length + 1);
    return callRoute(method === "HEAD" ? tusLoader : tusAction, t().runtime, url, {
      method,
      cookie: init.cookie ?? t().cookies.admin,
      headers: { "Tus-Resumable": "1.0.0", ...init.headers },
      // A copy in an ArrayBuffer of its own: what a Request's body takes (a Buffer may share one).
      body: init.body instanceof Uint8Array ? new Uint8Array(init.body) : init.body,
      ...(init.body instanceof ReadableStream ? { duplex: "half" } : {}),
      params: id ? { id } : {},
    }) as Promise<Response>;
  }

  /** POST: the answer to making an upload of `name`, `length` bytes long. */
  const start = (name: string, length: number, cookie?: string) =>
    tus("POST", MEDIA_UPLOADS, {
      headers: { "Upload-Length": String(length), "Upload-Metadata": metadata(name) },
      cookie,
    });

  /** An upload made: its URL. */
  async function create(name: string, length: number): Promise<string> {
    const response = await start(name, length);
    expect(response.status).toBe(201);
    const location = response.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/media\/uploads\/[A-Za-z0-9_-]+$/);
    return location;
  }

  /** PATCH from `offset`, with the body's length (a stream's as declared, as clients send it). */
  const patch = (
    url: string,
    offset: number,
    body: Uint8Array | ReadableStream<Uint8Array>,
    length = body instanceof Uint8Array ? body.byteLength : undefined,
  ) =>
    tus("PATCH", url, {
      headers: {
        "Upload-Offset": String(offset),
        "Content-Type": "application/offset+octet-stream",
        ...(length === undefined ? {} : { "Content-Length": String(length) }),
      },
      body,
    });

  /**
   * The server restarts (a new upload endpoint, nothing of the old one's memory), and the upload
   * of `file` at `url` goes on from the offset it reports, which must be `expected`: a byte past
   * the declared length is refused (413), the rest finishes it (204).
   */
  async function resumeAfterRestart(url: string, file: Buffer, expected: number) {
    const runtime = t().runtime;
    runtime.media = createMediaLibrary(runtime.config, () => runtime);
    const head = await tus("HEAD", url);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBe(expected);
    expect(head.headers.get("upload-length")).toBe(String(file.byteLength));
    const over = await patch(url, offset, Buffer.concat([file.subarray(offset), Buffer.from("x")]));
    expect(over.status).toBe(413);
    const done = await patch(url, offset, file.subarray(offset));
    expect(done.status).toBe(204);
  }

  /** The SHA-256 of the master stored at `key`, read back from storage. */
  async function storedMasterHash(key: string): Promise<string> {
    const stored = await t().runtime.storage.get("media-masters", key);
    if (!stored) throw new Error(`no master at ${key}`);
    const hash = createHash("sha256");
    for await (const chunk of stored.stream) hash.update(chunk as Buffer);
    return hash.digest("hex");
  }

  /**
   * An upload of `name` started with its first 1,000 bytes and left (`file` is longer); the
   * hourly sweep's job run now (it keeps an upload of no age), then the sweep as it runs `days`
   * later: what it gave up, and tus's answer to the upload before and after.
   */
  async function abandonAndSweep(name: string, file: Buffer, days: number) {
    const url = await create(name, file.byteLength);
    expect((await patch(url, 0, file.subarray(0, 1000))).status).toBe(204);
    const { jobs, media } = t().runtime;
    await jobs.send(mediaUploadSweepJob, {});
    expect(await jobs.runDue(mediaUploadSweepJob)).toEqual({ completed: 1, failed: 0 });
    const kept = (await tus("HEAD", url)).status;
    const swept = await media.uploads.sweepExpired(new Date(Date.now() + days * 86_400_000));
    return { kept, swept, after: (await tus("HEAD", url)).status };
  }

  return { tus, start, create, patch, resumeAfterRestart, storedMasterHash, abandonAndSweep };
}

/**
 * A request body that sends `bytes` and then fails, as a connection dropped part-way does. It
 * fails only once its bytes are taken (`taken`, when given, waits for them to be written too).
 */
export function droppedAfter(bytes: Uint8Array, taken?: () => Promise<unknown>) {
  let pulls = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (pulls++ === 0) {
        controller.enqueue(bytes);
        return;
      }
      await taken?.();
      controller.error(new Error("connection dropped"));
    },
  });
}
