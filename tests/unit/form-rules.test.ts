import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { contactInquirySchema } from "~/entities/inquiry/contact-form";
import { weddingInquirySchema } from "~/entities/inquiry/wedding-form";
import { jobApplicationSchema } from "~/entities/job-application/form";
import {
  APPLICATION_RULES,
  CONTACT_RULES,
  checkValue,
  checkValues,
  type FormRules,
  WEDDING_RULES,
} from "~/lib/forms/rules";

/**
 * The browser's rules (zod-free, decision 0160) and the server's zod schemas must give the same
 * message for the same value of every field a visitor types into: otherwise the page would show
 * one text before sending and another after. Fields left to the server (selects, attachments, the
 * spam trap) are listed, so a new typed field without a browser rule fails here.
 */

const SAMPLES = [
  "",
  " ",
  "a",
  "  Sam Rivers  ",
  "x".repeat(50),
  "x".repeat(51),
  "x".repeat(200),
  "x".repeat(201),
  "x".repeat(5001),
  "x".repeat(10001),
  "sam@example.com",
  " sam@example.com ",
  "sam@nowhere",
  "sam@@example.com",
  ".sam@example.com",
  "sam..rivers@example.com",
  "sam.rivers+jobs@example.co.uk",
  `${"a".repeat(250)}@example.com`,
  "https://example.com/work",
  "http://example.com",
  " https://example.com ",
  "ftp://files.example.com",
  "example.com",
  "javascript:alert(1)",
  `https://example.com/${"p".repeat(500)}`,
  "0",
  "5",
  "-1",
  "1.5",
  "80",
  "81",
  "abc",
  "1e1",
  "2027-06-12",
  "2027-02-30",
  "12/06/2027",
  "1899-12-31",
];

const forms: {
  name: string;
  schema: z.ZodObject;
  rules: FormRules;
  serverOnly: string[];
  valid: Record<string, string>;
}[] = [
  {
    name: "contact",
    schema: contactInquirySchema,
    rules: CONTACT_RULES,
    serverOnly: ["service", "budget", "timeline", "attachments", "website"],
    valid: { name: "Dana", email: "dana@example.com", description: "A launch film." },
  },
  {
    name: "application",
    schema: jobApplicationSchema,
    rules: APPLICATION_RULES,
    serverOnly: ["remote_preference", "website"],
    valid: { name: "Sam", email: "sam@example.com", position_title: "Video Editor" },
  },
  {
    name: "wedding",
    schema: weddingInquirySchema,
    rules: WEDDING_RULES,
    serverOnly: ["budget", "website"],
    valid: { name: "Alex", email: "alex@example.com" },
  },
];

/** The first message zod gives for `field`, as the server shows it under the field. */
function serverMessage(schema: z.ZodObject, input: Record<string, string>, field: string) {
  const result = schema.safeParse(input);
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe.each(forms)("$name form: browser rules and zod schema agree", (form) => {
  it("covers every typed field of the schema, and only those", () => {
    const typed = Object.keys(form.schema.shape).filter((key) => !form.serverOnly.includes(key));
    expect(Object.keys(form.rules).sort()).toEqual(typed.sort());
  });

  it("accepts the valid base input on both sides", () => {
    expect(form.schema.safeParse(form.valid).success).toBe(true);
    expect(checkValues(form.rules, (name) => form.valid[name] ?? "")).toEqual({});
  });

  for (const field of Object.keys(form.rules)) {
    it(`gives the same message for every sample value of ${field}`, () => {
      const checks = form.rules[field] ?? [];
      for (const value of SAMPLES) {
        const input = { ...form.valid, [field]: value };
        expect(checkValue(checks, value), JSON.stringify(value)).toBe(
          serverMessage(form.schema, input, field),
        );
      }
    });
  }
});

describe("SPEC section 5's messages in the browser rules of the application form", () => {
  it("an empty form: name, email and position", () => {
    expect(checkValues(APPLICATION_RULES, () => "")).toEqual({
      name: ["Name is required"],
      email: ["Valid email is required"],
      position_title: ["Position is required"],
    });
  });
  it("bad e-mail, URLs and years", () => {
    const values: Record<string, string> = {
      name: "Sam",
      email: "sam@nowhere",
      position_title: "Producer",
      portfolio_url: "not a url",
      linkedin_url: "ftp://example.com",
      experience_years: "-1",
    };
    expect(checkValues(APPLICATION_RULES, (name) => values[name] ?? "")).toEqual({
      email: ["Valid email is required"],
      portfolio_url: ["Must be a valid URL"],
      linkedin_url: ["Must be a valid URL"],
      experience_years: ["Experience must be 0 or more years"],
    });
  });
});
