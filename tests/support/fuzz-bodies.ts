import path from "node:path";
import { gzipSync } from "node:zlib";
import { openDatabase } from "@server/db/client";
import { contactSubmissions, jobApplications, notifications, uploads } from "@server/db/schema";
import { count, isNotNull } from "drizzle-orm";
import fc from "fast-check";
import { bytesOf, peakRise, type RawResponse, rawPost } from "./raw-http";

/**
 * Random posts to the public endpoints (and sign-in): Content-Types in random case with random
 * parameters or garbage, bodies that are forms, near-forms or noise, of random sizes, framed by
 * length or chunked, plain or gzip-encoded. Used by the test suite (a few hundred cases) and by
 * scripts/fuzz-bodies.ts (the long run).
 */

export const FUZZ_PATHS = [
  "/contact",
  "/careers",
  "/careers?apply=Producer",
  "/weddings",
  "/uploads/contact-attachments",
  "/admin/login",
  "/weddings.data",
];

const FORM_FIELDS: Record<string, Record<string, string>> = {
  "/contact": { name: "Fuzz Visitor", email: "fuzz@example.com", description: "A launch film." },
  "/careers": { name: "Fuzz Applicant", email: "fuzz@example.com", position_title: "Producer" },
  "/weddings": { name: "Fuzz Couple", email: "fuzz@example.com" },
  "/admin/login": { email: "fuzz@example.com", password: "not-the-password" },
};

const fieldsFor = (target: string) =>
  FORM_FIELDS[target.replace(/\.data$/, "").replace(/\?.*$/, "")] ?? { name: "x" };

const randomCase = (text: string) =>
  fc
    .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
    .map((flags) => [...text].map((c, i) => (flags[i] ? c.toUpperCase() : c)).join(""));

const BOUNDARY = "----fuzzboundary7MA4YWxkTrZu0gW";

const contentTypeArb = fc.oneof(
  randomCase("application/x-www-form-urlencoded").chain((type) =>
    fc.constantFrom(type, `${type}; charset=UTF-8`, `${type};charset=latin1`, ` ${type} `),
  ),
  randomCase("multipart/form-data").chain((type) =>
    fc.constantFrom(
      `${type}; boundary=${BOUNDARY}`,
      `${type}; boundary="${BOUNDARY}"; charset=utf-8`,
      `${type}`,
      `${type}; boundary=`,
    ),
  ),
  fc.constantFrom(
    "text/plain",
    "Text/Plain; charset=utf-8",
    "application/json",
    "application/octet-stream",
    "",
    ";;;",
    "multipart/",
    "multipart/mixed; boundary=x",
    "application/x-www-form-urlencodedX",
  ),
  fc.string({ maxLength: 40 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, "")),
);

function multipart(fields: Record<string, string>, files: number, fileBytes: number): Uint8Array {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (let i = 0; i < files; i++) {
    const field = i % 2 ? "files" : "attachment_files";
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="notes-${i}.txt"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      Buffer.alloc(fileBytes, 0x61),
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

export interface FuzzCase {
  target: string;
  contentType: string;
  body: "urlencoded" | "multipart" | "noise" | "truncated";
  files: number;
  fileBytes: number;
  /** Extra bytes appended (to push past a limit). */
  padding: number;
  framing: "length" | "chunked";
  encoding: "" | "gzip" | "GZip" | "identity" | "br";
}

export const fuzzCaseArb = (options: { maxPadding: number }) =>
  fc.record<FuzzCase>({
    target: fc.constantFrom(...FUZZ_PATHS),
    contentType: contentTypeArb,
    body: fc.constantFrom("urlencoded", "multipart", "noise", "truncated"),
    files: fc.nat({ max: 12 }),
    fileBytes: fc.constantFrom(0, 1, 100, 64 * 1024),
    padding: fc.oneof(
      { weight: 4, arbitrary: fc.constant(0) },
      { weight: 1, arbitrary: fc.nat({ max: options.maxPadding }) },
    ),
    framing: fc.constantFrom("length", "chunked"),
    encoding: fc.constantFrom("", "", "gzip", "GZip", "identity", "br"),
  });

function bodyOf(c: FuzzCase): Uint8Array {
  const fields = fieldsFor(c.target);
  switch (c.body) {
    case "urlencoded":
      return Buffer.from(new URLSearchParams(fields).toString());
    case "multipart":
      return multipart(fields, c.files, c.fileBytes);
    case "truncated": {
      const whole = multipart(fields, c.files, c.fileBytes);
      return whole.subarray(0, Math.floor(whole.byteLength / 2));
    }
    default:
      return Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 73) % 256));
  }
}

export async function sendFuzzCase(baseURL: string, c: FuzzCase): Promise<RawResponse | "reset"> {
  let body = bodyOf(c);
  if (c.encoding.toLowerCase() === "gzip") body = gzipSync(body);
  const chunks = [body, ...bytesOf(c.padding)];
  const total = body.byteLength + c.padding;
  const headers: Record<string, string> = { origin: baseURL };
  if (c.contentType) headers["content-type"] = c.contentType;
  if (c.encoding) headers["content-encoding"] = c.encoding;
  return rawPost(`${baseURL}${c.target}`, {
    headers,
    chunks,
    declaredLength: c.framing === "length" ? total : undefined,
  });
}

export interface FuzzReport {
  cases: number;
  statuses: Record<string, number>;
  serverErrors: { case: FuzzCase; status: number; body: string }[];
  residentBeforeMb: number;
  residentPeakMb: number;
}

/** Runs `runs` random cases against a started server (process `pid`), a few at a time. */
export async function fuzzServer(
  server: { baseURL: string; pid: number },
  options: { runs: number; seed?: number; maxPadding: number; concurrency?: number },
): Promise<FuzzReport> {
  const cases = fc.sample(fuzzCaseArb(options), { numRuns: options.runs, seed: options.seed });
  const statuses: Record<string, number> = {};
  const serverErrors: FuzzReport["serverErrors"] = [];
  const concurrency = options.concurrency ?? 4;
  // Memory is measured warm: each route's modules load, and its first page renders, once.
  for (const target of FUZZ_PATHS) await fetch(`${server.baseURL}${target}`).catch(() => {});
  await run(fc.sample(fuzzCaseArb(options), { numRuns: 50, seed: (options.seed ?? 0) + 1 }));
  for (const key of Object.keys(statuses)) delete statuses[key];
  serverErrors.length = 0;
  const { before, peak } = await peakRise(server.pid, () => run(cases));
  return {
    cases: cases.length,
    statuses,
    serverErrors,
    residentBeforeMb: Math.round(before / 1024 / 1024),
    residentPeakMb: Math.round(peak / 1024 / 1024),
  };

  async function run(cases: FuzzCase[]) {
    let next = 0;
    const worker = async () => {
      while (next < cases.length) {
        const c = cases[next++] as FuzzCase;
        const response = await sendFuzzCase(server.baseURL, c);
        const status = typeof response === "string" ? response : String(response.status);
        statuses[status] = (statuses[status] ?? 0) + 1;
        if (typeof response !== "string" && response.status >= 500) {
          serverErrors.push({
            case: c,
            status: response.status,
            body: response.body.slice(0, 300),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  }
}

export interface RowCheck {
  inquiries: number;
  applications: number;
  uploads: number;
  notifications: number;
  /** Rows that are not whole: an inquiry whose attachments are not all claimed by it, etc. */
  partial: string[];
}

/** Opens a stopped server's embedded database and checks every submission is whole. */
export async function checkRows(dataDir: string): Promise<RowCheck> {
  const database = await openDatabase({
    driver: "pglite",
    directory: path.join(dataDir, "pgdata"),
  });
  try {
    const db = database.db;
    const partial: string[] = [];
    const claimed = await db.select().from(uploads).where(isNotNull(uploads.ownerId));
    const owned = (id: string) => claimed.filter((u) => u.ownerId === id).length;
    for (const inquiry of await db.select().from(contactSubmissions)) {
      const expected = inquiry.fileAttachments?.length ?? 0;
      if (owned(inquiry.id) !== expected) partial.push(`inquiry ${inquiry.id}: attachments`);
    }
    for (const application of await db.select().from(jobApplications)) {
      if (owned(application.id) !== (application.resumeUrl ? 1 : 0)) {
        partial.push(`application ${application.id}: resume`);
      }
    }
    const [i] = await db.select({ n: count() }).from(contactSubmissions);
    const [a] = await db.select({ n: count() }).from(jobApplications);
    const [u] = await db.select({ n: count() }).from(uploads);
    const [n] = await db.select({ n: count() }).from(notifications);
    const rows = {
      inquiries: i?.n ?? 0,
      applications: a?.n ?? 0,
      uploads: u?.n ?? 0,
      notifications: n?.n ?? 0,
    };
    // Each submission queues exactly two mails in its own transaction: the studio's notification
    // and the visitor's acknowledgement (issue #30).
    if (rows.notifications !== 2 * (rows.inquiries + rows.applications)) {
      partial.push(`notifications ${rows.notifications} for ${rows.inquiries + rows.applications}`);
    }
    return { ...rows, partial };
  } finally {
    await database.close();
  }
}
