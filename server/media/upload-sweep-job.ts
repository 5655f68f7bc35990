import { defineJob } from "@server/jobs/engine";
import type { Logger } from "@server/logger";
import type { MediaUploads } from "./uploads";

interface SweepServices {
  media: { uploads: Pick<MediaUploads, "sweepExpired"> };
  logger: Logger;
}

/**
 * The Media library's uploads given up (decision 0547): once an hour, one across all instances,
 * the uploads older than a week lose their bytes (S3: the open multipart upload is aborted) and
 * their items. A rerun finds nothing more to remove.
 */
export const mediaUploadSweepJob = defineJob<object, SweepServices>({
  name: "sweep-media-uploads",
  queue: { policy: "singleton", retryLimit: 0, expireInSeconds: 30 * 60 },
  schedule: { cron: "17 * * * *", timeZone: "UTC" },
  async run(_data, { media, logger }) {
    const swept = await media.uploads.sweepExpired();
    if (swept.uploads > 0 || swept.items > 0)
      logger.info(swept, "gave up unfinished video uploads");
  },
});
