/**
 * Creates a back-office user, or updates the password and role of an existing one.
 *
 *   npm run user:create -- --email ana@studio.test --password 'long passphrase' [--role admin|editor] [--name Ana]
 *
 * `--admin` is `--role admin`; without a role the account can sign in but opens nothing.
 *
 * Uses the same configuration as the server (DATABASE_URL or the embedded database in DATA_DIR).
 * The embedded database allows one process: stop the server first, or use DATABASE_URL.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "@server/config";
import { claimDataDir } from "@server/data-dir";
import { openDatabase } from "@server/db/client";
import { DataDirLockedError, lockDataDir } from "@server/db/data-dir-lock";
import { deriveKeys } from "@server/keys";
import { loadOrCreateSecret } from "@server/secret";
import { passwordProblem } from "@server/security/passwords";
import { createAuth, ensureUser } from "@server/staff/auth";
import { z } from "zod";
import { STAFF_ROLES } from "~/lib/values";

const usage =
  "Usage: npm run user:create -- --email <email> --password <password> [--name <name>] [--role admin|editor | --admin]\n" +
  "       (the password may also come from the USER_PASSWORD environment variable)";

const argsSchema = z.object({
  email: z.email("--email must be an e-mail address"),
  // The one password rule (length, not a common password), with its own message.
  password: z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: `the password ${problem.reason}` });
  }),
  name: z.string().trim().min(1).optional(),
  role: z.enum(STAFF_ROLES, { error: "--role must be admin or editor" }).nullable(),
});

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      admin: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const { admin, ...rest } = values;
  const parsed = argsSchema.safeParse({
    ...rest,
    role: admin ? "admin" : (values.role ?? null),
    password: values.password ?? process.env.USER_PASSWORD,
  });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join("\n"));
    console.error(usage);
    return 2;
  }

  const config = loadConfig();
  const repaired = await claimDataDir(config.DATA_DIR);
  if (repaired > 0) {
    console.error(
      `Made ${repaired} files and folders of DATA_DIR owner-only (other users could read them).`,
    );
  }
  const release = config.DATABASE_URL ? null : await lockDataDir(config.DATA_DIR);
  const database = config.DATABASE_URL
    ? await openDatabase({ driver: "postgres", url: config.DATABASE_URL })
    : await openDatabase({ driver: "pglite", directory: path.join(config.DATA_DIR, "pgdata") });
  try {
    await database.migrate();
    const secret = config.AUTH_SECRET ?? (await loadOrCreateSecret(config.DATA_DIR));
    const auth = createAuth({
      db: database.db,
      siteUrl: config.SITE_URL,
      secret: deriveKeys(secret).sessions,
      sessionIdleHours: config.SESSION_IDLE_HOURS,
    });
    const outcome = await ensureUser(auth, parsed.data);
    console.log(
      `${outcome === "created" ? "Created" : "Updated"} ${parsed.data.email}` +
        (parsed.data.role ? ` (${parsed.data.role})` : " (no back-office role)"),
    );
    return 0;
  } finally {
    await database.close();
    await release?.();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
