import { ALLOWED_ATTRIBUTES, ALLOWED_TAGS, sanitizeBlogHtml } from "@server/content/sanitize";
import fc from "fast-check";
import { parseDocument } from "htmlparser2";
import { describe, expect, it } from "vitest";

/** Every element of a fragment with its attributes, as the browser would parse them. */
function elements(html: string): { name: string; attribs: Record<string, string> }[] {
  const found: { name: string; attribs: Record<string, string> }[] = [];
  const walk = (node: unknown) => {
    const n = node as { type?: string; name?: string; attribs?: Record<string, string> };
    if (n.name && n.attribs) found.push({ name: n.name, attribs: n.attribs });
    for (const child of (node as { children?: unknown[] }).children ?? []) walk(child);
  };
  walk(parseDocument(html));
  return found;
}

function assertSafe(output: string) {
  for (const element of elements(output)) {
    expect(ALLOWED_TAGS).toContain(element.name);
    for (const [name, value] of Object.entries(element.attribs)) {
      expect(ALLOWED_ATTRIBUTES).toContain(name);
      if (name === "href" || name === "src") {
        expect(value.trim().toLowerCase()).not.toMatch(/^(javascript|data|vbscript):/);
        expect(value.trim()).not.toMatch(/^\/\//);
      }
    }
  }
}

describe("blog HTML sanitiser (SPEC allow-list)", () => {
  it("keeps the allowed tags and attributes", () => {
    const html =
      '<h2 class="lead">Title</h2><p>Text with <strong>bold</strong>, <em>em</em> and <u>u</u>.<br></p>' +
      "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>" +
      '<p><a href="https://example.com/x" title="Example" target="_blank">link</a> ' +
      '<a href="/contact">relative</a> <a href="mailto:hi@example.com">mail</a></p>' +
      '<div><span>span</span><img src="/media/a.svg" alt="A" title="t"></div>';
    expect(sanitizeBlogHtml(html)).toBe(
      '<h2 class="lead">Title</h2><p>Text with <strong>bold</strong>, <em>em</em> and <u>u</u>.<br /></p>' +
        "<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote>" +
        '<p><a href="https://example.com/x" title="Example" target="_blank">link</a> ' +
        '<a href="/contact">relative</a> <a href="mailto:hi@example.com">mail</a></p>' +
        '<div><span>span</span><img src="/media/a.svg" alt="A" title="t" /></div>',
    );
  });

  it("removes scripts with their content, and other tags but not their text", () => {
    expect(sanitizeBlogHtml('<p>a<script>alert("x")</script>b</p>')).toBe("<p>ab</p>");
    expect(sanitizeBlogHtml("<style>p{}</style><p>a</p>")).toBe("<p>a</p>");
    expect(sanitizeBlogHtml('<iframe src="https://evil.example"></iframe><p>a</p>')).toBe(
      "<p>a</p>",
    );
    expect(sanitizeBlogHtml("<table><tr><td>cell</td></tr></table>")).toBe("cell");
    expect(sanitizeBlogHtml('<svg onload="alert(1)"><text>t</text></svg>')).toBe("t");
  });

  it("strips event handlers, style, id and data attributes", () => {
    expect(
      sanitizeBlogHtml(
        '<p onclick="alert(1)" style="color:red" id="x" data-id="7" data-track="y" class="c">t</p>',
      ),
    ).toBe('<p class="c">t</p>');
    expect(sanitizeBlogHtml('<img src="/a.png" onerror="alert(1)" data-src="/b.png">')).toBe(
      '<img src="/a.png" />',
    );
  });

  it("drops javascript:, data:, vbscript: and protocol-relative URLs", () => {
    expect(sanitizeBlogHtml('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeBlogHtml('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeBlogHtml('<a href="jav&#x09;ascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeBlogHtml('<a href="vbscript:msgbox(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeBlogHtml('<a href="//evil.example/x">x</a>')).toBe("<a>x</a>");
    // An image without a safe source is removed entirely.
    expect(sanitizeBlogHtml('<p><img src="data:image/svg+xml;base64,PHN2Zz4=">t</p>')).toBe(
      "<p>t</p>",
    );
    expect(sanitizeBlogHtml('<img src="javascript:alert(1)">')).toBe("");
    expect(sanitizeBlogHtml('<a href="tel:+13105550100">call</a>')).toBe(
      '<a href="tel:+13105550100">call</a>',
    );
  });

  it("only allows _blank or _self as a target", () => {
    expect(sanitizeBlogHtml('<a href="/x" target="evil">x</a>')).toBe('<a href="/x">x</a>');
    expect(sanitizeBlogHtml('<a href="/x" target="_self">x</a>')).toBe(
      '<a href="/x" target="_self">x</a>',
    );
  });

  it("settles nesting left by a removed tag: stored HTML reads back as itself", () => {
    const once = sanitizeBlogHtml("<p><svg><p></p></svg></p>");
    expect(sanitizeBlogHtml(once)).toBe(once);
  });

  it("never lets a disallowed tag, attribute or scheme through, and is idempotent (property)", () => {
    const tag = fc.constantFrom(
      ...ALLOWED_TAGS,
      "script",
      "style",
      "iframe",
      "svg",
      "object",
      "form",
      "input",
      "math",
      "a",
      "img",
    );
    const attributeName = fc.constantFrom(
      ...ALLOWED_ATTRIBUTES,
      "onclick",
      "onerror",
      "onload",
      "style",
      "data-x",
      "data-src",
      "srcset",
      "formaction",
      "xlink:href",
    );
    const attributeValue = fc.oneof(
      fc.constantFrom(
        "javascript:alert(1)",
        " javascript:alert(1)",
        "JAVASCRIPT:alert(1)",
        "java\tscript:alert(1)",
        "data:text/html,<script>alert(1)</script>",
        "vbscript:x",
        "//evil.example",
        "https://example.com",
        "/relative",
        "_blank",
        "alert(1)",
        '"><script>alert(1)</script>',
      ),
      fc.string({ maxLength: 12 }),
    );
    const attribute = fc
      .tuple(attributeName, attributeValue)
      .map(([name, value]) => ` ${name}="${value.replaceAll('"', "&quot;")}"`);
    const element: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
      node: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.string({ maxLength: 10 }),
        fc
          .tuple(
            tag,
            fc.array(attribute, { maxLength: 3 }),
            fc.array(tie("node"), { maxLength: 3 }),
          )
          .map(
            ([name, attrs, children]) => `<${name}${attrs.join("")}>${children.join("")}</${name}>`,
          ),
      ),
    })).node;

    fc.assert(
      fc.property(element, (html) => {
        const once = sanitizeBlogHtml(html);
        assertSafe(once);
        expect(once.toLowerCase()).not.toContain("<script");
        expect(sanitizeBlogHtml(once)).toBe(once);
      }),
      { numRuns: 400 },
    );
  });
});
