import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createReadStream } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { mediaItems } from "@server/db/schema";
import { createJobEngine, type JobEngine } from "@server/jobs/engine";
import { createLogger } from "@server/logger";
import { probedColumns } from "@server/media/library";
import { probeMedia } from "@server/media/probe";
import { queueTranscode, queueWaitingTranscodes } from "@server/media/transcode-job";
import type { StorageDriver } from "@server/storage";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/admin-server";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { ffprobePath, makeClip } from "../support/media-clips";
import { quickRecoveryTranscodeJob, transcodeServices } from "../support/transcode-crash";
import { waitFor } from "../support/wait";

/**
 * Issue #44, "kill -9 during a transcode, restart, and the item ends Ready once": a real worker
 * process transcoding a real master with the real ffmpeg is killed with SIGKILL once the item's
 * progress is in the database; its ffmpeg goes with it; an engine started afterwards (as at a
 * restart, with the start's own re-queueing of waiting items) takes the job once the dead
 * worker's heartbeat is missed, and the item ends Ready with one job, one set of renditions (every
 * stored file one that its playlists, poster and storyboard name, each once) and nothing of the
 * killed attempt on disk. PostgreSQL only: while the worker holds an embedded database no other
 * process can read the progress this waits for.
 */

const WORKER = path.join(ROOT, "tests/support/transcode-worker.ts");
const logger = createLogger("silent");

/** The processes whose command line names `needle` (the killed attempt's ffmpeg, by its work folder). */
async function processesNaming(needle: string): Promise<number[]> {
  const found: number[] = [];
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const line = await readFile(`/proc/${entry}/cmdline`, "utf8").catch(() => "");
    if (line.includes(needle)) found.push(Number(entry));
  }
  return found;
}

/** Every file an item's outputs name: its playlists, their init segments and segments, poster, storyboard. */
async function namedFiles(storage: StorageDriver, id: string): Promise<string[]> {
  const text = async (key: string) => {
    const stored = await storage.get("media-renditions", `${id}/${key}`);
    if (!stored) throw new Error(`missing ${key}`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const uris = (playlist: string) =>
    playlist
      .split("\n")
      .flatMap((line) =>
        line.startsWith("#EXT-X-MAP:")
          ? [/URI="([^"]+)"/.exec(line)?.[1] ?? ""]
          : line && !line.startsWith("#")
            ? [line]
            : [],
      );
  const files = [
    "master.m3u8",
    "poster.jpg",
    "poster.webp",
    "poster.avif",
    "storyboard.jpg",
    "storyboard.vtt",
  ];
  for (const rendition of uris(await text("master.m3u8"))) {
    files.push(rendition);
    const folder = path.posix.dirname(rendition);
    for (const file of uris(await text(rendition))) files.push(`${folder}/${file}`);
  }
  return files.map((file) => `${id}/${file}`).sort();
}

describe.runIf(process.env.TEST_DATABASE_URL)(
  "a transcode killed with kill -9 mid-encode, on PostgreSQL",
  () => {
    it("is taken again after a restart and the item ends Ready once, with one set of renditions", {
      timeout: 240_000,
    }, async () => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), "transcode-crash-"));
      const database: TestDatabase = await createTestDatabase("postgres");
      const services = transcodeServices(dataDir, database);
      const engines: JobEngine[] = [];
      let child: ChildProcess | undefined;
      const engine = async (work: boolean) => {
        const made = createJobEngine({
          database,
          logger,
          types: [quickRecoveryTranscodeJob],
          services: () => services,
          work,
          superviseSeconds: 1,
        });
        engines.push(made);
        await made.start();
        return made;
      };
      try {
        // A 720p master long enough to be mid-encode for a while on two shared cores.
        const file = await makeClip(dataDir, "source.mp4", {
          width: 1280,
          height: 720,
          seconds: 20,
        });
        const probe = await probeMedia(file, { ffprobePath });
        const [item] = await database.db
          .insert(mediaItems)
          .values({
            ...probedColumns(probe),
            title: "Crash reel",
            originalName: "source.mp4",
            state: "queued",
            size: (await stat(file)).size,
          })
          .returning();
        if (!item) throw new Error("no item");
        const masterKey = `${item.id}/master.mp4`;
        await services.storage.put("media-masters", masterKey, createReadStream(file), {
          contentType: "video/mp4",
        });
        const [queued] = await database.db
          .update(mediaItems)
          .set({ masterKey })
          .where(eq(mediaItems.id, item.id))
          .returning();
        if (!queued) throw new Error("no item");
        const sender = await engine(false);
        await queueTranscode(database.db, sender, queued);

        let stderr = "";
        child = spawn(process.execPath, ["--import", "tsx", WORKER], {
          cwd: ROOT,
          env: {
            ...process.env,
            TRANSCODE_DATABASE_URL: database.url,
            TRANSCODE_DATA_DIR: dataDir,
          },
          stdio: ["ignore", "ignore", "pipe"],
        });
        child.stderr?.on("data", (chunk) => {
          stderr += chunk;
        });
        const exited = once(child, "exit");
        const row = async () => {
          const [current] = await database.db
            .select()
            .from(mediaItems)
            .where(eq(mediaItems.id, item.id));
          return current;
        };
        // Mid-encode: ffmpeg's progress is on the row.
        await waitFor(
          async () => {
            if (child?.exitCode !== null) throw new Error(`the worker exited early:\n${stderr}`);
            const current = await row();
            return current?.state === "processing" && (current.progress ?? 0) > 0;
          },
          "the transcode's progress in the database",
          60_000,
        );
        const work = path.join(dataDir, "media", "work", item.id);
        expect(await processesNaming(work)).not.toEqual([]);
        child.kill("SIGKILL");
        const [, signal] = await exited;
        expect(signal).toBe("SIGKILL");
        // Its ffmpeg does not outlive it (it writes its progress to the dead worker's pipe).
        await waitFor(
          async () => (await processesNaming(work)).length === 0,
          "the killed ffmpeg to end",
        );
        expect((await row())?.state).toBe("processing");

        // The restart: a working engine, and the start's re-queueing of waiting items.
        await engine(true);
        await queueWaitingTranscodes(database.db, sender);
        const ready = await waitFor(
          async () => {
            const current = await row();
            if (current?.state === "failed") throw new Error(`failed: ${current.failure}`);
            return current?.state === "ready" ? current : null;
          },
          "the item to be Ready",
          150_000,
        );
        expect(ready.progress).toBe(1);
        // One job for the item: the killed attempt's, retried once, and done.
        const jobs = await waitFor(async () => {
          const found = await sender.boss.findJobs(quickRecoveryTranscodeJob.name);
          return found.every((job) => job.state === "completed") ? found : null;
        }, "the job to complete");
        expect(jobs.map((job) => [job.state, job.retryCount])).toEqual([["completed", 1]]);
        // Another start finds nothing to queue again.
        await queueWaitingTranscodes(database.db, sender);
        expect(await sender.boss.findJobs(quickRecoveryTranscodeJob.name)).toHaveLength(1);
        // One set of renditions: every stored file is named by the outputs, once.
        const stored: string[] = [];
        for await (const { key } of services.storage.list("media-renditions", item.id))
          stored.push(key);
        expect(stored.sort()).toEqual(await namedFiles(services.storage, item.id));
        // Nothing of either attempt is left on disk.
        expect(await readdir(path.join(dataDir, "media", "work"))).toEqual([]);
        expect((await row())?.readyAt).toEqual(ready.readyAt);
      } finally {
        if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
        for (const made of engines.splice(0)) await made.stop();
        await database.destroy();
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  },
);
