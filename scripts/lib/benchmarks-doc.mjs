import { existsSync, readFileSync, writeFileSync } from "node:fs";

/** Puts a bench's section into docs/benchmarks.md, replacing the one between its markers. */
export function writeBenchmarkSection(doc, start, end, section) {
  const text = existsSync(doc) ? readFileSync(doc, "utf8") : "# Benchmarks\n";
  const next = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section)
    : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(doc, next);
}
