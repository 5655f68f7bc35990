import { ConfigError, loadConfig } from "@server/config";
import { bodyRuleFor, normalizeContentType } from "@server/http/body-limit";
import { redactUrl } from "@server/http/redact";
import { contentDispositionFor } from "@server/storage/types";
import { IMAGE_UPLOAD_MESSAGES } from "@server/uploads/images";
import { checkWordBinary, checkWordZip } from "@server/uploads/word-files";
import { describe, expect, it } from "vitest";
import { UPLOAD_FAILED_MESSAGE } from "~/routes/resources/contact-attachments";
import { docBytes, docxBytes, oleBytes, pdfBytes } from "../support/files";

/** Issue #18: the rules behind the bounded bodies, the proxy setting, logs and stored files. */

describe("TRUST_PROXY in production", () => {
  const production = { NODE_ENV: "production" };
  it("refuses true unless acknowledged, naming the hop count to use instead", () => {
    expect(() => loadConfig({ ...production, TRUST_PROXY: "true" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...production, TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY=1/);
    expect(
      loadConfig({ ...production, TRUST_PROXY: "true", TRUST_PROXY_ACKNOWLEDGE: "true" })
        .TRUST_PROXY,
    ).toBe(true);
  });
  it("takes a hop count, and true outside production", () => {
    expect(loadConfig({ ...production, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
  });
});

describe("request log URLs", () => {
  it("keep paths and names but not the values of signatures and expiries", () => {
    expect(redactUrl("/files/job-applications/r/1_a.pdf?expires=170&signature=abcdef&x=1")).toBe(
      "/files/job-applications/r/1_a.pdf?expires=[redacted]&signature=[redacted]&x=1",
    );
    expect(redactUrl("/a?X-Amz-Signature=f00&X-Amz-Credential=k&token=t&sig=s&page=2")).toBe(
      "/a?X-Amz-Signature=[redacted]&X-Amz-Credential=[redacted]&token=[redacted]&sig=[redacted]&page=2",
    );
    // A signed link's disposition names the visitor's file: personal data, never logged.
    expect(
      redactUrl("/files/r/1_a.pdf?disposition=inline%3B%20filename%3D%22Jo.pdf%22&expires=1"),
    ).toBe("/files/r/1_a.pdf?disposition=[redacted]&expires=[redacted]");
    expect(redactUrl("/b/k.pdf?response-content-disposition=inline&X-Amz-Date=1")).toBe(
      "/b/k.pdf?response-content-disposition=[redacted]&X-Amz-Date=[redacted]",
    );
    expect(redactUrl("/contact")).toBe("/contact");
  });
});

describe("body limits per route", () => {
  it("answer the upload endpoints' refusals with their own error message", () => {
    expect(bodyRuleFor("/admin/uploads/image").json).toBe(IMAGE_UPLOAD_MESSAGES.failed);
    expect(bodyRuleFor("/uploads/contact-attachments").json).toBe(UPLOAD_FAILED_MESSAGE);
  });
  it("read media types case-insensitively, keeping the boundary", () => {
    expect(normalizeContentType("Multipart/Form-Data; boundary=AbC")).toBe(
      "multipart/form-data; boundary=AbC",
    );
  });
});

describe("Word documents", () => {
  it("a .doc needs a WordDocument stream at the root of its OLE file, and no macros", () => {
    expect(checkWordBinary(docBytes())).toBe("word");
    expect(checkWordBinary(oleBytes([["Workbook", 2]]))).toBe("other");
    expect(checkWordBinary(oleBytes([["WordDocument", 1]]))).toBe("other");
    expect(
      checkWordBinary(
        oleBytes([
          ["WordDocument", 2],
          ["Macros", 1],
        ]),
      ),
    ).toBe("macros");
    expect(checkWordBinary(pdfBytes())).toBe("other");
    // A header with nothing behind it.
    expect(checkWordBinary(docBytes().subarray(0, 600))).toBe("other");
  });
  it("a .docx needs word/document.xml", () => {
    expect(checkWordZip(docxBytes())).toBe("word");
    expect(checkWordZip(pdfBytes())).toBe("other");
  });
});

describe("stored files' disposition", () => {
  it("shows raster images of public buckets inline and downloads everything else", () => {
    expect(contentDispositionFor("portfolio-images", "images/1_a.png", "image/png")).toBe(
      'inline; filename="1_a.png"',
    );
    expect(contentDispositionFor("contact-uploads", "inquiries/1_a.pdf", "application/pdf")).toBe(
      'attachment; filename="1_a.pdf"',
    );
    expect(contentDispositionFor("job-applications", "resumes/1_a.png", "image/png")).toBe(
      'attachment; filename="1_a.png"',
    );
    // A resume's PDF opens in the browser's viewer, under the visitor's name when known.
    expect(contentDispositionFor("job-applications", "resumes/1_a.pdf", "application/pdf")).toBe(
      'inline; filename="1_a.pdf"',
    );
    expect(
      contentDispositionFor(
        "job-applications",
        "resumes/1_a.pdf",
        "application/pdf",
        'my "cv".pdf',
      ),
    ).toBe(`inline; filename="my _cv_.pdf"; filename*=UTF-8''my%20%22cv%22.pdf`);
    expect(
      contentDispositionFor("job-applications", "resumes/1_a.doc", "application/msword", "cv.doc"),
    ).toBe('attachment; filename="cv.doc"');
  });
});
