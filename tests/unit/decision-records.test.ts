import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The decision records stay scannable (docs/decisions/README.md says how to write one): each has a
 * status line and a date under its title, its status links only to later records that exist, and
 * the index lists every record once, with the record's own title and status.
 */

const DECISIONS = path.resolve(import.meta.dirname, "../../docs/decisions");
const RECORD_NAME = /^(\d{4})-[a-z0-9-]+\.md$/;
const LINK = String.raw`\[(\d{4})\]\((\d{4}-[a-z0-9-]+\.md)\)`;
const LINKS = `${LINK}(?:, ${LINK})*`;
const STATUS_LINE = new RegExp(
  String.raw`^Status: (accepted|accepted \(amended by ${LINKS}\)|superseded by ${LINK}) · (\d{4}-\d{2}-\d{2})(?: \(.+\))?$`,
);
const INDEX_ENTRY = /^- \[(\d{4})\]\((\S+)\) (.+) — (.+)$/;

const files = readdirSync(DECISIONS).filter((name) => name.endsWith(".md") && name !== "README.md");
const records = files.map((file) => {
  const lines = readFileSync(path.join(DECISIONS, file), "utf8").split("\n");
  const afterTitle = lines.slice(1).filter((line) => line.trim() !== "");
  return { file, number: file.slice(0, 4), lines, statusLine: afterTitle[0] ?? "", afterTitle };
});
const byNumber = new Map(records.map((record) => [record.number, record]));

/** The status as the index shows it: links as their numbers. */
function plainStatus(statusLine: string): string {
  const status = statusLine.replace(/^Status: /, "").replace(/ · .*$/, "");
  return status.replace(new RegExp(LINK, "g"), "$1");
}

/** The title as the index shows it: without a leading "0220 ", "0290: " or "0007 · ". */
function indexTitle(titleLine: string): string {
  return titleLine.replace(/^# /, "").replace(/^\d{4}(?:\s*[:·]\s*|\s+)/, "");
}

function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

describe("decision records", () => {
  it("are named NNNN-slug.md, one number each", () => {
    expect(files.filter((file) => !RECORD_NAME.test(file))).toEqual([]);
    expect(byNumber.size).toBe(records.length);
    expect(records.length).toBeGreaterThan(100);
  });

  it("open with a title, then a status line and the day they were added", () => {
    const problems = records.flatMap(({ file, lines, statusLine }) => {
      if (!lines[0]?.startsWith("# ")) return [`${file}: the first line is not a # title`];
      const match = STATUS_LINE.exec(statusLine);
      if (!match) return [`${file}: no status line under the title (found "${statusLine}")`];
      const day = match.at(-1) ?? "";
      return isCalendarDay(day) ? [] : [`${file}: ${day} is not a calendar day`];
    });
    expect(problems).toEqual([]);
  });

  it("link their status only to later records that exist", () => {
    const problems = records.flatMap(({ file, number, statusLine }) =>
      [...statusLine.matchAll(new RegExp(LINK, "g"))].flatMap(([link, target, targetFile]) => {
        const found = byNumber.get(target ?? "");
        if (found?.file !== targetFile) return [`${file}: ${link} names no record`];
        return (target ?? "") > number ? [] : [`${file}: ${link} is not a later record`];
      }),
    );
    expect(problems).toEqual([]);
  });

  it("say what holds now when superseded", () => {
    const problems = records
      .filter(({ statusLine }) => statusLine.startsWith("Status: superseded by "))
      .filter(({ afterTitle }) => !afterTitle[1]?.startsWith("What holds now: "))
      .map(({ file }) => `${file}: no "What holds now:" sentence under its status`);
    expect(problems).toEqual([]);
  });
});

describe("the index (docs/decisions/README.md)", () => {
  const lines = readFileSync(path.join(DECISIONS, "README.md"), "utf8").split("\n");
  const listed = lines.filter((line) => line.startsWith("- ["));

  it("lists every record exactly once, and nothing else", () => {
    const numbers = listed.map((line) => INDEX_ENTRY.exec(line)?.[1] ?? `malformed: ${line}`);
    expect([...numbers].sort()).toEqual([...byNumber.keys()].sort());
  });

  it("gives each record's file, title and status as the record does", () => {
    const problems = listed.flatMap((line) => {
      const record = byNumber.get(INDEX_ENTRY.exec(line)?.[1] ?? "");
      if (!record) return [`${line}: names no record`];
      const title = indexTitle(record.lines[0] ?? "");
      const expected = `- [${record.number}](${record.file}) ${title} — ${plainStatus(record.statusLine)}`;
      return line === expected ? [] : [`${line}\n  should read\n${expected}`];
    });
    expect(problems).toEqual([]);
  });
});
