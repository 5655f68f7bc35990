import { contactSubmissions, uploads } from "@server/db/schema";
import {
  exportInquiries,
  inquirySearch,
  listInquiries,
  parseInquiryQuery,
  setInquiryStatus,
} from "@server/inquiries/back-office";
import { csvCell, csvRow } from "@server/kit/csv";
import { PAGE_SIZE } from "@server/kit/list-params";
import { FILE_LINK_SECONDS } from "@server/route-kit/stored-file";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { replySubject } from "~/components/admin/format";
import { action as inquiriesAction, loader as inquiriesLoader } from "~/routes/admin/inquiries";
import { loader as csvLoader } from "~/routes/admin/inquiries-csv";
import { loader as inquiriesHomeLoader } from "~/routes/admin/inquiries-home";
import { loader as attachmentLoader } from "~/routes/admin/inquiry-attachment";
import { loader as filesLoader } from "~/routes/resources/files";
import {
  callRoute,
  createTestRuntime,
  routeArgs,
  type TestRuntime,
} from "../support/admin-runtime";
import { testDrivers } from "../support/database";

const ROWS = 1_234;

describe.each(testDrivers)("inquiries in the back-office on %s", (driver) => {
  let t: TestRuntime;
  beforeAll(async () => {
    t = await createTestRuntime(driver);
    const base = Date.UTC(2025, 0, 1);
    const rows: (typeof contactSubmissions.$inferInsert)[] = [];
    for (let i = 0; i < ROWS; i++) {
      rows.push({
        name: `Person ${i}`,
        email: `person${i}@example.test`,
        description: `Brief ${i}`,
        status: i % 4 === 0 ? "qualified" : "new",
        // Many rows share one timestamp: paging must still be exact (ties broken by id).
        createdAt: new Date(base + Math.floor(i / 7) * 1000 + (i % 7) * 0.001),
      });
    }
    rows.push(
      {
        name: "Percent",
        email: "p@example.test",
        description: "We want 100% growth",
        createdAt: new Date(base - 1),
      },
      {
        name: "Underscore",
        email: "u@example.test",
        description: "snake_case brand",
        createdAt: new Date(base - 2),
      },
      {
        name: "Backslash",
        email: "b@example.test",
        description: "C:\\path",
        createdAt: new Date(base - 3),
      },
      {
        name: "MiXeD CaSe",
        email: "MIXED@Example.test",
        description: "x",
        createdAt: new Date(base - 4),
      },
    );
    for (let i = 0; i < rows.length; i += 500) {
      await t.database.db.insert(contactSubmissions).values(rows.slice(i, i + 500));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("pages 25 at a time, newest first, with the total", async () => {
    const first = await listInquiries(t.database.db, { q: "", status: "" }, 1);
    expect(first.rows).toHaveLength(PAGE_SIZE);
    expect(first.total).toBe(ROWS + 4);
    expect(first.pageCount).toBe(Math.ceil((ROWS + 4) / PAGE_SIZE));
    // The last rows share a millisecond; either may come first.
    expect([`Person ${ROWS - 1}`, `Person ${ROWS - 2}`]).toContain(first.rows[0]?.name);
    const times = first.rows.map((r) => r.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const last = await listInquiries(t.database.db, { q: "", status: "" }, first.pageCount);
    expect(last.rows.at(-1)?.name).toBe("MiXeD CaSe");
    const seen = new Set<string>();
    for (let page = 1; page <= first.pageCount; page++) {
      for (const row of (await listInquiries(t.database.db, { q: "", status: "" }, page)).rows) {
        seen.add(row.id);
      }
    }
    expect(seen.size).toBe(ROWS + 4);
  });

  it("searches name, email and description case-insensitively, taking % _ \\ literally", async () => {
    const names = async (q: string) =>
      (await listInquiries(t.database.db, { q, status: "" }, 1)).rows.map((r) => r.name);
    expect(await names("mixed")).toEqual(["MiXeD CaSe"]);
    expect(await names("mixed@EXAMPLE")).toEqual(["MiXeD CaSe"]);
    expect(await names("100%")).toEqual(["Percent"]);
    expect(await names("%")).toEqual(["Percent"]);
    expect(await names("_")).toEqual(["Underscore"]);
    expect(await names("\\")).toEqual(["Backslash"]);
    expect((await listInquiries(t.database.db, { q: "brief 12", status: "" }, 1)).total).toBe(
      // "Brief 12", "Brief 120".."Brief 129", "Brief 1200".."Brief 1233"
      1 + 10 + 34,
    );
  });

  it("searches through the trigram index, not a scan of every inquiry", async () => {
    const query = t.database.db
      .select({ id: contactSubmissions.id })
      .from(contactSubmissions)
      .where(inquirySearch("studio"))
      .toSQL();
    const plan = await t.database.db.transaction(async (tx) => {
      // The test table is small enough for a scan to look cheaper; ask what the index offers.
      await tx.execute(sql`set local enable_seqscan = off`);
      const literal = query.sql.replace("$1", `'${String(query.params[0])}'`);
      // Both drivers answer { rows }.
      const result = (await tx.execute(sql.raw(`explain ${literal}`))) as unknown as {
        rows: Record<string, string>[];
      };
      const rows = result.rows;
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
    expect(plan).toContain("contact_submissions_search_idx");
  });

  it("filters by status, and reads filters from the URL safely", async () => {
    const qualified = await listInquiries(t.database.db, { q: "", status: "qualified" }, 1);
    expect(qualified.total).toBe(Math.ceil(ROWS / 4));
    expect(qualified.rows.every((r) => r.status === "qualified")).toBe(true);
    expect(parseInquiryQuery(new URLSearchParams("status=bogus&page=-3&q=%20hi%20"))).toEqual({
      q: "hi",
      status: "",
      owner: "",
      due: false,
      sort: "",
      page: 1,
    });
    expect(parseInquiryQuery(new URLSearchParams("page=99999999")).page).toBe(1);
    expect(parseInquiryQuery(new URLSearchParams("page=2")).page).toBe(2);
  });

  it("finds no inquiry for any search text without a match, whatever the characters", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 12 }), async (text) => {
        const q = `zz${text}`;
        const page = await listInquiries(t.database.db, { q, status: "" }, 1);
        expect(
          page.rows.every((r) =>
            `${r.name} ${r.email} ${r.description}`.toLowerCase().includes(q.toLowerCase()),
          ),
        ).toBe(true);
      }),
      { numRuns: 40 },
    );
  });

  it("exports every matching row exactly once, newest first, across batches", async () => {
    const ids: string[] = [];
    for await (const batch of exportInquiries(t.database.db, { q: "", status: "" })) {
      ids.push(...batch.map((r) => r.id));
    }
    expect(ids).toHaveLength(ROWS + 4);
    expect(new Set(ids).size).toBe(ROWS + 4);
    let qualified = 0;
    for await (const batch of exportInquiries(t.database.db, { q: "", status: "qualified" })) {
      qualified += batch.length;
    }
    expect(qualified).toBe(Math.ceil(ROWS / 4));
  });

  it("saves a status; an unknown id changes nothing", async () => {
    const [row] = (await listInquiries(t.database.db, { q: "person5@example", status: "" }, 1))
      .rows;
    expect(await setInquiryStatus(t.database.db, row?.id ?? "", "contacted")).toBe(true);
    const [again] = (await listInquiries(t.database.db, { q: "person5@example", status: "" }, 1))
      .rows;
    expect(again?.status).toBe("contacted");
    expect(
      await setInquiryStatus(t.database.db, "00000000-0000-4000-8000-000000000000", "closed"),
    ).toBe(false);
  });

  it("the page action saves the status and answers bad input with a message, not an error", async () => {
    const [row] = (await listInquiries(t.database.db, { q: "person7@example", status: "" }, 1))
      .rows;
    const post = (form: Record<string, string>) =>
      callRoute(inquiriesAction, t.runtime, "/admin?index&q=person7", {
        method: "POST",
        cookie: t.cookies.admin,
        body: new URLSearchParams(form),
      });
    const saved = await post({ intent: "status", id: row?.id ?? "", status: "closed" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin?q=person7");
    expect(saved.headers.get("set-cookie")).toMatch(/admin_flash=/);
    const [after] = (await listInquiries(t.database.db, { q: "person7@example", status: "" }, 1))
      .rows;
    expect(after?.status).toBe("closed");
    for (const bad of <Record<string, string>[]>[
      { intent: "status", id: "not-a-uuid", status: "closed" },
      { intent: "status", id: row?.id ?? "", status: "deleted" },
      { intent: "drop", id: row?.id ?? "" },
    ]) {
      const response = await post(bad);
      expect(response.status).toBe(302);
    }
    const [unchanged] = (
      await listInquiries(t.database.db, { q: "person7@example", status: "" }, 1)
    ).rows;
    expect(unchanged?.status).toBe("closed");
  });

  it("the page loader refuses anyone but an admin", async () => {
    await expect(
      callRoute(inquiriesLoader, t.runtime, "/admin", { cookie: t.cookies.viewer }),
    ).rejects.toSatisfy(
      (r: Response) => r.headers.get("location")?.startsWith("/admin/login") ?? false,
    );
    const page = await callRoute(inquiriesLoader, t.runtime, "/admin?q=percent", {
      cookie: t.cookies.admin,
    });
    expect(page.data?.result.rows.map((r) => r.name)).toEqual(["Percent"]);
  });

  it("/admin/inquiries leads to the list with its query; signed out, to the sign-in page", async () => {
    const answer = (await callRoute(inquiriesHomeLoader, t.runtime, "/admin/inquiries?status=new", {
      cookie: t.cookies.admin,
    })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/admin?status=new");
    await expect(
      callRoute(inquiriesHomeLoader, t.runtime, "/admin/inquiries", {}),
    ).rejects.toSatisfy(
      (r: Response) => r.headers.get("location")?.startsWith("/admin/login") ?? false,
    );
  });

  it("exports the filtered list as CSV for an admin, with the attachments' back-office links", async () => {
    const [exported] = await t.database.db
      .insert(contactSubmissions)
      .values({
        name: "=cmd|' /C calc'!A0",
        email: "csv@example.test",
        description: 'say "hi", then\nleave',
        fileAttachments: ["inquiries/1_a.pdf", "inquiries/2_b.png"],
        status: "contacted",
      })
      .returning({ id: contactSubmissions.id });
    const response = await callRoute(csvLoader, t.runtime, "/admin/inquiries.csv?q=csv%40example", {
      cookie: t.cookies.admin,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const text = await response.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Received","Kind","Name","Email","Service","Budget","Timeline","Description","Wedding date","Wedding location","Wedding budget","Attachments","Status"',
    );
    expect(text).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(text).toContain('"say ""hi"", then\nleave"');
    const links = `http://localhost:3999/admin/inquiries/${exported?.id}/attachments`;
    expect(text).toContain(`"${links}/0 ${links}/1"`);
    expect(text).not.toContain("/files/");
    expect(lines.filter(Boolean)).toHaveLength(2);

    const all = await callRoute(csvLoader, t.runtime, "/admin/inquiries.csv", {
      cookie: t.cookies.admin,
    });
    const count = (await all.text()).split("\r\n").filter(Boolean).length;
    expect(count).toBe(1 + ROWS + 5);
  });

  describe("attachments", () => {
    const key = "inquiries/1700000000000_feed01.pdf";
    const BYTES = Buffer.from("%PDF-1.7 confidential brief");
    let inquiryId = "";
    const linkFor = (cookie: string, index = "0", headers: Record<string, string> = {}) =>
      callRoute(attachmentLoader, t.runtime, `/admin/inquiries/${inquiryId}/attachments/${index}`, {
        cookie,
        params: { id: inquiryId, index },
        headers,
      });
    /** The files route, as the browser reaches it (a path with the link's query). */
    const open = (link: string) => {
      const url = new URL(link, "http://localhost");
      const match = url.pathname.match(/^\/files\/([^/]+)\/(.+)$/);
      return filesLoader({
        params: { bucket: match?.[1], "*": match?.[2] },
        request: new Request(url),
        context: routeArgs(t.runtime, "/").context,
      });
    };

    beforeAll(async () => {
      await t.runtime.storage.put("contact-uploads", key, BYTES, {
        contentType: "application/pdf",
      });
      const [row] = await t.database.db
        .insert(contactSubmissions)
        .values({
          name: "Attachment Sender",
          email: "attachments@example.test",
          description: "See the brief",
          fileAttachments: [key, "inquiries/1700000000001_gone02.pdf"],
        })
        .returning({ id: contactSubmissions.id });
      inquiryId = row?.id ?? "";
      await t.database.db.insert(uploads).values({
        bucket: "contact-uploads",
        key,
        originalName: "Our brief.pdf",
        contentType: "application/pdf",
        size: BYTES.length,
        ownerTable: "contact_submissions",
        ownerId: inquiryId,
      });
    });

    it("lists each attachment with its name and its admin link, never a file URL", async () => {
      const page = await callRoute(inquiriesLoader, t.runtime, "/admin?q=attachments%40example", {
        cookie: t.cookies.admin,
      });
      expect(page.data?.fileNames).toEqual({ [key]: "Our brief.pdf" });
      expect(page.data?.result.rows[0]?.fileAttachments?.[0]).toBe(key);
    });

    it("gives an admin a signed link that works at once and at 59 s, refused from 60 s or tampered", async () => {
      const response = await linkFor(t.cookies.admin);
      expect(response.status).toBe(302);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      const link = response.headers.get("location") ?? "";
      expect(link).toMatch(
        /^\/files\/contact-uploads\/inquiries\/1700000000000_feed01\.pdf\?disposition=attachment[^&]*&expires=\d+&signature=[0-9a-f]{64}$/,
      );
      expect(FILE_LINK_SECONDS).toBe(60);

      const now = await open(link);
      expect(now.status).toBe(200);
      expect(now.headers.get("cache-control")).toBe("private, no-store");
      // A visitor's attachment downloads (only a resume's PDF shows inline), under its own name.
      expect(now.headers.get("content-disposition")).toBe('attachment; filename="Our brief.pdf"');
      expect(Buffer.from(await now.arrayBuffer())).toEqual(BYTES);
      t.advance(59_000);
      expect((await open(link)).status).toBe(200);
      t.advance(1_000);
      const expired = await open(link);
      expect(expired.status).toBe(403);
      expect(await expired.text()).toBe("This link has expired or is invalid.");
      t.advance(-60_000);
      const tampered = link.replace(/signature=(.)/, (_, first: string) =>
        first === "0" ? "signature=1" : "signature=0",
      );
      expect((await open(tampered)).status).toBe(403);
      // Without a signature, the old public URL of the file: not found.
      const unsigned = await open(`/files/contact-uploads/${key}`);
      expect(unsigned.status).toBe(404);
      expect(unsigned.headers.get("cache-control")).toBe("private, no-store");
    });

    it("answers JSON for the page's script, with a message for a missing file or attachment", async () => {
      const json = { Accept: "application/json" };
      const ok = await linkFor(t.cookies.admin, "0", json);
      expect((await ok.json()).url).toMatch(/^\/files\/contact-uploads\/inquiries\//);
      for (const index of ["1", "2", "x"]) {
        const refused = await linkFor(t.cookies.admin, index, json);
        expect(refused.status).toBe(404);
        expect(await refused.json()).toEqual({ error: "Failed to open the attachment" });
      }
      expect(t.logs.some((l) => l.msg === "Failed to open the attachment: file missing")).toBe(
        true,
      );
      // Without JSON, a failure goes back to the inquiries with the message.
      const page = await linkFor(t.cookies.admin, "1");
      expect(page.headers.get("location")).toBe("/admin");
      expect(page.headers.get("set-cookie")).toMatch(/admin_flash=/);
    });

    it("refuses the attachment link to anyone but an admin", async () => {
      for (const [cookie, status] of [
        ["", 401],
        [t.cookies.viewer, 403],
      ] as const) {
        await expect(linkFor(cookie)).rejects.toSatisfy((r: Response) => r.status === status);
      }
    });
  });

  it("exports rows a microsecond apart without losing any (the cursor keeps PostgreSQL precision)", async () => {
    await t.database.db.execute(sql`
      insert into contact_submissions (name, email, description, created_at)
      select 'Micro ' || g, 'micro' || g || '@example.test', 'microsecond row',
             timestamptz '2024-01-01 00:00:00+00' + g * interval '1 microsecond'
      from generate_series(1, 1100) as g`);
    const ids: string[] = [];
    for await (const batch of exportInquiries(t.database.db, {
      q: "microsecond row",
      status: "",
    })) {
      ids.push(...batch.map((r) => r.id));
    }
    expect(new Set(ids).size).toBe(1100);
  });
});

describe("CSV cells and reply links", () => {
  it("quotes every cell and defuses formulas", () => {
    expect(csvCell(null)).toBe('""');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    expect(csvCell(new Date("2025-01-02T03:04:05Z"))).toBe('"2025-01-02T03:04:05.000Z"');
    expect(csvRow(["a", 1, ["x", "y"]])).toBe('"a","1","x y"\r\n');
  });

  it("round-trips through a CSV parser for any text", () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 5 }), (cells) => {
        const parsed = parseCsvRow(csvRow(cells).slice(0, -2));
        expect(parsed).toEqual(cells.map((c) => (/^[=+\-@\t\r]/.test(c) ? `'${c}` : c)));
      }),
    );
  });

  it("replies with the SPEC subject", () => {
    expect(replySubject({ kind: "project", service: "video-production" })).toBe(
      "Re: Your Video Production Project Inquiry",
    );
    expect(replySubject({ kind: "project", service: null })).toBe("Re: Your Project Inquiry");
    expect(replySubject({ kind: "wedding", service: null })).toBe(
      "Re: Your Wedding Film Project Inquiry",
    );
    expect(replySubject({ kind: "project", service: "web-app-development" })).toBe(
      "Re: Your Web & App Development Project Inquiry",
    );
  });
});

/** A minimal RFC 4180 reader for one row (test oracle). */
function parseCsvRow(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  if (line === "") return cells;
  while (i <= line.length) {
    expect(line[i]).toBe('"');
    let value = "";
    i++;
    for (;;) {
      const c = line[i];
      if (c === '"' && line[i + 1] === '"') {
        value += '"';
        i += 2;
      } else if (c === '"') {
        i++;
        break;
      } else {
        value += c;
        i++;
      }
    }
    cells.push(value);
    if (line[i] === ",") i++;
    else break;
  }
  return cells;
}
