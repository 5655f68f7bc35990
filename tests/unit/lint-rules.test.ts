import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The project's Biome configuration refuses import cycles, type-only imports included (issue #12:
 * one direction between modules). Two modules that import each other are written into the tree
 * and linted with the project's own configuration.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/unit/.cycle-fixture");
const biome = path.join(ROOT, "node_modules/.bin/biome");

function lint(files: Record<string, string>) {
  rmSync(FIXTURE, { recursive: true, force: true });
  mkdirSync(FIXTURE, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(FIXTURE, name), text);
  return spawnSync(biome, ["lint", "--colors=off", FIXTURE], { cwd: ROOT, encoding: "utf8" });
}

afterAll(() => rmSync(FIXTURE, { recursive: true, force: true }));

describe("lint", () => {
  it("fails on an import cycle made of type imports", () => {
    const result = lint({
      "a.ts": 'import type { B } from "./b";\nexport interface A {\n  b?: B;\n}\n',
      "b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
    });
    expect(result.status).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain("noImportCycles");
  });

  it("passes the same modules without the cycle", () => {
    const result = lint({
      "a.ts": "export interface A {\n  name: string;\n}\n",
      "b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
    });
    expect(`${result.stdout}${result.stderr}`).not.toContain("noImportCycles");
    expect(result.status).toBe(0);
  });
});
