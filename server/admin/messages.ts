/**
 * The back-office's messages: SPEC section 8's admin toasts (quoted exactly) and, where SPEC has
 * none (inquiries and applications, whose failures the original only logged), our own wording.
 */
import type { FlashInput } from "../security/flash";

export const success = (description: string): FlashInput => ({
  kind: "success",
  title: "Success",
  description,
});
export const failure = (description: string): FlashInput => ({
  kind: "error",
  title: "Error",
  description,
});

export interface ModerationMessages {
  fetchFailed: string;
  updateFailed: string;
  deleteFailed: string;
  deleted: string;
  /** After the toggle, by the new value (featured / active). */
  toggled: (on: boolean) => string;
}

export const CASE_STUDY_MESSAGES: ModerationMessages = {
  fetchFailed: "Failed to fetch case studies",
  updateFailed: "Failed to update case study",
  deleteFailed: "Failed to delete case study",
  deleted: "Case study deleted successfully",
  toggled: (on) => (on ? "Case study featured" : "Case study unfeatured"),
};

export const TESTIMONIAL_MESSAGES: ModerationMessages = {
  fetchFailed: "Failed to fetch testimonials",
  updateFailed: "Failed to update testimonial",
  deleteFailed: "Failed to delete testimonial",
  deleted: "Testimonial deleted successfully",
  toggled: (on) => (on ? "Testimonial featured" : "Testimonial unfeatured"),
};

export const TEAM_MESSAGES: ModerationMessages = {
  fetchFailed: "Failed to fetch team members",
  updateFailed: "Failed to update team member",
  deleteFailed: "Failed to delete team member",
  deleted: "Team member deleted successfully",
  toggled: (on) => (on ? "Team member activated" : "Team member deactivated"),
};

export const INQUIRY_MESSAGES = {
  fetchFailed: "Failed to fetch inquiries",
  updateFailed: "Failed to update inquiry status",
  exportFailed: "Failed to export inquiries",
  statusSaved: (label: string) => `Inquiry marked ${label}`,
};

export const JOB_APPLICATION_MESSAGES = {
  fetchFailed: "Failed to fetch job applications",
  updateFailed: "Failed to update application status",
  exportFailed: "Failed to export job applications",
  resumeFailed: "Failed to open the resume",
  noResume: "This application has no resume",
  statusSaved: (label: string) => `Application marked ${label}`,
};

export const PORTFOLIO_MESSAGES = { fetchFailed: "Failed to fetch portfolio items" };
export const BLOG_MESSAGES = { fetchFailed: "Failed to fetch blog posts" };

export const BAD_REQUEST = "That request could not be understood. Please reload and try again.";

/** The case-study editor (issue #7), worded like SPEC's portfolio toasts. */
export const CASE_STUDY_EDITOR_MESSAGES = {
  created: "Case study created successfully",
  updated: "Case study updated successfully",
  saveFailed: "Failed to save case study",
  notFound: "This case study no longer exists",
};
