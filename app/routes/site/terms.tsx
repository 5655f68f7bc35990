import { LegalDocument } from "~/components/site/legal/legal-page";
import { TERMS } from "~/content/legal";
import { metaFor } from "~/lib/page.server";
import type { Route } from "./+types/terms";

export function loader({ request, context }: Route.LoaderArgs) {
  return { meta: metaFor(request, context, TERMS.seo), page: TERMS };
}

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={loaderData.page} />;
}
