import { missingStatus, movedOrGone } from "@server/content/redirects";
import { metaFor } from "@server/pages/page-meta";
import { data } from "react-router";
import { NotFoundView } from "~/components/site/not-found-view";
import { SEO } from "~/copy/seo";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/not-found";

/**
 * Any path no other route claims: a real 404 status, not indexed (SPEC section 2), unless a
 * redirect moves it (301, thrown) or marks it gone (410, decision 0370).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const status = missingStatus(await movedOrGone(request, context));
  return data({ meta: metaFor(request, context, { ...SEO.notFound, noindex: true }) }, { status });
}

export const meta = loaderMeta;

export default function NotFound() {
  return <NotFoundView />;
}
