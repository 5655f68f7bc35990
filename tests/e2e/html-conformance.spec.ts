import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

/**
 * The Nu HTML Checker (vnu.jar of the `vnu-jar` package, on the machine's Java) over every page of
 * the sitemap, the 404 page, the sign-in page and the back-office's screens (each one the
 * navigation links to, and the first row's page of each), as the production server sends them: 0 errors
 * and 0 warnings (decision 0270). Its plain "info" notes (e.g. React's `<meta ... />` slash) are
 * not findings. One Java start checks every page: the JVM's start is most of the cost.
 */

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const JAVA = process.env.JAVA ?? "java";
/**
 * A short run: the quick (C1) compiler only, and one GC thread, halve the checker's CPU time (8 s
 * to 4 s for 38 documents). C1's larger frames need a deeper stack than the default 1 MB
 * (vnu's schema evaluation recurses deeply and stops with a StackOverflowError on 1 MB).
 */
const JVM_OPTIONS = ["-Xss16m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"];

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url: string;
  message: string;
  extract?: string;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * Signed in as the admin: the screens the back-office's navigation links to, and the first link to
 * one row's page (an inquiry, an editor, a history) on each, with their HTML (each read once). A
 * form inside a form, say, is only seen by a checker: the browser drops the inner one and the
 * page half works.
 */
async function backOfficePages(request: APIRequestContext): Promise<Map<string, string>> {
  const signIn = await request.post("/admin/login", { form: E2E_ADMIN, maxRedirects: 0 });
  expect(signIn.status(), "signing in answers with a redirect").toBe(302);
  const linksIn = (html: string) =>
    [...html.matchAll(/href="(\/admin[^"?#.]*)"/g)]
      .map((match) => String(match[1]))
      .filter((href) => !href.endsWith("/logout"));
  const htmlOf = new Map<string, string>();
  const read = async (page: string) => {
    const response = await request.get(page);
    expect(response.status(), page).toBe(200);
    htmlOf.set(page, await response.text());
    return htmlOf.get(page) ?? "";
  };
  // The dashboard's links without an id: the navigation's screens (its rows come below).
  const screens = [...new Set(linksIn(await read("/admin")))].filter((href) => !UUID.test(href));
  let rows = 0;
  for (const screen of screens) {
    const links = linksIn(htmlOf.get(screen) ?? (await read(screen)));
    // The first that is a page: an inquiry's first row link may open its attachment (a redirect).
    for (const href of links.filter((link) => UUID.test(link))) {
      if (htmlOf.has(href)) break;
      const response = await request.get(href, { maxRedirects: 0 });
      if (response.status() !== 200) continue;
      if (!(response.headers()["content-type"] ?? "").startsWith("text/html")) continue;
      htmlOf.set(href, await response.text());
      rows++;
      break;
    }
  }
  // The demo content: the navigation's dozen screens; editors of posts, studies, team, testimonials.
  expect(screens.length, "screens of the navigation").toBeGreaterThan(10);
  expect(rows, "rows' pages").toBeGreaterThanOrEqual(4);
  return htmlOf;
}

test("every page passes the Nu HTML Checker with 0 errors and 0 warnings", async ({
  request,
  baseURL,
}) => {
  // A Java start and ~40 documents: a few seconds idle, several times that on a loaded machine.
  test.setTimeout(180_000);
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const pages = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    String(m[1]),
  );
  expect(pages.length).toBeGreaterThan(30); // the demo content: fixed pages, studies, posts
  const extra = [`${baseURL}/no-such-page`, `${baseURL}/admin/login`];

  const folder = mkdtempSync(path.join(tmpdir(), "studio-vnu-"));
  try {
    const fileOf = new Map<string, string>();
    for (const [index, url] of [...pages, ...extra].entries()) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(url.endsWith("/no-such-page") ? 404 : 200);
      const file = path.join(folder, `page-${index}.html`);
      writeFileSync(file, await response.text());
      fileOf.set(file, url);
    }
    for (const [index, [page, html]] of [...(await backOfficePages(request))].entries()) {
      const file = path.join(folder, `admin-${index}.html`);
      writeFileSync(file, html);
      fileOf.set(file, page);
    }
    // A document with one known error rides along: its report proves the checker read the batch.
    const canary = path.join(folder, "canary.html");
    writeFileSync(canary, '<!doctype html><html lang="en"><title>x</title><p width="1">x</p>');

    const { stdout } = await promisify(execFile)(
      JAVA,
      [
        ...[...JVM_OPTIONS, "-jar", VNU_JAR, "--format", "json", "--stdout", "--exit-zero-always"],
        ...[...fileOf.keys(), canary],
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
    const findings = messages
      .filter((m) => m.type !== "info" || m.subType === "warning")
      .map((m) => {
        const kind = m.type === "info" ? "warning" : m.type;
        const file = m.url.replace(/^file:/, "");
        return `${fileOf.get(file) ?? file}: ${kind}: ${m.message} | ${m.extract ?? ""}`;
      });
    const [canaryFindings, pageFindings] = [
      findings.filter((finding) => finding.startsWith(canary)),
      findings.filter((finding) => !finding.startsWith(canary)),
    ];
    expect(canaryFindings).toEqual([
      expect.stringContaining("error: Attribute “width” not allowed on element “p”"),
    ]);
    expect(pageFindings).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
