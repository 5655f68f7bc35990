import { Readable } from "node:stream";
import { getRuntimeFrom } from "@server/context";
import { exportZip, findPerson, recordExport } from "@server/privacy/person";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import {
  ADMIN_RESPONSE_HEADERS,
  currentActor,
  requireResourceAccess,
} from "@server/security/admin-access";
import { isCrossSiteRequest } from "@server/security/origin";
import { personSchema } from "~/entities/privacy/form";
import { failure } from "~/lib/admin-messages";
import { studioDay } from "~/lib/studio-time";
import type { Route } from "./+types/privacy-export";

/**
 * POST /admin/privacy/export (admins, issue #32): one ZIP of everything stored about an address,
 * streamed (data.json and the files). A POST, never a GET: the address stays out of URLs and logs.
 */

const PRIVACY_PATH = "/admin/privacy";

export async function loader() {
  return new Response("Use the Export button on /admin/privacy.", {
    status: 405,
    headers: { ...ADMIN_RESPONSE_HEADERS, Allow: "POST" },
  });
}

export async function action(args: Route.ActionArgs) {
  await requireResourceAccess(args);
  const runtime = getRuntimeFrom(args.context);
  if (isCrossSiteRequest(args.request, runtime.config.SITE_URL)) {
    return new Response("Cross-site requests are refused.", {
      status: 403,
      headers: ADMIN_RESPONSE_HEADERS,
    });
  }
  const read = await readPost(args.request, FORM_LIMITS.short, () => null);
  const checked = read.form ? checkPost(read.form, personSchema) : null;
  if (!checked?.data) {
    return redirectWithFlash(
      args.context,
      PRIVACY_PATH,
      failure("Enter the person's email address to export their data"),
    );
  }
  try {
    const db = runtime.database.db;
    const person = await findPerson(db, checked.data.email);
    await recordExport(db, runtime.keys.personHashes, currentActor(args.context), person);
    const name = `personal-data-${studioDay()}.zip`;
    return new Response(Readable.toWeb(exportZip(runtime.storage, person)) as ReadableStream, {
      headers: {
        ...ADMIN_RESPONSE_HEADERS,
        "Content-Type": "application/zip",
        "Content-Disposition": `attachment; filename="${name}"`,
      },
    });
  } catch (error) {
    runtime.logger.error({ err: error }, "a personal data export failed");
    return redirectWithFlash(args.context, PRIVACY_PATH, failure("Failed to export the data"));
  }
}
