import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";

/** Puts a bench's section into docs/benchmarks.md, replacing the one between its markers. */
export function writeBenchmarkSection(doc, start, end, section) {
  const text = existsSync(doc) ? readFileSync(doc, "utf8") : "# Benchmarks\n";
  const next = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), section)
    : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(doc, next);
}

/**
 * A bench's figures as a dated list between its markers: "Measured {date} with `npm run
 * {script}` on N cores ({about})", then one line per figure.
 */
export function writeMeasuredList(doc, start, end, { script, about, lines }) {
  const date = new Date().toISOString().slice(0, 10);
  writeBenchmarkSection(
    doc,
    start,
    end,
    [
      start,
      `Measured ${date} with \`npm run ${script}\` on ${os.cpus().length} cores (${about}).`,
      "",
      ...lines.map((line) => `- ${line}`),
      end,
    ].join("\n"),
  );
}
