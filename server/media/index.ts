import type { Config } from "@server/config";
import { createTranscodeReports } from "./metrics";
import { findMediaTools } from "./tools";
import { createMediaUploads, type MediaUploadServices } from "./uploads";

export { queueWaitingTranscodes, transcodeMediaJob } from "./transcode-job";
export { mediaUploadSweepJob } from "./upload-sweep-job";

/**
 * The runtime's part of the Media library (issue #44): its upload endpoint, its tools, and the
 * reports of its transcodes that /metrics reads.
 */
export function createMediaLibrary(config: Config, services: () => MediaUploadServices) {
  return {
    uploads: createMediaUploads(config, services),
    tools: findMediaTools(config),
    transcodes: createTranscodeReports(),
  };
}
