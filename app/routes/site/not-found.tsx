import { notFoundMeta } from "@server/route-kit/content-meta";
import { missingStatus, movedOrGone } from "@server/route-kit/missing-page";
import { data } from "react-router";
import { NotFoundView } from "~/components/site/not-found-view";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/not-found";

/**
 * Any path no other route claims: a real 404 status, not indexed (SPEC section 2), unless a
 * redirect moves it (301, thrown) or marks it gone (410, decision 0370).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const status = missingStatus(await movedOrGone(request, context));
  return data({ meta: notFoundMeta(request, context, status), gone: status === 410 }, { status });
}

export const meta = loaderMeta;

export default function NotFound({ loaderData }: Route.ComponentProps) {
  return <NotFoundView gone={loaderData.gone} />;
}
