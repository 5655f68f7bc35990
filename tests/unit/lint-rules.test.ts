import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The project's Biome configuration keeps one direction between modules (issue #12): it refuses
 * import cycles (type-only imports included), `../` imports under app/ and server/ (one import
 * style: the `~/` and `@server/` aliases), and any import of server code from app/lib (browser-safe
 * only; app/entities may take the entities' types from the Drizzle schema). Small modules are written into the tree and linted with the project's own configuration.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURES = ["tests/unit", "app/lib", "app/entities", "server"].map((folder) =>
  path.join(ROOT, folder, ".lint-fixture"),
);
const biome = path.join(ROOT, "node_modules/.bin/biome");

/** Writes the files into a scratch folder of `folder` and lints them; the result and its text. */
function lint(files: Record<string, string>, folder = "tests/unit") {
  const fixture = path.join(ROOT, folder, ".lint-fixture");
  rmSync(fixture, { recursive: true, force: true });
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(fixture, name)), { recursive: true });
    writeFileSync(path.join(fixture, name), text);
  }
  const result = spawnSync(biome, ["lint", "--colors=off", fixture], {
    cwd: ROOT,
    encoding: "utf8",
  });
  rmSync(fixture, { recursive: true, force: true });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const fixture of FIXTURES) rmSync(fixture, { recursive: true, force: true });
});

describe("lint", () => {
  it("fails on an import cycle made of type imports", () => {
    const result = lint({
      "a.ts": 'import type { B } from "./b";\nexport interface A {\n  b?: B;\n}\n',
      "b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
    });
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("noImportCycles");
  });

  it("passes the same modules without the cycle", () => {
    const result = lint({
      "a.ts": "export interface A {\n  name: string;\n}\n",
      "b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
    });
    expect(result.output).not.toContain("noImportCycles");
    expect(result.status).toBe(0);
  });

  it.each(["app/lib", "server"])(
    "fails on a ../ import under %s and passes its alias",
    (folder) => {
      const alias = folder === "server" ? "@server" : "~/lib";
      const climbing = lint(
        {
          "a.ts": "export const a = 1;\n",
          "deep/b.ts": 'import { a } from "../a";\nexport const b = a;\n',
        },
        folder,
      );
      expect(climbing.status).not.toBe(0);
      expect(climbing.output).toContain("noRestrictedImports");
      expect(climbing.output).toContain("through an alias");

      const aliased = lint(
        {
          "a.ts": "export const a = 1;\n",
          "deep/b.ts": `import { a } from "${alias}/.lint-fixture/a";\nexport const b = a;\n`,
        },
        folder,
      );
      expect(aliased.output).not.toContain("noRestrictedImports");
      expect(aliased.status).toBe(0);
    },
  );

  it("fails when app/lib imports server code, even a type", () => {
    const result = lint(
      { "a.ts": 'import type { Config } from "@server/config";\nexport type A = Config;\n' },
      "app/lib",
    );
    expect(result.status).not.toBe(0);
    expect(result.output).toContain("app/lib is browser-safe");
  });

  it("lets app/entities take types from the Drizzle schema and nothing else of server/", () => {
    const fromSchema = lint(
      {
        "a.ts": 'import type { KeyMetric } from "@server/db/schema";\nexport type A = KeyMetric;\n',
      },
      "app/entities",
    );
    expect(fromSchema.output).not.toContain("noRestrictedImports");
    expect(fromSchema.status).toBe(0);

    const fromConfig = lint(
      { "a.ts": 'import type { Config } from "@server/config";\nexport type A = Config;\n' },
      "app/entities",
    );
    expect(fromConfig.status).not.toBe(0);
    expect(fromConfig.output).toContain("app/entities is browser-safe");
  });
});
