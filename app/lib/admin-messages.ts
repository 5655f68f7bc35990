/**
 * The back-office's messages: SPEC section 8's admin toasts (quoted exactly) and, where SPEC has
 * none (inquiries and applications, whose failures the original only logged), our own wording.
 */
import type { FlashInput } from "~/lib/flash";

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
  attachmentFailed: "Failed to open the attachment",
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
export const BLOG_MESSAGES = {
  fetchFailed: "Failed to fetch blog posts",
  // SPEC section 8 (blog delete), quoted exactly.
  deleted: (title: string) => `"${title}" has been deleted successfully.`,
  deleteFailed: (message: string) => `Failed to delete blog post: ${message}`,
  // The editor and categories (SPEC has no wording; ours, like the portfolio's).
  created: "Blog post created successfully",
  updated: "Blog post updated successfully",
  saveFailed: "Failed to save blog post",
  unpublished: "Blog post unpublished. It is no longer on the website.",
  notPublished: "This post is not published.",
  categoriesFetchFailed: "Failed to fetch blog categories",
  categoryCreated: (name: string) => `Category "${name}" created successfully`,
  categoryUpdated: (name: string) => `Category "${name}" updated successfully`,
  categoryToggled: (name: string, active: boolean) =>
    `Category "${name}" ${active ? "activated" : "deactivated"}`,
  categorySaveFailed: "Failed to save category",
};

export const BAD_REQUEST = "That request could not be understood. Please reload and try again.";

// The editors of portfolio items, testimonials and team members (issue #7). SPEC section 8 quotes
// the portfolio's toasts; the others follow their pattern.
export interface EditorMessages {
  created: string;
  updated: string;
  saveFailed: string;
}

export const PORTFOLIO_EDITOR_MESSAGES: ModerationMessages &
  EditorMessages & { unpublished: string; notPublished: string } = {
  ...PORTFOLIO_MESSAGES,
  updateFailed: "Failed to update portfolio item",
  deleteFailed: "Failed to delete portfolio item",
  deleted: "Portfolio item deleted successfully",
  toggled: (on) => (on ? "Portfolio item featured" : "Portfolio item unfeatured"),
  created: "Portfolio item created successfully",
  updated: "Portfolio item updated successfully",
  saveFailed: "Failed to save portfolio item",
  unpublished: "Portfolio item unpublished. It is no longer on the website.",
  notPublished: "This portfolio item is not published.",
};
export const TESTIMONIAL_EDITOR_MESSAGES: EditorMessages = {
  created: "Testimonial created successfully",
  updated: "Testimonial updated successfully",
  saveFailed: "Failed to save testimonial",
};
export const TEAM_EDITOR_MESSAGES: EditorMessages = {
  created: "Team member created successfully",
  updated: "Team member updated successfully",
  saveFailed: "Failed to save team member",
};

/** The case-study editor (issue #7), worded like SPEC's portfolio toasts. */
export const CASE_STUDY_EDITOR_MESSAGES = {
  created: "Case study created successfully",
  updated: "Case study updated successfully",
  saveFailed: "Failed to save case study",
  notFound: "This case study no longer exists",
  unpublished: "Case study unpublished. It is no longer on the website.",
  notPublished: "This case study is not published.",
};

/** The editors' publishing (issue #31): the same words for every entity with drafts. */
export const WORKFLOW_MESSAGES = {
  draftSaved: "Draft saved. The website shows the published version until you publish.",
  restored: "Revision restored as the draft. Publish it to put it on the website.",
  scheduled: (when: string, timeZone: string) =>
    `Scheduled. It will be published on ${when} (${timeZone}).`,
  publishAtInvalid: "Enter a date and time in the future to schedule publishing.",
  // Review before publishing (issue #31, decision 0333).
  forbidden: "Your role cannot do that: save a draft or submit it for review.",
  notInReview: "This item is not waiting for review.",
  commentRequired: "Write what should change.",
  commentTooLong: "Keep the comment under 2,000 characters.",
  submitted: "Submitted for review. An editor will approve it or ask for changes.",
  approved: "Approved and published. The author has been e-mailed.",
  changesRequested: "Changes requested. The author has been e-mailed.",
};
