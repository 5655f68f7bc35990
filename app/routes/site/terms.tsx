import { metaFor } from "@server/route-kit/page-meta";
import { LegalDocument } from "~/components/site/legal/legal-page";
import { TERMS } from "~/copy/legal";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/terms";

export function loader({ request, context }: Route.LoaderArgs) {
  return { meta: metaFor(request, context, TERMS.seo), page: TERMS };
}

export const meta = loaderMeta;

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={loaderData.page} />;
}
