/**
 * An e-mail's plain-text and HTML parts from one list of blocks, so the two always say the same
 * (issue #30: every mail to a visitor or a staff member has both). Every value is escaped in the
 * HTML: what a visitor typed is text, never markup.
 */

export type MailBlock =
  | { paragraph: string }
  | { heading: string }
  /** Label and value pairs; empty values left out. */
  | { fields: readonly (readonly [string, string | number | null | undefined])[] }
  | { list: readonly string[] }
  /** A paragraph ending in a link: "See it here: https://…". */
  | { link: string; text: string }
  /** What someone wrote, line breaks kept. */
  | { quote: string };

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

const present = (value: string | number | null | undefined): value is string | number =>
  value !== null && value !== undefined && value !== "";

function blockText(block: MailBlock): string | null {
  if ("paragraph" in block) return block.paragraph;
  if ("heading" in block) return `${block.heading}:`;
  if ("fields" in block) {
    const lines = block.fields.filter(([, v]) => present(v)).map(([k, v]) => `${k}: ${v}`);
    return lines.length > 0 ? lines.join("\n") : null;
  }
  if ("list" in block) return block.list.map((item) => `- ${item}`).join("\n");
  if ("link" in block) return `${block.text} ${block.link}`;
  return block.quote;
}

const P = 'style="margin:0 0 16px;line-height:1.5;white-space:pre-line"';

function blockHtml(block: MailBlock): string | null {
  if ("paragraph" in block) return `<p ${P}>${escapeHtml(block.paragraph)}</p>`;
  if ("heading" in block)
    return `<h2 style="margin:24px 0 8px;font-size:16px">${escapeHtml(block.heading)}</h2>`;
  if ("fields" in block) {
    const rows = block.fields
      .filter(([, v]) => present(v))
      .map(
        ([k, v]) =>
          `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top;font-weight:600">${escapeHtml(k)}</th><td style="padding:4px 0">${escapeHtml(String(v))}</td></tr>`,
      );
    return rows.length > 0
      ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows.join("")}</table>`
      : null;
  }
  if ("list" in block)
    return `<ul style="margin:0 0 16px;padding-left:20px">${block.list.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`;
  if ("link" in block)
    return `<p ${P}>${escapeHtml(block.text)} <a href="${escapeHtml(block.link)}">${escapeHtml(block.link)}</a></p>`;
  return `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line;border-left:3px solid #ccc;padding-left:12px">${escapeHtml(block.quote)}</p>`;
}

export function composeMail(blocks: readonly MailBlock[]): { text: string; html: string } {
  const text = blocks
    .map(blockText)
    .filter((part) => part !== null)
    .join("\n\n");
  const body = blocks
    .map(blockHtml)
    .filter((part) => part !== null)
    .join("\n");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"></head><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;color:#111;max-width:640px">\n${body}\n</body></html>`;
  return { text: `${text}\n`, html };
}
