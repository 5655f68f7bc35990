import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The project's Biome configuration keeps one direction between modules (issue #12): it refuses
 * import cycles (type-only imports included), `../` imports under app/ and server/ (one import
 * style: the `~/` and `@server/` aliases), and any import of server code from app/lib
 * (browser-safe only; app/entities may take the entities' types from the Drizzle schema). Small
 * modules are written into the tree and linted, all in one run of Biome with the project's own
 * configuration (one run: Biome reads the whole project's module graph each time it starts,
 * which takes seconds on a busy machine).
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = ".lint-fixture";
const biome = path.join(ROOT, "node_modules/.bin/biome");

const FILES: Record<string, Record<string, string>> = {
  "tests/unit": {
    "cycle/a.ts": 'import type { B } from "./b";\nexport interface A {\n  b?: B;\n}\n',
    "cycle/b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
    "no-cycle/a.ts": "export interface A {\n  name: string;\n}\n",
    "no-cycle/b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
  },
  "app/lib": {
    "a.ts": "export const a = 1;\n",
    "climbing/b.ts": 'import { a } from "../a";\nexport const b = a;\n',
    "aliased/b.ts": `import { a } from "~/lib/${FIXTURE}/a";\nexport const b = a;\n`,
    "server-type.ts": 'import type { Config } from "@server/config";\nexport type A = Config;\n',
  },
  server: {
    "a.ts": "export const a = 1;\n",
    "climbing/b.ts": 'import { a } from "../a";\nexport const b = a;\n',
    "aliased/b.ts": `import { a } from "@server/${FIXTURE}/a";\nexport const b = a;\n`,
  },
  "app/entities": {
    "schema-type.ts":
      'import type { KeyMetric } from "@server/db/schema";\nexport type A = KeyMetric;\n',
    "config-type.ts": 'import type { Config } from "@server/config";\nexport type A = Config;\n',
  },
};

const fixtureOf = (folder: string) => path.join(ROOT, folder, FIXTURE);
const removeFixtures = () => {
  for (const folder of Object.keys(FILES))
    rmSync(fixtureOf(folder), { recursive: true, force: true });
};

let status: number | null = null;
/** Biome's diagnostics, keyed by the file they are about (path from the project root). */
const diagnostics = new Map<string, string>();

beforeAll(() => {
  removeFixtures();
  for (const [folder, files] of Object.entries(FILES)) {
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(fixtureOf(folder), name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
  }
  const result = spawnSync(
    biome,
    ["lint", "--colors=off", "--max-diagnostics=none", ...Object.keys(FILES).map(fixtureOf)],
    { cwd: ROOT, encoding: "utf8" },
  );
  removeFixtures();
  status = result.status;
  // Each diagnostic opens with "path:line:col lint/group/rule"; its text runs to the next one.
  const output = `${result.stdout}${result.stderr}`;
  const starts = [...output.matchAll(/^(\S+\.ts):\d+:\d+ lint\//gm)];
  starts.forEach((start, index) => {
    const end = starts[index + 1]?.index ?? output.length;
    const file = (start[1] as string).replaceAll("\\", "/");
    diagnostics.set(file, `${diagnostics.get(file) ?? ""}${output.slice(start.index, end)}`);
  });
}, 180_000);

afterAll(removeFixtures);

/** What Biome said about one fixture file ("" when nothing). */
const lintOf = (folder: string, name: string) =>
  diagnostics.get(`${folder}/${FIXTURE}/${name}`) ?? "";

describe("lint", () => {
  it("fails the run (there are faults among the fixtures)", () => {
    expect(status).not.toBe(0);
  });

  it("fails on an import cycle made of type imports", () => {
    expect(lintOf("tests/unit", "cycle/a.ts") + lintOf("tests/unit", "cycle/b.ts")).toContain(
      "noImportCycles",
    );
  });

  it("passes the same modules without the cycle", () => {
    expect(lintOf("tests/unit", "no-cycle/a.ts")).toBe("");
    expect(lintOf("tests/unit", "no-cycle/b.ts")).toBe("");
  });

  it.each(["app/lib", "server"])(
    "fails on a ../ import under %s and passes its alias",
    (folder) => {
      const climbing = lintOf(folder, "climbing/b.ts");
      expect(climbing).toContain("noRestrictedImports");
      expect(climbing).toContain("through an alias");
      expect(lintOf(folder, "aliased/b.ts")).toBe("");
      expect(lintOf(folder, "a.ts")).toBe("");
    },
  );

  it("fails when app/lib imports server code, even a type", () => {
    expect(lintOf("app/lib", "server-type.ts")).toContain("app/lib is browser-safe");
  });

  it("lets app/entities take types from the Drizzle schema and nothing else of server/", () => {
    expect(lintOf("app/entities", "schema-type.ts")).toBe("");
    expect(lintOf("app/entities", "config-type.ts")).toContain("app/entities is browser-safe");
  });
});
