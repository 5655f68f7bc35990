import { CONTACT_STATUSES, CONTENT_STATUSES, JOB_APPLICATION_STATUSES } from "~/lib/values";

/** The status choices of the back-office's lists and pages, for the server's checks and the screens. */

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export const CONTACT_STATUS_OPTIONS = CONTACT_STATUSES.map((value) => ({
  value,
  label: capitalize(value),
}));
export const CONTENT_STATUS_OPTIONS = CONTENT_STATUSES.map((value) => ({
  value,
  label: capitalize(value),
}));
export const JOB_APPLICATION_STATUS_OPTIONS = JOB_APPLICATION_STATUSES.map((value) => ({
  value,
  label: capitalize(value),
}));
