import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ConfigError } from "@server/config";
import { deriveKeys } from "@server/keys";
import { loadOrCreateSecret } from "@server/secret";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

describe("the auth secret file", () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), "auth-secret-"));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it("is generated once (mode 0600) and read back on the next start", async () => {
    const secret = await loadOrCreateSecret(dataDir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, "auth-secret");
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadOrCreateSecret(dataDir)).toBe(secret);
    expect((await readFile(file, "utf8")).trim()).toBe(secret);
  });

  it("stops with a clear configuration error when the file is short or empty", async () => {
    const file = path.join(dataDir, "auth-secret");
    for (const content of ["too-short\n", "", "   \n"]) {
      await writeFile(file, content);
      const error = await loadOrCreateSecret(dataDir).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(file);
      expect((error as Error).message).toMatch(/shorter than 32 characters/);
      expect((error as Error).message).toMatch(/Delete the file .* or set AUTH_SECRET/);
      // Never replaced behind the operator's back.
      expect(await readFile(file, "utf8")).toBe(content);
    }
  }, 5_000);
});

describe("keys derived from the secret", () => {
  it("are distinct per use, stable for one secret, and none is the secret itself", () => {
    const secret = "a-root-secret-of-thirty-two-characters!!";
    const keys = deriveKeys(secret);
    const values = Object.values(keys);
    expect(new Set([...values, secret]).size).toBe(values.length + 1);
    expect(deriveKeys(secret)).toEqual(keys);
    expect(deriveKeys(`${secret}x`).sessions).not.toBe(keys.sessions);
  });
});
