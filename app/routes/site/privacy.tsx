import { metaFor } from "@server/pages/page-meta";
import { LegalDocument } from "~/components/site/legal/legal-page";
import { PRIVACY } from "~/copy/legal";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/privacy";

export function loader({ request, context }: Route.LoaderArgs) {
  return { meta: metaFor(request, context, PRIVACY.seo), page: PRIVACY };
}

export const meta = loaderMeta;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={loaderData.page} />;
}
