import { getRuntimeFrom } from "@server/context";
import { readRetention } from "@server/privacy/retention";
import { metaFor } from "@server/route-kit/page-meta";
import { LegalDocument } from "~/components/site/legal/legal-page";
import {
  backupRetentionDays,
  backupRetentionSentence,
  PRIVACY,
  retentionSentences,
} from "~/copy/legal";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/privacy";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { config, database } = getRuntimeFrom(context);
  // "How long we keep it": the periods set on /admin/privacy, then the backups' sentence from
  // this server's backup settings (how long a backup may still hold deleted data).
  const sentences = [
    ...retentionSentences(await readRetention(database.db)),
    backupRetentionSentence(backupRetentionDays(config.BACKUP_KEEP, config.BACKUP_INTERVAL_HOURS)),
  ];
  const page = {
    ...PRIVACY,
    sections: PRIVACY.sections.map((section) =>
      section.heading === "How long we keep it"
        ? { ...section, paragraphs: [...section.paragraphs, ...sentences] }
        : section,
    ),
  };
  return { meta: metaFor(request, context, PRIVACY.seo), page };
}

export const meta = loaderMeta;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalDocument page={loaderData.page} />;
}
