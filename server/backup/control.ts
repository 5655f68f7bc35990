import { createHash, timingSafeEqual } from "node:crypto";
import { chmod, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type Server } from "node:http";
import path from "node:path";
import type { Runtime } from "@server/runtime";
import { BackupFailedError, runBackup } from "./run";
import { BackupAlreadyRunningError } from "./runs";

/**
 * The embedded server's control socket (decision 0245): `DATA_DIR/control.sock`, mode 0600, so
 * `npm run backup` can have the running server take the dump (PGlite allows one process, and the
 * running one is the only one that can see every acknowledged write). Each request needs
 * `Authorization: Bearer <key>` with the key derived from the secret for this use only.
 * One endpoint: `POST /backup` -> 200 { location, name, size, runId }, or { error } with 409
 * (a run in progress), 500 (the backup failed), 401 (no or wrong key), 404 (anything else).
 */

export const CONTROL_SOCKET_NAME = "control.sock";

export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, CONTROL_SOCKET_NAME);
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

function hasKey(header: string | undefined, key: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? "");
  return Boolean(match?.[1]) && timingSafeEqual(digest(match?.[1] ?? ""), digest(key));
}

export async function startControlSocket(runtime: Runtime): Promise<{ close(): Promise<void> }> {
  const socketPath = controlSocketPath(runtime.config.DATA_DIR);
  const key = runtime.keys.controlSocket;
  const server: Server = createServer((req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
    };
    req.resume();
    if (!hasKey(req.headers.authorization, key)) return answer(401, { error: "Unauthorized." });
    if (req.method !== "POST" || req.url !== "/backup") return answer(404, { error: "Not found." });
    runBackup(runtime.backups.services, { trigger: "cli" }).then(
      (result) => answer(200, result),
      (error: unknown) => {
        if (error instanceof BackupAlreadyRunningError)
          return answer(409, { error: error.message });
        if (error instanceof BackupFailedError) return answer(500, { error: error.message });
        runtime.logger.error({ err: error }, "control socket: backup request failed");
        return answer(500, { error: "The backup failed; see the server's log." });
      },
    );
  });
  // A backup can take longer than Node's default five minutes per request.
  server.requestTimeout = 0;
  // This process holds the DATA_DIR lock, so a socket file there is a dead server's: replace it.
  await rm(socketPath, { force: true });
  // Created unreadable to others from the start (umask), then made 0600 for certain.
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(umask);
  }
  await chmod(socketPath, 0o600);
  server.unref();
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/** Client side (`npm run backup`): asks the server at `socketPath` for a backup. */
export function requestBackup(
  socketPath: string,
  key: string,
): Promise<{ status: number; body: { location?: string; error?: string } }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath,
        method: "POST",
        path: "/backup",
        headers: { Authorization: `Bearer ${key}`, "Content-Length": "0" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: { error: text || "No answer." } });
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}
