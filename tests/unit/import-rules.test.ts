import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";

/**
 * The import rules of biome.json (decision 0201, issue "Homes by entity"): one import style (the
 * `~/` and `@server/` aliases, never `../`), no import cycles (type-only imports included), and one
 * direction, app/routes → server → app/entities & app/lib:
 * - server/ imports nothing of app/components or app/routes;
 * - app/components imports nothing of server/;
 * - app/entities and app/lib (browser-safe) import nothing of server/, app/components, app/routes;
 * - react-router's `data` and `redirect` (route glue) only in route modules, app/root.tsx,
 *   server/route-kit, server/security, server/http and server/app.ts;
 * - server's entity modules (all of server/ but that glue) never import server/route-kit.
 * Each rule gets wrong imports where it applies and the same imports where they are allowed. The
 * probes are written into the tree and linted in one run of Biome with the project's own
 * configuration (Biome reads the whole project's module graph each time it starts: seconds on a
 * busy machine), then removed.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const PROBES = ".import-probe";
const biome = path.join(ROOT, "node_modules/.bin/biome");
const RULE = "lint/style/noRestrictedImports";

const typeFrom = (source: string) => `import type { A } from "${source}";\nexport type B = A;\n`;
const valueFrom = (source: string, name = "a") =>
  `import { ${name} } from "${source}";\nexport const b = ${name};\n`;

/** Probe modules by folder (each written into `<folder>/.import-probe/`) and name. */
const FILES: Record<string, Record<string, string>> = {
  "tests/unit": {
    "cycle/a.ts": 'import type { B } from "./b";\nexport interface A {\n  b?: B;\n}\n',
    "cycle/b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
    "no-cycle/a.ts": "export interface A {\n  name: string;\n}\n",
    "no-cycle/b.ts": 'import type { A } from "./a";\nexport interface B {\n  a?: A;\n}\n',
  },
};

/** Adds a probe module and answers its path from the project root. */
function probe(folder: string, name: string, text: string): string {
  const files = FILES[folder] ?? {};
  FILES[folder] = files;
  if (name in files) throw new Error(`two probes named ${folder}/${name}`);
  files[name] = text;
  return `${folder}/${PROBES}/${name}`;
}

/** How other folders import a folder: `~/routes` for app/routes, `@server/staff` for server/staff. */
const aliasOf = (folder: string) =>
  folder.replace(/^app(?=\/|$)/, "~").replace(/^server/, "@server");

interface Rule {
  /** What Biome's message says (part of it). */
  says: string;
  /** Modules that break the rule: each must be reported with the rule's message. */
  wrong: string[];
  /** The same imports where they are allowed: none may be reported. */
  allowed: string[];
}

const FOLDERS = [
  "server",
  "server/staff",
  "server/content",
  "server/route-kit",
  "server/security",
  "server/http",
  "app/routes",
  "app/components",
  "app/entities",
  "app/lib",
  "app/copy",
];

const RULES: Record<string, Rule> = {
  "../ imports (every folder of app/ and server/)": {
    says: "through an alias",
    wrong: FOLDERS.map((folder) => probe(folder, "climbing/b.ts", valueFrom("../a"))),
    allowed: FOLDERS.flatMap((folder) => [
      probe(folder, "a.ts", "export const a = 1;\n"),
      probe(folder, "sibling.ts", valueFrom("./a")),
      probe(folder, "aliased.ts", valueFrom(`${aliasOf(folder)}/${PROBES}/a`)),
    ]),
  },
  "server/ importing app/components or app/routes": {
    says: "server/ never imports app/components or app/routes",
    wrong: [
      probe("server/staff", "component.ts", valueFrom("~/components/ui/button", "Button")),
      probe("server/content", "route.ts", typeFrom("~/routes/site/home")),
      probe("server", "component.ts", typeFrom("~/components/admin/editor-page")),
      probe("server/route-kit", "component.ts", typeFrom("~/components/admin/editor-page")),
      probe("server/http", "route.ts", typeFrom("~/routes/site/home")),
    ],
    allowed: [
      probe("app/routes", "component.ts", valueFrom("~/components/ui/button", "Button")),
      probe("app/components", "component.ts", typeFrom("~/components/admin/editor-page")),
    ],
  },
  "app/components importing server/": {
    says: "Components never import server/",
    wrong: [
      probe("app/components", "route-kit.ts", typeFrom("@server/route-kit/editor")),
      probe("app/components", "schema.ts", typeFrom("@server/db/schema")),
    ],
    allowed: [
      probe("app/routes", "editor-type.ts", typeFrom("@server/route-kit/editor")),
      probe("app/routes", "schema.ts", typeFrom("@server/db/schema")),
    ],
  },
  "app/entities and app/lib importing server/, app/components or app/routes": {
    says: "app/entities and app/lib are browser-safe",
    wrong: [
      probe("app/entities", "schema.ts", typeFrom("@server/db/schema")),
      probe("app/entities", "config.ts", typeFrom("@server/config")),
      probe("app/entities", "component.ts", typeFrom("~/components/admin/editor-page")),
      probe("app/entities", "route.ts", typeFrom("~/routes/site/home")),
      probe("app/lib", "schema.ts", typeFrom("@server/db/schema")),
      probe("app/lib", "component.ts", valueFrom("~/components/ui/button", "Button")),
      probe("app/lib", "route.ts", typeFrom("~/routes/site/home")),
    ],
    allowed: [
      probe("server/content", "schema.ts", typeFrom("@server/db/schema")),
      probe("app/entities", "lib.ts", typeFrom("~/lib/values")),
      probe("app/lib", "entity.ts", typeFrom("~/entities/case-study/view")),
    ],
  },
  "react-router's data and redirect outside the route glue": {
    says: "react-router's data and redirect are route glue",
    wrong: [
      probe("server/content", "redirect.ts", valueFrom("react-router", "redirect")),
      probe("server/staff", "data.ts", valueFrom("react-router", "data")),
      probe("server", "redirect.ts", valueFrom("react-router", "redirect")),
      probe("app/components", "redirect.ts", valueFrom("react-router", "redirect")),
      probe("app/entities", "data.ts", valueFrom("react-router", "data")),
      probe("app/lib", "redirect.ts", valueFrom("react-router", "redirect")),
      probe("app/copy", "redirect.ts", valueFrom("react-router", "redirect")),
    ],
    allowed: [
      ...["server/route-kit", "server/security", "server/http", "app/routes"].flatMap((folder) => [
        probe(folder, "redirect.ts", valueFrom("react-router", "redirect")),
        probe(folder, "data.ts", valueFrom("react-router", "data")),
      ]),
      // Only those two names: the rest of react-router stays open to entity modules.
      probe("server/staff", "context.ts", valueFrom("react-router", "createContext")),
      probe("app/components", "link.ts", valueFrom("react-router", "Link")),
    ],
  },
  "server's entity modules importing server/route-kit": {
    says: "Entity modules never import server/route-kit",
    wrong: [
      probe("server/staff", "route-kit.ts", valueFrom("@server/route-kit/forms", "readPost")),
      probe("server/content", "route-kit.ts", typeFrom("@server/route-kit/editor")),
      probe("server", "route-kit.ts", valueFrom("@server/route-kit/flash", "redirectWithFlash")),
    ],
    allowed: [
      probe("server/route-kit", "route-kit.ts", valueFrom("@server/route-kit/forms", "readPost")),
      probe(
        "server/http",
        "route-kit.ts",
        valueFrom("@server/route-kit/page-query", "pageCacheKey"),
      ),
      probe("app/routes", "route-kit.ts", valueFrom("@server/route-kit/forms", "readPost")),
    ],
  },
};

const probesOf = (folder: string) => path.join(ROOT, folder, PROBES);
const removeProbes = () => {
  for (const folder of Object.keys(FILES))
    rmSync(probesOf(folder), { recursive: true, force: true });
};

interface Diagnostic {
  category: string;
  message: string;
  location: { path: string };
}

let status: number | null = null;
let linted = 0;
/** Biome's diagnostics, keyed by the file they are about (path from the project root). */
const diagnostics = new Map<string, Diagnostic[]>();

beforeAll(() => {
  removeProbes();
  let output: string;
  try {
    for (const [folder, files] of Object.entries(FILES)) {
      for (const [name, text] of Object.entries(files)) {
        const file = path.join(probesOf(folder), name);
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, text);
      }
    }
    const result = spawnSync(
      biome,
      ["lint", "--reporter=json", "--max-diagnostics=none", ...Object.keys(FILES).map(probesOf)],
      { cwd: ROOT, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 },
    );
    status = result.status;
    output = result.stdout;
  } finally {
    removeProbes();
  }
  const report = JSON.parse(output) as {
    summary: { changed: number; unchanged: number };
    diagnostics: Diagnostic[];
  };
  linted = report.summary.changed + report.summary.unchanged;
  for (const diagnostic of report.diagnostics) {
    const file = diagnostic.location.path.replaceAll("\\", "/");
    diagnostics.set(file, [...(diagnostics.get(file) ?? []), diagnostic]);
  }
}, 180_000);

/** The messages of one rule's diagnostics about a probe. */
const reported = (file: string, category = RULE) =>
  (diagnostics.get(file) ?? []).filter((d) => d.category === category).map((d) => d.message);

describe("import rules", () => {
  it("lints every probe and fails the run", () => {
    const count = Object.values(FILES).reduce((sum, files) => sum + Object.keys(files).length, 0);
    expect(linted).toBe(count);
    expect(status).not.toBe(0);
  });

  it("fails on an import cycle made of type imports, passes the same modules without it", () => {
    const cycle = [`tests/unit/${PROBES}/cycle/a.ts`, `tests/unit/${PROBES}/cycle/b.ts`];
    expect(cycle.flatMap((file) => reported(file, "lint/suspicious/noImportCycles"))).not.toEqual(
      [],
    );
    expect(diagnostics.get(`tests/unit/${PROBES}/no-cycle/a.ts`)).toBeUndefined();
    expect(diagnostics.get(`tests/unit/${PROBES}/no-cycle/b.ts`)).toBeUndefined();
  });

  describe.each(Object.entries(RULES))("%s", (_name, rule) => {
    it.each(rule.wrong)("reports %s", (file) => {
      expect(reported(file)).toEqual([expect.stringContaining(rule.says)]);
    });
    it.each(rule.allowed)("passes %s", (file) => {
      expect(reported(file)).toEqual([]);
    });
  });
});

/** Every module under a folder, from the project root. */
function modulesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => `${folder}/${name.replaceAll("\\", "/")}`);
}

describe("the tree", () => {
  it("has no module under server/ importing app/components or app/routes", () => {
    const offenders = modulesUnder("server").filter((file) =>
      /(?:from|import)\s*\(?\s*["']~\/(?:components|routes)\//.test(
        readFileSync(path.join(ROOT, file), "utf8"),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
