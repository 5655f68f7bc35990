import { requireAccess } from "@server/security/admin-access";
import { redirect } from "react-router";
import type { Route } from "./+types/inquiries-home";

/**
 * GET /admin/inquiries: the inquiries' list lives at /admin (SPEC), and an inquiry's page at
 * /admin/inquiries/:id; someone who trims that address lands on the list (with its query), not on
 * the public site's 404 page.
 */
export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  return redirect(`/admin${new URL(args.request.url).search}`);
}
