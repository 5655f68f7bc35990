import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ROOT } from "./admin-server";

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The last non-empty line of stdout (the backup command prints the archive's path there). */
  lastLine: string;
}

const TSX = path.join(ROOT, "node_modules/tsx/dist/cli.mjs");
const scripts = (
  JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts;

/**
 * Runs the command of `npm run NAME -- ARGS` (a `tsx scripts/…` script of package.json) in the
 * project, as an operator would, with `env` added to the test process's environment. Without npm
 * itself, so stderr holds only what the script writes. Bounded: killed after `timeoutMs`.
 */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<ScriptRun> {
  const [runner, ...scriptArgs] = scripts[name]?.split(" ") ?? [];
  if (runner !== "tsx") throw new Error(`npm run ${name} is not a tsx script`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TSX, ...scriptArgs, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      const lines = stdout.split("\n").filter((line) => line.trim());
      resolve({ code, stdout, stderr, lastLine: lines.at(-1)?.trim() ?? "" });
    });
  });
}
