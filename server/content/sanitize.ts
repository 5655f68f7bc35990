import sanitizeHtml from "sanitize-html";

/**
 * The blog's HTML sanitiser (SPEC section 5), used when a post is rendered and, by the editor,
 * when it is saved. Server-only: sanitize-html is too heavy for the browser bundle.
 *
 * - Tags: p, br, strong, em, u, h1-h6, ul, ol, li, blockquote, a, img, div, span. Any other tag is
 *   removed; script, style and similar lose their content too.
 * - Attributes: href, src, alt, title, target, class. Everything else goes: event handlers
 *   (onclick…), style, id and every data-* attribute.
 * - URLs: http, https, mailto and tel links, and relative ones; images only over http(s) or
 *   relative. `javascript:`, `data:`, `vbscript:` and protocol-relative (`//host`) URLs are dropped.
 * - target: only `_blank` or `_self` (browsers imply rel=noopener for `_blank`).
 */

export const ALLOWED_TAGS = [
  "p",
  "br",
  "strong",
  "em",
  "u",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "ul",
  "ol",
  "li",
  "blockquote",
  "a",
  "img",
  "div",
  "span",
] as const;

export const ALLOWED_ATTRIBUTES = ["href", "src", "alt", "title", "target", "class"] as const;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    "*": [...ALLOWED_ATTRIBUTES],
  },
  transformTags: {
    "*": (tagName, attribs) => {
      const { target, ...rest } = attribs;
      return {
        tagName,
        attribs: target === "_blank" || target === "_self" ? { ...rest, target } : rest,
      };
    },
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  // Never keep the text of these: it is code or markup, not prose.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "template",
    "iframe",
    "object",
  ],
  disallowedTagsMode: "discard",
  // Drop a link or image whose only URL was removed: an <a> without href stays as text.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Returns `html` with only the SPEC allow-list left. Idempotent. */
export function sanitizeBlogHtml(html: string): string {
  // Removing a tag can leave nesting that a parser rebuilds differently (`<p><svg><p>` becomes
  // `<p><p>`, which reads back as sibling paragraphs). Sanitise again until the result reads back
  // as itself, so what is stored is exactly what is rendered; two or three passes settle it.
  let clean = sanitizeHtml(html, OPTIONS);
  for (let pass = 0; pass < 3; pass += 1) {
    const again = sanitizeHtml(clean, OPTIONS);
    if (again === clean) break;
    clean = again;
  }
  return clean;
}
