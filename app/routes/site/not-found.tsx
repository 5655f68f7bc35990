import { metaFor } from "@server/pages/page-meta";
import { data } from "react-router";
import { NotFoundView } from "~/components/site/not-found-view";
import { SEO } from "~/copy/seo";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/not-found";

/** Any path no other route claims: a real 404 status, not indexed (SPEC section 2). */
export function loader({ request, context }: Route.LoaderArgs) {
  return data(
    { meta: metaFor(request, context, { ...SEO.notFound, noindex: true }) },
    { status: 404 },
  );
}

export const meta = loaderMeta;

export default function NotFound() {
  return <NotFoundView />;
}
