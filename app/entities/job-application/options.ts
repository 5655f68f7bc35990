import { optionsOf } from "~/entities/inquiry/options";
import type { REMOTE_PREFERENCES } from "~/lib/values";

/** The labels of an application's choices, as the application form shows them. Browser-safe. */
export const REMOTE_PREFERENCE_LABELS: Record<(typeof REMOTE_PREFERENCES)[number], string> = {
  flexible: "Flexible",
  onsite: "On-site",
  remote: "Remote",
  hybrid: "Hybrid",
};

export const REMOTE_PREFERENCE_OPTIONS = optionsOf(REMOTE_PREFERENCE_LABELS);
