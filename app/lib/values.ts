/**
 * The allowed values of every enumerated field (SPEC sections 3 to 5), shared by the database
 * constraints, the validation schemas and the forms. Browser-safe.
 */

export const CONTENT_STATUSES = ["published", "draft", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

export const BLOG_POST_STATUSES = ["published", "draft", "archived"] as const;

/**
 * The entities with drafts, publishing and revisions (issue #31), by their audit-log name; the
 * pending work of one item (its draft, its review or schedule) and the kinds of revision.
 */
export const WORKFLOW_ENTITIES = ["blog_post", "case_study", "portfolio_item"] as const;
export type WorkflowEntity = (typeof WORKFLOW_ENTITIES)[number];
export const DRAFT_STATES = ["draft", "in_review", "scheduled"] as const;
export type DraftState = (typeof DRAFT_STATES)[number];
export const REVISION_KINDS = ["draft", "published"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
export type BlogPostStatus = (typeof BLOG_POST_STATUSES)[number];

export const GALLERY_LAYOUTS = ["grid", "music-videos", "curated"] as const;
export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number];

/** Portfolio service types: stored as keys, shown with their labels. */
export const PORTFOLIO_SERVICE_TYPE_LABELS = {
  "video-production": "Video Production",
  "post-production": "Post Production",
  "ads-media-buying": "Digital Growth Campaigns",
  "web-app-development": "Web & App Development",
  "social-content": "Social Content",
  consulting: "Consulting",
} as const;
export type PortfolioServiceType = keyof typeof PORTFOLIO_SERVICE_TYPE_LABELS;
export const PORTFOLIO_SERVICE_TYPES = Object.keys(
  PORTFOLIO_SERVICE_TYPE_LABELS,
) as PortfolioServiceType[];

export const INQUIRY_KINDS = ["project", "wedding"] as const;

export const SERVICES = [
  "video-production",
  "post-production",
  "ads-media-buying",
  "web-app-development",
  "social-content",
  "full-service",
] as const;
export const BUDGETS = ["under-25k", "25k-50k", "50k-100k", "100k-250k", "250k-plus"] as const;
export const TIMELINES = ["asap", "1-month", "2-3-months", "3-6-months", "flexible"] as const;
export const WEDDING_BUDGETS = ["4500-7500", "7500-12000", "12000-20000", "20000+"] as const;

export const CONTACT_STATUSES = ["new", "contacted", "qualified", "closed"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const JOB_APPLICATION_STATUSES = [
  "new",
  "reviewing",
  "interview",
  "hired",
  "rejected",
] as const;
export type JobApplicationStatus = (typeof JOB_APPLICATION_STATUSES)[number];
/** The final statuses of an application: retention counts from the day one was set (issue #32). */
export const FINAL_APPLICATION_STATUSES: readonly JobApplicationStatus[] = ["hired", "rejected"];

/** The consent banner's outcomes, as records of consent count them (issue #32). */
export const CONSENT_CHOICES = ["accept", "decline", "custom"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

export const REMOTE_PREFERENCES = ["onsite", "remote", "hybrid", "flexible"] as const;

export const UPLOAD_BUCKETS = [
  "contact-uploads",
  "job-applications",
  "portfolio-images",
  /** The Media library's masters, as uploaded (issue #44): private. */
  "media-masters",
  /** What is made from a master (HLS renditions, poster, storyboard, captions): private. */
  "media-renditions",
] as const;
export type UploadBucket = (typeof UPLOAD_BUCKETS)[number];
/**
 * The buckets a backup carries: not the renditions, which are made again from their masters
 * after a restore (decision 0496).
 */
export const BACKED_UP_BUCKETS: readonly UploadBucket[] = UPLOAD_BUCKETS.filter(
  (bucket) => bucket !== "media-renditions",
);

/** Where a Media library item is (issue #44): its upload, its job, the outcome. */
export const MEDIA_STATES = ["uploading", "queued", "processing", "ready", "failed"] as const;
export type MediaState = (typeof MEDIA_STATES)[number];
/** Where a client review project stands (issue #45). */
export const PROJECT_STATUSES = ["active", "delivered", "archived"] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  active: "Active",
  delivered: "Delivered",
  archived: "Archived",
};
/** A reviewer's verdict on a version (issue #45): approved, or changes requested with a note. */
export const APPROVAL_DECISIONS = ["approve", "changes"] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
/**
 * Buckets whose files anyone may read by URL; the others (visitors' attachments and resumes) only
 * through signed links that an admin route makes (decisions 0057, 0275).
 */
export const PUBLIC_BUCKETS: readonly UploadBucket[] = ["portfolio-images"];

/** What started a backup run (issue #21): the schedule, "Back up now", or `npm run backup`. */
export const BACKUP_TRIGGERS = ["scheduled", "manual", "cli"] as const;
export type BackupTrigger = (typeof BACKUP_TRIGGERS)[number];
export const BACKUP_STATUSES = ["running", "succeeded", "failed"] as const;
export type BackupStatus = (typeof BACKUP_STATUSES)[number];

/** Back-office roles (issue #29); a user with neither (better-auth's "user") has no access. */
/** Admins do everything; editors the content; contributors write drafts of posts and case studies. */
export const STAFF_ROLES = ["admin", "editor", "contributor"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  admin: "Admin",
  editor: "Editor",
  contributor: "Contributor",
};

/** What an audit-log row records (issue #29): back-office writes and account events. */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "sign_in",
  "sign_in_failed",
  "sign_in_slowed",
  "sign_in_locked",
  /** A wrong current password or code on "Your account" or the step-up (issue #47). */
  "verification_failed",
  "invite",
  "role_change",
  "deactivate",
  "reactivate",
  "remove",
  "password_reset",
  "password_change",
  "two_factor_on",
  "two_factor_off",
  "recovery_code_used",
  "recovery_codes_regenerated",
  "passkey_added",
  "passkey_removed",
  "sessions_ended",
  "setting_change",
  "backup",
  "download",
  "restore",
  /** A person's data (issue #32): exported, erased; the daily retention run. */
  "export",
  "erase",
  "retention",
  /** Pipelines (issue #30): a note added, a reply sent, a rating given on an inquiry or application. */
  "note",
  "reply",
  "rate",
  "save_draft",
  "schedule",
  "restore_revision",
  /** Review before publishing (issue #31): a contributor's draft sent, approved, sent back. */
  "submit_for_review",
  "approve",
  "request_changes",
  /** Invitations (issue #47): accepted by the invitee (a password chosen), resent, revoked. */
  "invite_accept",
  "invite_resend",
  "invite_revoke",
  /** Issue #47: a CSV downloaded (inquiries, applications, audit log, analytics, consent). */
  "csv_export",
  /** Issue #47: a back-office page or file refused to a signed-in person (403). */
  "access_denied",
  /** An item's preview links ended from its editor (issue #47 item 14, decision 0462). */
  "revoke_preview",
  /** The Jobs screen (issue #49): a failed job sent back to its queue, a waiting or running one cancelled. */
  "retry",
  "cancel",
  /** A review room's share link ended at once (issue #45). */
  "revoke",
  /** The review room's comments (issue #45 item 6, decision 0532): by staff or a reviewer. */
  "comment",
  "resolve",
  "reopen",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of record an audit row names, with the label the audit screen shows. */
export const AUDIT_ENTITY_LABELS = {
  case_study: "Case study",
  testimonial: "Testimonial",
  team_member: "Team member",
  portfolio_item: "Portfolio item",
  blog_post: "Blog post",
  blog_category: "Blog category",
  inquiry: "Inquiry",
  job_application: "Job application",
  reply_template: "Reply template",
  staff: "Staff account",
  backup: "Backup",
  setting: "Setting",
  redirect: "Redirect",
  /** Another site redirects may lead to (issue #47 item 11). */
  redirect_domain: "Redirect site",
  person: "Personal data",
  privacy_settings: "Retention settings",
  /** A background job of the Jobs screen (issue #49): its id, and its queue as the name. */
  job: "Job",
  /** A video of the Media library (issue #44): uploaded, retried, deleted. */
  media_item: "Video",
  /** The client review room (issue #45): a project, a version of a deliverable, a share link. */
  project: "Project",
  project_version: "Version",
  share_link: "Share link",
  /** A comment of the review room: its replies, resolving and reopening name it too. */
  review_comment: "Comment",
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITY_LABELS;
export const AUDIT_ENTITIES = Object.keys(AUDIT_ENTITY_LABELS) as AuditEntity[];

/** Why a redirect exists (issue #31): an editor added it, or a published item's slug changed. */
export const REDIRECT_ORIGINS = ["manual", "slug"] as const;
export type RedirectOrigin = (typeof REDIRECT_ORIGINS)[number];
/** What a pipeline's Activity list records (issue #30), for inquiries and job applications alike. */
export const ACTIVITY_KINDS = [
  "submitted",
  "status",
  "owner",
  "follow_up",
  "note",
  "reply",
  "rating",
  "booked",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** The records that have a pipeline: an activity row or a reply template belongs to one of them. */
export const PIPELINE_SUBJECTS = ["inquiry", "job_application"] as const;
export type PipelineSubject = (typeof PIPELINE_SUBJECTS)[number];

/** A reviewer's rating of an application: 1 to 5. */
export const RATINGS = [1, 2, 3, 4, 5] as const;

/** A page view's device, read from its user agent (issue #33); the user agent itself is never kept. */
export const DEVICE_CLASSES = ["desktop", "mobile", "tablet", "other"] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];
/** A page view's browser family, read from its user agent (issue #33). */
export const BROWSER_FAMILIES = [
  "chrome",
  "safari",
  "firefox",
  "edge",
  "samsung",
  "opera",
  "other",
] as const;
export type BrowserFamily = (typeof BROWSER_FAMILIES)[number];
/** The daily totals of the site's visits (issue #33): the whole site, by page, source, campaign. */
export const ROLLUP_DIMENSIONS = ["site", "page", "source", "campaign"] as const;
export type RollupDimension = (typeof ROLLUP_DIMENSIONS)[number];
