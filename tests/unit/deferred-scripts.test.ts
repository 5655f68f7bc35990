import { describe, expect, it } from "vitest";
import { deferredLoader, scriptLiteral } from "~/components/document/deferred-scripts";
import { hydrationModules } from "../../scripts/lib/page-scripts";

describe("deferred scripts", () => {
  it("writes values that cannot close the inline script or break its line", () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028\u2029 "quoted"';
    const literal = scriptLiteral(hostile);
    expect(literal).not.toMatch(/<\/script|<!--|\u2028|\u2029/i);
    expect(JSON.parse(literal)).toBe(hostile);
  });

  it("hands React Router's module code and module list to the loader, as the budget reads them", () => {
    const code =
      'import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");';
    const modules = ["/assets/entry.client-b.js", "/assets/framework-c.js", "/assets/root-a.js"];
    const entry = "/assets/entry.client-b.js";
    const html = `<body><script nonce="n">${deferredLoader(code, modules, entry)}</script></body>`;
    expect(hydrationModules(html).sort()).toEqual(modules);
    // The entry (which hydrates) is never evaluated ahead of the module script.
    expect(html).toContain(`${JSON.stringify(modules)}, ${JSON.stringify(entry)});`);
    expect(html).toContain("if (href === entry) continue;");
    expect(html).toContain("first-contentful-paint");
    expect(html).not.toContain('type="module"');
  });
});
