/**
 * The JavaScript a server-rendered page loads to hydrate, read from its HTML: the modules that
 * `DeferredScripts` (app/components/document/deferred-scripts.tsx) hands to its loader, the ones
 * React Router's module code imports, and any `<link rel="modulepreload">` or `import()` left in
 * the markup. Shared by `npm run bench:lighthouse` and the budget test (tests/e2e/page-weight.spec.ts). Plain TypeScript that Node runs as it is.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
// Relative, not `~/`: bench-lighthouse.mjs loads this file with plain Node, which knows no aliases.
import { SERVICES_DROPDOWN } from "../../app/copy/navigation.ts";

/** A JSON string literal as the loader's call writes it. */
const JSON_STRING = String.raw`"(?:[^"\\]|\\.)*"`;
const LOADER_CALL = new RegExp(
  String.raw`\}\)\((${JSON_STRING}), (\[[^\]]*\])(?:, ${JSON_STRING})?\);</script>`,
);

/** Paths (`/assets/…js`) of every module the page loads to hydrate. */
export function hydrationModules(html: string): string[] {
  const modules = new Set<string>();
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) {
    if (m[1]) modules.add(m[1]);
  }
  let code = "";
  const call = html.match(LOADER_CALL);
  if (call) {
    code = JSON.parse(call[1] as string) as string;
    for (const href of JSON.parse(call[2] as string) as string[]) modules.add(href);
  }
  for (const script of html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    code += script[1] ?? "";
  }
  for (const m of code.matchAll(/import\("([^"]+\.js)"\)|from "([^"]+\.js)"/g)) {
    const href = m[1] ?? m[2];
    if (href) modules.add(href);
  }
  return [...modules];
}

/**
 * Bytes a gzip-only client receives for those paths: the build's precompressed `.gz` (decision
 * 0132), or, for a file without one, what the server's on-the-fly gzip (level 6) makes of it.
 */
export function gzippedSize(root: string, hrefs: string[]): number {
  let bytes = 0;
  for (const href of hrefs) {
    const file = path.join(root, "build/client", href);
    if (!existsSync(file)) throw new Error(`${href} is not in build/client`);
    bytes += existsSync(`${file}.gz`)
      ? statSync(`${file}.gz`).size
      : gzipSync(readFileSync(file)).length;
  }
  return bytes;
}

/** The public pages the budgets of DESIGN.md apply to (issues #3 and #4). */
export const PUBLIC_PAGES = [
  "/",
  "/services",
  // The six service pages and /weddings, as the navigation lists them.
  ...SERVICES_DROPDOWN.map((item) => item.href),
  "/about",
  "/careers",
  "/privacy",
  "/terms",
  "/contact",
  "/case-studies",
  "/case-studies/estate-media",
  "/portfolio",
  "/blog",
  "/blog/one-day-commercial-shoot",
];

/** DESIGN.md: at most 120 KB (KiB, as everywhere in the benchmarks) of gzipped initial JS. */
export const INITIAL_JS_BUDGET = 120 * 1024;
