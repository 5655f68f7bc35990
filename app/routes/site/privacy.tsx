import { getRuntimeFrom } from "@server/context";
import { metaFor } from "@server/pages/page-meta";
import { LegalDocument } from "~/components/site/legal/legal-page";
import { backupRetentionDays, backupRetentionSentence, PRIVACY } from "~/copy/legal";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/privacy";

export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = getRuntimeFrom(context);
  // "How long we keep it" gains the backups' sentence, from this server's backup settings.
  const sentence = backupRetentionSentence(
    backupRetentionDays(config.BACKUP_KEEP, config.BACKUP_INTERVAL_HOURS),
  );
  const page = {
    ...PRIVACY,
    sections: PRIVACY.sections.map((section) =>
      section.heading === "How long we keep it"
        ? { ...section, paragraphs: [...section.paragraphs, sentence] }
        : section,
    ),
  };
  return { meta: metaFor(request, context, PRIVACY.seo), page };
}

export const meta = loaderMeta;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={loaderData.page} />;
}
