/**
 * Takes one backup (issue #21, decision 0245):   npm run backup
 *
 * Uses the server's configuration. On the embedded database with the server running (it holds
 * DATA_DIR), asks it over DATA_DIR/control.sock: the running server takes the dump itself.
 * Otherwise (server stopped, or DATABASE_URL) opens the database and storage here. Either way the
 * same runBackup does the work. The LAST line of stdout is the archive's path (or
 * s3://bucket/name); on failure a message goes to stderr and the exit code is 1.
 */
import { existsSync } from "node:fs";
import { controlSocketPath, requestBackup } from "@server/backup/control";
import { runBackup } from "@server/backup/run";
import { loadConfig } from "@server/config";
import { deriveKeys } from "@server/keys";
import { createRuntime } from "@server/runtime";
import { loadOrCreateSecret } from "@server/secret";
import { pino } from "pino";

class CliError extends Error {}

async function viaSocket(socketPath: string, secret: string): Promise<string> {
  console.log("The server is running: asking it to take the backup.");
  const { status, body } = await requestBackup(socketPath, deriveKeys(secret).controlSocket);
  if (status !== 200 || !body.location) {
    throw new CliError(body.error ?? `The server answered ${status}.`);
  }
  return body.location;
}

async function main(): Promise<string> {
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    const socketPath = controlSocketPath(config.DATA_DIR);
    if (existsSync(socketPath)) {
      const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(config.DATA_DIR));
      try {
        return await viaSocket(socketPath, secret);
      } catch (error) {
        // A socket file nobody listens on was left by a server that died: open the data here.
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ECONNREFUSED" && code !== "ENOENT") throw error;
      }
    }
  }
  // Logs to stderr: stdout is for the archive's location.
  const logger = pino({ level: "warn", base: undefined }, pino.destination(2));
  const runtime = await createRuntime(
    // A backup changes nothing: no demo content, no admin account on the way.
    { ...config, SEED_DEMO: false, ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined },
    { startWorkers: false, logger },
  );
  try {
    return (await runBackup(runtime.backups.services, { trigger: "cli" })).location;
  } finally {
    await runtime.close();
  }
}

main().then(
  (location) => {
    console.log(location);
    process.exit(0);
  },
  (error: unknown) => {
    // Configuration, a locked DATA_DIR, the server's refusal or a failed run: each says what
    // to do in its message, which is all a person at the command line needs.
    console.error(error instanceof Error ? error.message : `Backup failed: ${error}`);
    process.exit(1);
  },
);
