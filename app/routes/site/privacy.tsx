import { LegalDocument } from "~/components/site/legal/legal-page";
import { PRIVACY } from "~/content/legal";
import { metaFor } from "~/lib/page.server";
import type { Route } from "./+types/privacy";

export function loader({ request, context }: Route.LoaderArgs) {
  return { meta: metaFor(request, context, PRIVACY.seo), page: PRIVACY };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={loaderData.page} />;
}
