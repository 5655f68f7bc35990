import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { appScriptHashes } from "~/entry.server";

/**
 * The CSP of a shared page lists the hashes of the app's own inline scripts only (decision 0266):
 * those that carry the render's one-time marker, plus what the page adds at run time. The
 * production server's pages are checked whole in tests/integration/page-cache.test.ts.
 */

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");
const MARKER = "3f9c2a7be1d04c55a8e6f0b1c2d3e4f5";

describe("the scripts a shared page's CSP allows", () => {
  const page = [
    "<!DOCTYPE html><html><head>",
    `<script type="application/ld+json" nonce="${MARKER}">{"@type":"Organization"}</script>`,
    `<link rel="modulepreload" href="/assets/a.js" nonce="${MARKER}"/>`,
    "</head><body><main><article>",
    // What an HTML injection in the content would look like: scripts without the marker, one
    // copying the look of ours with a guessed value.
    "<p>Hello</p><script>fetch('/steal?c='+document.cookie)</script>",
    '<script nonce="0000">alert(1)</script>',
    "<img src=x onerror=alert(2)>",
    "</article></main>",
    `<script nonce="${MARKER}">window.__reactRouterContext = {};</script>`,
    `<script nonce="${MARKER}" src="/assets/entry.js"></script>`,
    `<script nonce="${MARKER}">((code) => {})("import('/x.js')");</script>`,
    "</body></html>",
  ].join("");

  it("hashes the marked inline scripts and the added ones, never an injected script", () => {
    const { hashes } = appScriptHashes(page, MARKER, ["import('/x.js');"]);
    expect(hashes.sort()).toEqual(
      [
        "window.__reactRouterContext = {};",
        `((code) => {})("import('/x.js')");`,
        "import('/x.js');",
      ]
        .map(sha256)
        .sort(),
    );
    expect(hashes).not.toContain(sha256("fetch('/steal?c='+document.cookie)"));
    expect(hashes).not.toContain(sha256("alert(1)"));
  });

  it("leaves no trace of the marker in the page, and the page otherwise as rendered", () => {
    const { html } = appScriptHashes(page, MARKER);
    expect(html).not.toContain(MARKER);
    expect(html).not.toMatch(/nonce="(?!0000)/);
    expect(html).toBe(page.replaceAll(` nonce="${MARKER}"`, ""));
  });

  it("hashes nothing in a page rendered with another marker", () => {
    expect(appScriptHashes(page, "another-marker").hashes).toEqual([]);
  });
});
