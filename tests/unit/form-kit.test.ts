import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { describe, expect, it } from "vitest";
import { checkForm, fieldErrorsOf, textValuesOf } from "~/lib/forms/check";
import { HONEYPOT_FIELD } from "~/lib/forms/honeypot";
import { z } from "~/lib/forms/zod";

/** The form kit (decision 0200): one read, one check, one error shape. */

const schema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  email: z.email("Please enter a valid email address").max(20, "Too long"),
});

function formOf(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) form.append(name, one);
  }
  return form;
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/form", { method: "POST", body, headers });

describe("fieldErrorsOf", () => {
  it("gives each field its messages once, in order, and puts path-less issues under `form`", () => {
    const errors = fieldErrorsOf(
      new z.ZodError([
        { code: "custom", path: ["email"], message: "A", input: "" },
        { code: "custom", path: ["email"], message: "A", input: "" },
        { code: "custom", path: ["email"], message: "B", input: "" },
        { code: "custom", path: [], message: "C", input: "" },
      ]),
    );
    expect(errors).toEqual({ email: ["A", "B"], form: ["C"] });
  });
});

describe("textValuesOf", () => {
  it("keeps what was typed (first of a repeated name), leaving out files and the spam trap", () => {
    const form = formOf({ name: ["Ada", "again"], [HONEYPOT_FIELD]: "bot" });
    form.append("file", new File(["x"], "x.txt"));
    expect(textValuesOf(form)).toEqual({ name: "Ada" });
  });
});

describe("checkForm", () => {
  it("answers the data of a valid form", () => {
    expect(checkForm(schema, formOf({ name: " Ada ", email: "a@b.co" }))).toEqual({
      data: { name: "Ada", email: "a@b.co" },
    });
  });

  it("answers the messages per field with the values as typed", () => {
    const checked = checkForm(schema, formOf({ name: "  ", email: "nope" }));
    expect(checked).toEqual({
      fieldErrors: { name: ["Name is required"], email: ["Please enter a valid email address"] },
      values: { name: "  ", email: "nope" },
    });
  });
});

describe("readPost and checkPost", () => {
  const refuse = ({ status, message }: { status: number; message: string }) => ({
    status,
    message,
  });

  it("reads a urlencoded or multipart post and checks it", async () => {
    for (const body of [
      new URLSearchParams({ name: "Ada", email: "a@b.co" }),
      formOf({ name: "Ada", email: "a@b.co" }),
    ]) {
      const read = await readPost(post(body), FORM_LIMITS.short, refuse);
      if (!read.form) throw new Error("not read");
      expect(checkPost(read.form, schema).data).toEqual({ name: "Ada", email: "a@b.co" });
    }
  });

  it("lists repeated names where asked and lets the action add values of its own", async () => {
    const read = await readPost(
      post(
        new URLSearchParams([
          ["tag", "a"],
          ["tag", "b"],
          ["name", "Ada"],
        ]),
      ),
      FORM_LIMITS.short,
      refuse,
    );
    if (!read.form) throw new Error("not read");
    const lists = z.object({ tag: z.array(z.string()), name: z.string(), extra: z.number() });
    expect(checkPost(read.form, lists, { arrays: ["tag"], extra: { extra: 1 } }).data).toEqual({
      tag: ["a", "b"],
      name: "Ada",
      extra: 1,
    });
  });

  it("answers a refused read with its 4xx status and message, never a throw", async () => {
    const notAForm = await readPost(
      post("{}", { "content-type": "application/json" }),
      FORM_LIMITS.short,
      refuse,
    );
    expect(notAForm.refused).toEqual({
      status: 415,
      message: "Only form posts are accepted here.",
    });

    const withFile = formOf({ name: "Ada" });
    withFile.append("file", new File(["x"], "x.txt", { type: "text/plain" }));
    const fileRefused = await readPost(post(withFile), FORM_LIMITS.short, refuse);
    expect(fileRefused.refused).toEqual({ status: 413, message: "This form takes no files." });

    const tooLarge = await readPost(
      post(new URLSearchParams({ name: "x".repeat(2048) })),
      { ...FORM_LIMITS.short, maxTotalSize: 1024 },
      refuse,
    );
    expect(tooLarge.refused?.status).toBe(413);

    const malformed = await readPost(
      post("--x\r\nnot a part", { "content-type": "multipart/form-data; boundary=x" }),
      FORM_LIMITS.short,
      refuse,
    );
    expect(malformed.refused?.status).toBe(400);
  });
});
