import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import { compressResponses } from "@server/http/compression";
import compression from "compression";
import express, { type RequestHandler } from "express";
import { afterEach, describe, expect, it } from "vitest";

/**
 * A large page under back-pressure, written as React Router writes a page (waiting for each drain
 * with `once` and `off`), through the app's compression: the stream keeps one drain listener, not
 * one per wait. `compression` alone shows the leak the app's handlers mend (expressjs/compression
 * #135): if an update of it mends it, the second case fails and the mend can go.
 */

// Incompressible bytes, so gzip's buffer fills and the writer waits for drains again and again.
const PAGE = randomBytes(4 * 1024 * 1024);

let server: Server | null = null;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

/** Serves PAGE in 64 KiB chunks through `handlers`; the drain warnings while it goes out. */
async function servePage(handlers: RequestHandler[]) {
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => {
    if (warning.name === "MaxListenersExceededWarning" && /drain/.test(warning.message)) {
      warnings.push(warning);
    }
  };
  process.on("warning", onWarning);
  try {
    const app = express();
    app.use(handlers);
    app.get("/", async (_req, res) => {
      res.setHeader("Content-Type", "text/html; charset=utf-8");
      let offset = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (offset >= PAGE.length) return controller.close();
          controller.enqueue(PAGE.subarray(offset, offset + 64 * 1024));
          offset += 64 * 1024;
        },
      });
      await writeReadableStreamToWritable(body, res);
    });
    const listening = await new Promise<Server>((resolve) => {
      const started = app.listen(0, "127.0.0.1", () => resolve(started));
    });
    server = listening;
    const { port } = listening.address() as AddressInfo;
    // fetch asks for gzip and decodes it: the body is the page as sent before compression.
    const answer = await fetch(`http://127.0.0.1:${port}/`, {
      headers: { "Accept-Encoding": "gzip" },
    });
    const body = Buffer.from(await answer.arrayBuffer());
    // A warning is emitted on the next tick after the listener that crossed the limit.
    await new Promise((resolve) => setImmediate(resolve));
    return { encoding: answer.headers.get("content-encoding"), body, warnings };
  } finally {
    process.off("warning", onWarning);
  }
}

describe("compressed responses", () => {
  it("send a large page under back-pressure whole, with no pile of drain listeners", async () => {
    const { encoding, body, warnings } = await servePage(compressResponses());
    expect(encoding).toBe("gzip");
    expect(body.equals(PAGE)).toBe(true);
    expect(warnings).toEqual([]);
  });

  it("(compression alone still leaves one drain listener per wait on its stream)", async () => {
    const { body, warnings } = await servePage([compression()]);
    expect(body.equals(PAGE)).toBe(true);
    expect(warnings.length).toBeGreaterThan(0);
  });
});
