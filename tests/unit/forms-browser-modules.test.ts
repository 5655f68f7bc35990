import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * What the browser loads to hydrate /contact, /careers and /weddings must not bring zod (the form
 * schemas, ~24 KiB gzipped) or sonner (~10 KiB, loaded on the first toast). Follows the static
 * imports of the pages' modules, as the bundler does; dynamic `import()` is a separate chunk and
 * the route modules' server imports (`@server/*`, `*.server`) are stripped from the browser build
 * by React Router, so neither is followed.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const ENTRIES = [
  "app/routes/site/contact.tsx",
  "app/routes/site/careers.tsx",
  "app/routes/site/weddings.tsx",
  "app/components/forms/contact-form.tsx",
  "app/components/forms/application-form.tsx",
  "app/components/site/careers/apply.tsx",
  "app/components/site/careers/inline-application-form.tsx",
  "app/components/site/weddings/inquiry-form.tsx",
  "app/components/ui/toasts.tsx",
];
const SCHEMA_MODULES = [
  "app/lib/forms/zod.ts",
  "app/lib/forms/common.ts",
  "app/entities/inquiry/contact-form.ts",
  "app/entities/job-application/form.ts",
  "app/entities/inquiry/wedding-form.ts",
];

const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm;

function staticImports(file: string): string[] {
  const source = readFileSync(path.join(ROOT, file), "utf8");
  return [...source.matchAll(STATIC_IMPORT)]
    .filter((match) => !match[1]) // `import type` is erased
    .map((match) => match[2] as string);
}

function resolveLocal(from: string, specifier: string): string | null {
  const base = specifier.startsWith("~/")
    ? path.join("app", specifier.slice(2))
    : path.join(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) {
    const absolute = path.join(ROOT, candidate);
    if (/\.tsx?$/.test(candidate) && existsSync(absolute) && statSync(absolute).isFile()) {
      return candidate;
    }
  }
  return null;
}

/** Every local module and package the entries reach through static imports. */
function reachable(entries: string[]) {
  const modules = new Map<string, string>(); // module -> the module that imported it
  const packages = new Map<string, string>();
  const queue: [file: string, importer: string][] = entries.map((entry) => [entry, "(entry)"]);
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [file, importer] = next;
    if (modules.has(file)) continue;
    modules.set(file, importer);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith("@server/") || /\.server(\.tsx?)?$/.test(specifier)) continue;
      if (specifier.startsWith(".") || specifier.startsWith("~/")) {
        const resolved = resolveLocal(file, specifier);
        if (!resolved) throw new Error(`cannot resolve ${specifier} from ${file}`);
        queue.push([resolved, file]);
      } else {
        const name = specifier.startsWith("@")
          ? specifier.split("/").slice(0, 2).join("/")
          : (specifier.split("/")[0] as string);
        if (!packages.has(name)) packages.set(name, file);
      }
    }
  }
  return { modules, packages };
}

describe("the public forms' browser modules", () => {
  const { modules, packages } = reachable(ENTRIES);

  it("reach neither zod nor sonner", () => {
    expect(packages.get("zod"), "zod imported by").toBeUndefined();
    expect(packages.get("sonner"), "sonner imported by").toBeUndefined();
  });

  it("reach no form schema module (the limits come from app/lib/forms/limits.ts)", () => {
    const found = SCHEMA_MODULES.filter((schema) => modules.has(schema)).map(
      (schema) => `${schema} (imported by ${modules.get(schema)})`,
    );
    expect(found).toEqual([]);
    expect(modules.has("app/lib/forms/limits.ts")).toBe(true);
  });

  it("sees an import of zod where there is one (the walker works)", () => {
    expect(reachable(["app/entities/inquiry/contact-form.ts"]).packages.has("zod")).toBe(true);
    expect(reachable(["app/components/ui/toasts-sonner.tsx"]).packages.has("sonner")).toBe(true);
  });
});

describe("the limits the browser uses", () => {
  it("are the ones the schemas and the server read", async () => {
    const limits = await import("~/lib/forms/limits");
    const contact = await import("~/entities/inquiry/contact-form");
    const application = await import("~/entities/job-application/form");
    expect(contact.MAX_ATTACHMENTS).toBe(limits.MAX_ATTACHMENTS);
    expect(contact.MAX_ATTACHMENTS_MESSAGE).toBe("Maximum 5 files allowed");
    expect(application.RESUME_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(application.RESUME_EXTENSIONS).toBe(limits.RESUME_EXTENSIONS);
    const six = Array.from({ length: 6 }, () => crypto.randomUUID());
    const parsed = contact.contactInquirySchema.safeParse({
      name: "A",
      email: "a@example.com",
      description: "A project",
      attachments: six,
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(limits.MAX_ATTACHMENTS_MESSAGE);
  });
});
