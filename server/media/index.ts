import type { Config } from "@server/config";
import { findMediaTools } from "./tools";
import { createMediaUploads, type MediaUploadServices } from "./uploads";

export { queueWaitingTranscodes, transcodeMediaJob } from "./transcode-job";

/** The runtime's part of the Media library (issue #44): its upload endpoint and its tools. */
export function createMediaLibrary(config: Config, services: () => MediaUploadServices) {
  return { uploads: createMediaUploads(config, services), tools: findMediaTools(config) };
}
