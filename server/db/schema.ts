import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/*
 * One table per entity of SPEC section 3, plus DESIGN.md's additions. Statuses and enumerations are
 * check constraints (not PostgreSQL enums) so adding a value is a one-line migration.
 * Allowed values live in app/lib/values.ts, shared with validation; the JSON columns' shapes
 * (key metrics, media, UTM) in app/entities, which the views read.
 */

import type { KeyMetric, MediaItem } from "~/entities/case-study/view";
import type { MediaOutputs } from "~/entities/media/view";
import type { VisitUtm } from "~/entities/visit/view";
import {
  ACTIVITY_KINDS,
  APPROVAL_DECISIONS,
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  BACKUP_STATUSES,
  BACKUP_TRIGGERS,
  BLOG_POST_STATUSES,
  BROWSER_FAMILIES,
  BUDGETS,
  CONSENT_CHOICES,
  CONTACT_STATUSES,
  CONTENT_STATUSES,
  DEVICE_CLASSES,
  DRAFT_STATES,
  type DraftState,
  GALLERY_LAYOUTS,
  INQUIRY_KINDS,
  JOB_APPLICATION_STATUSES,
  MEDIA_STATES,
  type MediaState,
  PIPELINE_SUBJECTS,
  PORTFOLIO_SERVICE_TYPES,
  PROJECT_STATUSES,
  type ProjectStatus,
  REDIRECT_ORIGINS,
  REMOTE_PREFERENCES,
  REVISION_KINDS,
  ROLLUP_DIMENSIONS,
  SERVICES,
  TIMELINES,
  UPLOAD_BUCKETS,
  WEDDING_BUDGETS,
  WORKFLOW_ENTITIES,
  type WorkflowEntity,
} from "~/lib/values";

/**
 * A page's own search and social head (issue #31, decision 0371): each null falls back to what
 * the page shows (its title, excerpt or description, cover image).
 */
const seoColumns = () => ({
  metaTitle: text("meta_title"),
  metaDescription: text("meta_description"),
  socialImageUrl: text("social_image_url"),
});

const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** `column IN ('a','b')` for a check constraint; values are our own constants, never input. */
const oneOf = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ")})`);

// ---------------------------------------------------------------------------------------------
// Authentication (better-auth's tables; ids are text because better-auth generates them)
// ---------------------------------------------------------------------------------------------

export const user = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // admin plugin
  role: text("role"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  // twoFactor plugin (decision 0300)
  twoFactorEnabled: boolean("two_factor_enabled").default(false),
});

export const session = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    /**
     * When the person last gave their password or a second factor in this session (its start, or
     * a step-up): ours, not better-auth's, which leaves it to its default (decision 0302).
     */
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Begun with a passkey, which counts as two factors (decision 0304): satisfies "Require
     * two-factor for all staff" for a person without TOTP. Ours, set by our sign-in action.
     */
    passkey: boolean("passkey").notNull().default(false),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

/** better-auth's twoFactor plugin: a person's TOTP secret and recovery codes, both encrypted. */
export const twoFactor = pgTable(
  "two_factors",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** False between "Turn on two-factor" and the first valid code. */
    verified: boolean("verified").default(true),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    /**
     * Ours (issue #47, decision 0430): the newest 30-second TOTP time step accepted for the person,
     * so a code works once: a step not newer than this one is refused everywhere.
     */
    lastTotpStep: integer("last_totp_step"),
  },
  (t) => [index("two_factors_user_id_idx").on(t.userId)],
);

/**
 * better-auth's passkey plugin (`@better-auth/passkey`, decision 0304): a person's WebAuthn
 * credentials, the public key only. Property names are the plugin's (`credentialID`).
 */
export const passkey = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    credentialID: text("credential_id").notNull().unique(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkeys_user_id_idx").on(t.userId)],
);

export const verification = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------------------------------------
// Public content
// ---------------------------------------------------------------------------------------------

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote: text("quote").notNull(),
    author: text("author").notNull(),
    role: text("role"),
    company: text("company"),
    rating: integer("rating").notNull().default(5),
    status: text("status").notNull().default("published"),
    isFeatured: boolean("is_featured").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("testimonials_rating_check", sql`${t.rating} between 1 and 5`),
    check("testimonials_status_check", oneOf("status", CONTENT_STATUSES)),
    index("testimonials_status_created_idx").on(t.status, t.createdAt),
  ],
);

export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    description: text("description"),
    content: text("content"),
    status: text("status").notNull().default("published"),
    isFeatured: boolean("is_featured").notNull().default(false),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    imageUrl: text("image_url"),
    videoUrl: text("video_url"),
    /** A video of the Media library (issue #44), played instead of `videoUrl` when set. */
    videoMediaId: uuid("video_media_id").references(() => mediaItems.id, { onDelete: "set null" }),
    clientName: text("client_name"),
    serviceType: text("service_type"),
    projectDuration: text("project_duration"),
    /** Ordered name/value pairs: a jsonb object would lose the order ("first three on cards"). */
    keyMetrics: jsonb("key_metrics").$type<KeyMetric[]>().notNull().default([]),
    mediaGallery: jsonb("media_gallery").$type<MediaItem[]>().notNull().default([]),
    budgetRange: text("budget_range"),
    /** Lower first; negative pins a study to the top, positive to the bottom; ties newest first. */
    sortPosition: integer("sort_position").notNull().default(0),
    galleryLayout: text("gallery_layout").notNull().default("grid"),
    /** Key-metric names not shown on the detail page. */
    hiddenMetrics: text("hidden_metrics").array().notNull().default(sql`'{}'::text[]`),
    ...seoColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("case_studies_status_check", oneOf("status", CONTENT_STATUSES)),
    check("case_studies_gallery_layout_check", oneOf("gallery_layout", GALLERY_LAYOUTS)),
    index("case_studies_status_order_idx").on(t.status, t.sortPosition, t.createdAt),
  ],
);

export const portfolioItems = pgTable(
  "portfolio_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description"),
    status: text("status").notNull().default("published"),
    isFeatured: boolean("is_featured").notNull().default(false),
    completionDate: date("completion_date", { mode: "string" }),
    serviceType: text("service_type").notNull(),
    imageUrl: text("image_url"),
    videoUrl: text("video_url"),
    /** A video of the Media library (issue #44), played instead of `videoUrl` when set. */
    videoMediaId: uuid("video_media_id").references(() => mediaItems.id, { onDelete: "set null" }),
    projectUrl: text("project_url"),
    clientName: text("client_name"),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("portfolio_items_status_check", oneOf("status", CONTENT_STATUSES)),
    check("portfolio_items_service_type_check", oneOf("service_type", PORTFOLIO_SERVICE_TYPES)),
    // The public order (decision 0220): latest completion first, undated last, then newest.
    index("portfolio_items_status_completion_idx").on(
      t.status,
      t.completionDate.desc().nullsLast(),
      t.createdAt.desc(),
    ),
  ],
);

export const blogCategories = pgTable("blog_categories", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  color: text("color").notNull().default("#f97316"),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blogTags = pgTable("blog_tags", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull().unique(),
  createdAt: createdAt(),
});

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt"),
    /** Sanitised HTML (SPEC allow-list), sanitised again on render. */
    content: text("content").notNull().default(""),
    featuredImageUrl: text("featured_image_url"),
    authorName: text("author_name"),
    authorImageUrl: text("author_image_url"),
    categoryId: uuid("category_id").references(() => blogCategories.id, { onDelete: "set null" }),
    isFeatured: boolean("is_featured").notNull().default(false),
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true, mode: "date" }),
    /** Minutes, computed from the text on save. */
    readTime: integer("read_time").notNull().default(1),
    ...seoColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("blog_posts_status_check", oneOf("status", BLOG_POST_STATUSES)),
    check("blog_posts_read_time_check", sql`${t.readTime} >= 1`),
    index("blog_posts_status_published_idx").on(t.status, t.publishedAt),
    // The back-office list's order (server/content/blog/editor.ts; plain DESC is NULLS FIRST in
    // PostgreSQL): a page walks it (decision 0225).
    index("blog_posts_list_idx").on(
      t.publishedAt.desc().nullsFirst(),
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

export const blogPostTags = pgTable(
  "blog_post_tags",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => blogPosts.id, { onDelete: "cascade" }),
    tagId: uuid("tag_id")
      .notNull()
      .references(() => blogTags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagId] }),
    index("blog_post_tags_tag_idx").on(t.tagId),
  ],
);

export const teamMembers = pgTable(
  "team_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    bio: text("bio"),
    email: text("email"),
    linkedinUrl: text("linkedin_url"),
    imageUrl: text("image_url"),
    displayOrder: integer("display_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("team_members_order_idx").on(t.displayOrder)],
);

// ---------------------------------------------------------------------------------------------
// Visitor submissions
// ---------------------------------------------------------------------------------------------

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** 'project' from /contact, 'wedding' from /weddings. */
    kind: text("kind").notNull().default("project"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    service: text("service"),
    budget: text("budget"),
    timeline: text("timeline"),
    /** Project Overview; for a wedding inquiry, the couple's vision (may be empty). */
    description: text("description").notNull().default(""),
    /** Public URLs of the attachments; null when none (SPEC). */
    fileAttachments: text("file_attachments").array(),
    weddingDate: date("wedding_date", { mode: "string" }),
    weddingLocation: text("wedding_location"),
    weddingBudget: text("wedding_budget"),
    status: text("status").notNull().default("new"),
    /** When the status became closed (null while open): retention counts from it (issue #32). */
    closedAt: timestamp("closed_at", { withTimezone: true, mode: "date" }),
    /** The staff member who owns it (issue #30); null: unassigned. */
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** The day someone should come back to it (a studio day, Los Angeles). */
    followUpOn: date("follow_up_on", { mode: "string" }),
    /** Where the visit that sent it came from (issue #33): its first page view's referrer host. */
    sourceHost: text("source_host"),
    /** That page view's `utm_*` parameters (`{ "campaign": "spring" }`), or null. */
    sourceUtm: jsonb("source_utm").$type<VisitUtm>(),
    /** That visit's first page (path), or null when no visit was found. */
    landingPage: text("landing_page"),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_submissions_kind_check", oneOf("kind", INQUIRY_KINDS)),
    check("contact_submissions_status_check", oneOf("status", CONTACT_STATUSES)),
    check(
      "contact_submissions_service_check",
      sql`service is null or ${oneOf("service", SERVICES)}`,
    ),
    check("contact_submissions_budget_check", sql`budget is null or ${oneOf("budget", BUDGETS)}`),
    check(
      "contact_submissions_timeline_check",
      sql`timeline is null or ${oneOf("timeline", TIMELINES)}`,
    ),
    check(
      "contact_submissions_wedding_budget_check",
      sql`wedding_budget is null or ${oneOf("wedding_budget", WEDDING_BUDGETS)}`,
    ),
    check(
      "contact_submissions_attachments_check",
      sql`file_attachments is null or cardinality(file_attachments) between 1 and 5`,
    ),
    index("contact_submissions_created_idx").on(t.createdAt),
    index("contact_submissions_status_created_idx").on(t.status, t.createdAt),
    index("contact_submissions_closed_idx").on(t.closedAt).where(sql`closed_at is not null`),
    index("contact_submissions_email_idx").on(sql`lower(${t.email})`),
    index("contact_submissions_owner_created_idx").on(t.ownerId, t.createdAt),
    index("contact_submissions_follow_up_idx").on(t.followUpOn),
  ],
);

export const jobApplications = pgTable(
  "job_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    positionTitle: text("position_title").notNull(),
    /** Storage key in the private job-applications bucket, or null. */
    resumeUrl: text("resume_url"),
    coverLetter: text("cover_letter"),
    portfolioUrl: text("portfolio_url"),
    linkedinUrl: text("linkedin_url"),
    experienceYears: integer("experience_years"),
    salaryExpectation: text("salary_expectation"),
    availabilityDate: date("availability_date", { mode: "string" }),
    locationPreference: text("location_preference"),
    remotePreference: text("remote_preference").notNull().default("flexible"),
    additionalInfo: text("additional_info"),
    status: text("status").notNull().default("new"),
    /** When a final status (hired, rejected) was set, else null: retention counts from it. */
    decidedAt: timestamp("decided_at", { withTimezone: true, mode: "date" }),
    /** The staff member who owns it (issue #30); null: unassigned. */
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    followUpOn: date("follow_up_on", { mode: "string" }),
    /** Where the visit that sent it came from (issue #33): its first page view's referrer host. */
    sourceHost: text("source_host"),
    /** That page view's `utm_*` parameters (`{ "campaign": "spring" }`), or null. */
    sourceUtm: jsonb("source_utm").$type<VisitUtm>(),
    /** That visit's first page (path), or null when no visit was found. */
    landingPage: text("landing_page"),
    createdAt: createdAt(),
  },
  (t) => [
    check("job_applications_status_check", oneOf("status", JOB_APPLICATION_STATUSES)),
    check("job_applications_remote_check", oneOf("remote_preference", REMOTE_PREFERENCES)),
    check(
      "job_applications_experience_check",
      sql`experience_years is null or experience_years >= 0`,
    ),
    index("job_applications_created_idx").on(t.createdAt),
    index("job_applications_decided_idx").on(t.decidedAt).where(sql`decided_at is not null`),
    index("job_applications_email_idx").on(sql`lower(${t.email})`),
    index("job_applications_follow_up_idx").on(t.followUpOn),
  ],
);

// ---------------------------------------------------------------------------------------------
// Infrastructure
// ---------------------------------------------------------------------------------------------

/** Every stored file. Unreferenced ones (owner_id null after a day) are cleaned up. */
export const uploads = pgTable(
  "uploads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    /** The visitor's file name, for display only; never part of a path. */
    originalName: text("original_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    ownerTable: text("owner_table"),
    ownerId: text("owner_id"),
    createdAt: createdAt(),
  },
  (t) => [
    check("uploads_bucket_check", oneOf("bucket", UPLOAD_BUCKETS)),
    check("uploads_size_check", sql`${t.size} >= 0`),
    uniqueIndex("uploads_bucket_key_idx").on(t.bucket, t.key),
    index("uploads_owner_idx").on(t.ownerTable, t.ownerId),
  ],
);

/**
 * The Media library (issue #44): a video master, what ffprobe read of it, and what its transcode
 * made. The master is in bucket media-masters under `master_key`; the renditions, poster and
 * storyboard in media-renditions under `{id}/`.
 */
export const mediaItems = pgTable(
  "media_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    /** The file's name as uploaded, for display only; never part of a path. */
    originalName: text("original_name").notNull(),
    state: text("state").$type<MediaState>().notNull().default("uploading"),
    /** The transcode's progress, 0 to 1, while processing. */
    progress: doublePrecision("progress"),
    /** Why it failed, said to staff. */
    failure: text("failure"),
    /** The tus upload's id while it is being uploaded (its file in the upload store). */
    uploadId: text("upload_id"),
    size: bigint("size", { mode: "number" }).notNull(),
    masterKey: text("master_key"),
    sha256: text("sha256"),
    durationSeconds: doublePrecision("duration_seconds"),
    width: integer("width"),
    height: integer("height"),
    /** The exact frame rate as a rational: 30000/1001 is 29.97. */
    frameRateNum: integer("frame_rate_num"),
    frameRateDen: integer("frame_rate_den"),
    startTimecode: text("start_timecode"),
    rotation: integer("rotation"),
    hdrTransfer: text("hdr_transfer"),
    audioChannels: integer("audio_channels"),
    audioLayout: text("audio_layout"),
    videoCodec: text("video_codec"),
    /** What the transcode made (renditions, poster, storyboard), once ready. */
    outputs: jsonb("outputs").$type<MediaOutputs>(),
    /** The staff member who uploaded it (kept as text: the account may be removed later). */
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    readyAt: timestamp("ready_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    check("media_items_state_check", oneOf("state", MEDIA_STATES)),
    check("media_items_size_check", sql`${t.size} >= 0`),
    check("media_items_progress_check", sql`${t.progress} between 0 and 1`),
    uniqueIndex("media_items_upload_id_idx").on(t.uploadId),
    index("media_items_created_idx").on(t.createdAt),
  ],
);

/** Durable e-mail outbox: a row is written in the same transaction as what it reports. */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    /** Failed sends so far; pg-boss's delivery job retries (decision 0493). */
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }),
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [index("notifications_unsent_idx").on(t.createdAt).where(sql`sent_at is null`)],
);

/**
 * Rate-limit counters shared by every instance on PostgreSQL (rate-limiter-flexible's
 * RateLimiterPostgres, decision 0170); the embedded database counts in memory and leaves it empty.
 * Created here, not by the library, so the app's database user needs no DDL at run time. `points`
 * is double precision, not the library's integer: the daily upload quota counts bytes past 2^31,
 * and node-postgres returns a bigint as a string, which the library would add as text.
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  points: doublePrecision("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});

/**
 * One row per backup run (issue #21, decision 0245): scheduled, "Back up now" or `npm run backup`.
 * A running row is also the lock that refuses a second run on the same database (the partial
 * unique index). Its rows are in the archives too, so after a restore elsewhere a row may name an
 * archive that store does not hold: the download answers that with a message.
 */
export const backupRuns = pgTable(
  "backup_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    trigger: text("trigger").notNull(),
    status: text("status").notNull().default("running"),
    startedAt: timestamp("started_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    /** The archive's file name in the backup store (`backup-....tar.gz`). */
    archiveName: text("archive_name"),
    size: bigint("size", { mode: "number" }),
    error: text("error"),
    progressPhase: text("progress_phase"),
    progressDone: integer("progress_done").notNull().default(0),
    progressTotal: integer("progress_total").notNull().default(0),
    /** The admin who pressed "Back up now" (kept as text: the user may be deleted later). */
    startedBy: text("started_by"),
    /** Moved by the running process every few seconds; a running row left still was abandoned. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true, mode: "date" })
      .notNull()
      .defaultNow(),
  },
  (t) => [
    check("backup_runs_trigger_check", oneOf("trigger", BACKUP_TRIGGERS)),
    check("backup_runs_status_check", oneOf("status", BACKUP_STATUSES)),
    uniqueIndex("backup_runs_one_running_idx").on(t.status).where(sql`status = 'running'`),
    index("backup_runs_started_idx").on(t.startedAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Row types: each entity's one declaration (server modules and app/entities import these)
// ---------------------------------------------------------------------------------------------

export type CaseStudy = typeof caseStudies.$inferSelect;
export type PortfolioItem = typeof portfolioItems.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type TeamMember = typeof teamMembers.$inferSelect;
export type BlogPost = typeof blogPosts.$inferSelect;
export type BlogCategory = typeof blogCategories.$inferSelect;
export type BlogTag = typeof blogTags.$inferSelect;
export type BackupRun = typeof backupRuns.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Audit log (issue #29): one row per back-office write, written in the write's transaction, and
// per account event. Who and what are kept as text too: the row outlives the account and the record.
// ---------------------------------------------------------------------------------------------

/** The fields a write changed: `{ title: { before: "Old", after: "New" } }`. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export const auditEvents = pgTable(
  "audit_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The actor's e-mail then; for a failed sign-in, the address that was tried. */
    actorEmail: text("actor_email"),
    /**
     * Set when the actor is a reviewer of the review room (no account): the share link they came
     * through, beside the address they gave (decision 0535).
     */
    actorLinkId: uuid("actor_link_id"),
    action: text("action").notNull(),
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    /** A short human name of the record then (a post's title), for the list. */
    entityName: text("entity_name"),
    changes: jsonb("changes").$type<AuditChanges>(),
    ip: text("ip"),
  },
  (t) => [
    check("audit_events_action_check", oneOf("action", AUDIT_ACTIONS)),
    // A null entity (a sign-in) passes: a check constraint fails only on false.
    check("audit_events_entity_type_check", oneOf("entity_type", AUDIT_ENTITIES)),
    index("audit_events_at_idx").on(t.at.desc(), t.id.desc()),
    index("audit_events_actor_at_idx").on(t.actorId, t.at.desc()),
    // The Person filter also finds what was tried with the person's address (a failed sign-in).
    index("audit_events_actor_email_at_idx").on(sql`lower(${t.actorEmail})`, t.at.desc()),
    index("audit_events_entity_at_idx").on(t.entityType, t.at.desc()),
  ],
);
export type AuditEvent = typeof auditEvents.$inferSelect;

/** Settings an admin changes on the back-office, one row each (`require_two_factor`). */
export const settings = pgTable("settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Old addresses of pages that moved or went (issue #31, decision 0370): a path on this site
 * answers 301 to `to_target` (a path here or an https URL), or 410 Gone when it is null. Read
 * only where no page answers (the 404 path), so a live page always wins over a redirect.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Normalised: one slash between segments, none at the end, no query. */
    fromPath: text("from_path").notNull().unique(),
    toTarget: text("to_target"),
    origin: text("origin").notNull().default("manual"),
    createdAt: createdAt(),
  },
  (t) => [
    check("redirects_origin_check", oneOf("origin", REDIRECT_ORIGINS)),
    check("redirects_from_path_check", sql`${t.fromPath} like '/%'`),
    // Collapsing a chain rewrites the redirects that lead to a path.
    index("redirects_to_target_idx").on(t.toTarget),
  ],
);
export type Redirect = typeof redirects.$inferSelect;

/**
 * The other sites a redirect may lead to (issue #47 item 11, decision 0461): admins keep the
 * list on /admin/redirects, editors pick from it. A host as a URL spells it (lowercase,
 * punycode), without port or path; a redirect to an https URL of any other host is refused.
 */
export const redirectDomains = pgTable(
  "redirect_domains",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    host: text("host").notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check("redirect_domains_host_check", sql`${t.host} = lower(${t.host}) and ${t.host} <> ''`),
  ],
);
export type RedirectDomain = typeof redirectDomains.$inferSelect;
// ---------------------------------------------------------------------------------------------
// Privacy (issue #32): retention settings and records of consent
// ---------------------------------------------------------------------------------------------

/** The retention periods admins set on /admin/privacy: one row (id "retention"), else defaults. */
export const privacySettings = pgTable(
  "privacy_settings",
  {
    id: text("id").primaryKey().default("retention"),
    /** Inquiries and their attachments: deleted this many months after they were closed. */
    inquiryMonths: integer("inquiry_months").notNull().default(24),
    /** Applications and resumes: deleted this many months after a final status. */
    applicationMonths: integer("application_months").notNull().default(12),
    /** Reviewers and their comments: deleted this many months after a project was finished. */
    reviewMonths: integer("review_months").notNull().default(24),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("privacy_settings_one_row_check", sql`${t.id} = 'retention'`),
    check("privacy_settings_inquiry_months_check", sql`${t.inquiryMonths} between 1 and 120`),
    check(
      "privacy_settings_application_months_check",
      sql`${t.applicationMonths} between 1 and 120`,
    ),
    check("privacy_settings_review_months_check", sql`${t.reviewMonths} between 1 and 120`),
  ],
);

/**
 * One row per choice made on the cookie banner: a random id the browser keeps with its choice (no
 * account, no IP address), the categories granted, the banner's version. Not linked to a person.
 */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    visitorId: uuid("visitor_id").notNull(),
    choice: text("choice").notNull(),
    analytics: boolean("analytics").notNull(),
    marketing: boolean("marketing").notNull(),
    /** Global Privacy Control was on: marketing refused whatever was chosen. */
    gpc: boolean("gpc").notNull().default(false),
    bannerVersion: text("banner_version").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("consent_records_choice_check", oneOf("choice", CONSENT_CHOICES)),
    index("consent_records_created_idx").on(t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Pipelines (issue #30): what happened to an inquiry or an application, the reply templates, and
// each reviewer's rating of an application.
// ---------------------------------------------------------------------------------------------

/**
 * One Activity entry of an inquiry or a job application: its submission, a status, owner or
 * follow-up change, a note, a reply sent, a rating, a booked call. Who is kept as text too: the
 * entry outlives the account.
 */
export const pipelineActivity = pgTable(
  "pipeline_activity",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectType: text("subject_type").notNull(),
    subjectId: uuid("subject_id").notNull(),
    /**
     * The record as a foreign key (issue #47 item 15, decision 0445): computed from the subject,
     * so every writer sets it; erasing or deleting the record deletes its Activity (cascade), and
     * a person's export and erasure find the rows through the catalog.
     */
    inquiryId: uuid("inquiry_id")
      .generatedAlwaysAs(sql`case when subject_type = 'inquiry' then subject_id end`)
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    applicationId: uuid("application_id")
      .generatedAlwaysAs(sql`case when subject_type = 'job_application' then subject_id end`)
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** The staff member's name then; null for the visitor (a submission, a booked call). */
    actorName: text("actor_name"),
    /** One line: "New → Contacted", the new owner's name, the reply's subject. */
    summary: text("summary"),
    /** A note's text or a reply's message. */
    body: text("body"),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("pipeline_activity_subject_check", oneOf("subject_type", PIPELINE_SUBJECTS)),
    check("pipeline_activity_kind_check", oneOf("kind", ACTIVITY_KINDS)),
    index("pipeline_activity_subject_idx").on(t.subjectType, t.subjectId, t.at.desc()),
    // The cascades look rows up by these.
    index("pipeline_activity_inquiry_idx").on(t.inquiryId),
    index("pipeline_activity_application_idx").on(t.applicationId),
  ],
);
export type PipelineActivity = typeof pipelineActivity.$inferSelect;

/** The replies staff send from an inquiry's or an application's page; admins edit them. */
export const replyTemplates = pgTable(
  "reply_templates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subjectType: text("subject_type").notNull(),
    name: text("name").notNull(),
    /** The reply's subject; empty: the page's default ('Re: Your … Project Inquiry'). */
    subject: text("subject").notNull().default(""),
    /** Placeholders: {name}, {booking_url}, {position}, {studio}. */
    body: text("body").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reply_templates_subject_check", oneOf("subject_type", PIPELINE_SUBJECTS)),
    index("reply_templates_subject_idx").on(t.subjectType, t.position),
  ],
);
export type ReplyTemplate = typeof replyTemplates.$inferSelect;

/** One reviewer's rating (1-5) of one application. */
export const applicationRatings = pgTable(
  "application_ratings",
  {
    applicationId: uuid("application_id")
      .notNull()
      .references(() => jobApplications.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    rating: integer("rating").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.applicationId, t.userId] }),
    check("application_ratings_rating_check", sql`rating between 1 and 5`),
  ],
);
// ---------------------------------------------------------------------------------------------
// Content workflow (issue #31): the live row of a post, study or portfolio item is always its
// published version (public reads never look here); the work not yet published sits beside it.
// ---------------------------------------------------------------------------------------------

/** The editor's values of one item not yet published, and where that work stands. */
export const contentDrafts = pgTable(
  "content_drafts",
  {
    entityType: text("entity_type").$type<WorkflowEntity>().notNull(),
    entityId: uuid("entity_id").notNull(),
    /** The editor's form values, as the editor shows them. */
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    state: text("state").$type<DraftState>().notNull().default("draft"),
    /** When a scheduled draft goes live. */
    publishAt: timestamp("publish_at", { withTimezone: true, mode: "date" }),
    updatedById: text("updated_by_id").references(() => user.id, { onDelete: "set null" }),
    updatedByEmail: text("updated_by_email"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityType, t.entityId] }),
    check("content_drafts_entity_type_check", oneOf("entity_type", WORKFLOW_ENTITIES)),
    check("content_drafts_state_check", oneOf("state", DRAFT_STATES)),
    check(
      "content_drafts_schedule_check",
      sql`(${t.state} = 'scheduled') = (${t.publishAt} is not null)`,
    ),
    // The scheduler's scan: only scheduled rows carry a date.
    index("content_drafts_publish_at_idx").on(t.publishAt),
  ],
);
export type ContentDraft = typeof contentDrafts.$inferSelect;

/**
 * Revoked preview links (issue #47 item 14, decision 0462): an item's links are signed for its
 * `generation`; "Revoke preview links" in the editor moves it on, so every link sent before
 * answers as an expired one. No row: generation 0, the links of decision 0331.
 */
export const previewRevocations = pgTable(
  "preview_revocations",
  {
    entityType: text("entity_type").$type<WorkflowEntity>().notNull(),
    entityId: uuid("entity_id").notNull(),
    generation: integer("generation").notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.entityType, t.entityId] }),
    check("preview_revocations_entity_type_check", oneOf("entity_type", WORKFLOW_ENTITIES)),
    check("preview_revocations_generation_check", sql`${t.generation} > 0`),
  ],
);

/** Every draft save and every publish of an item (who, when, the values); the last 50 kept. */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    entityType: text("entity_type").$type<WorkflowEntity>().notNull(),
    entityId: uuid("entity_id").notNull(),
    kind: text("kind").notNull(),
    values: jsonb("values").$type<Record<string, unknown>>().notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [
    check("content_revisions_entity_type_check", oneOf("entity_type", WORKFLOW_ENTITIES)),
    check("content_revisions_kind_check", oneOf("kind", REVISION_KINDS)),
    index("content_revisions_item_at_idx").on(t.entityType, t.entityId, t.at.desc()),
  ],
);
export type ContentRevision = typeof contentRevisions.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Visits (issue #33, decision 0380): cookieless page views, the day's salt, the daily totals.
// ---------------------------------------------------------------------------------------------

/**
 * The salt of the visit ids: 32 random bytes (hex), one row for the current UTC day. Replaced at
 * midnight UTC, the old row deleted, so yesterday's ids can no longer be recomputed from anything.
 */
export const visitSalts = pgTable("visit_salts", {
  day: date("day", { mode: "string" }).primaryKey(),
  salt: text("salt").notNull(),
  createdAt: createdAt(),
});

/**
 * One page view of the public site. `visit_id` is the first 64 bits of SHA-256 of (the day's salt,
 * the site, the IP address, the user agent): neither of those is stored. Kept 90 days, then only
 * as daily totals. No key of its own: nothing refers to one view, and every index a view writes
 * is counted in the cost of a page (decision 0383).
 */
export const pageViews = pgTable(
  "page_views",
  {
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull(),
    visitId: bigint("visit_id", { mode: "bigint" }).notNull(),
    path: text("path").notNull(),
    /** The referring site's host name; null for none or this site itself. */
    referrerHost: text("referrer_host"),
    utmSource: text("utm_source"),
    utmMedium: text("utm_medium"),
    utmCampaign: text("utm_campaign"),
    utmTerm: text("utm_term"),
    utmContent: text("utm_content"),
    device: text("device").notNull(),
    browser: text("browser").notNull(),
  },
  (t) => [
    check("page_views_device_check", oneOf("device", DEVICE_CLASSES)),
    check("page_views_browser_check", oneOf("browser", BROWSER_FAMILIES)),
    index("page_views_at_idx").on(t.at),
    index("page_views_visit_idx").on(t.visitId, t.at),
  ],
);
export type PageView = typeof pageViews.$inferSelect;

/**
 * Daily totals of the page views (kept 5 years): per UTC day, the whole site (`site`, value ''),
 * each page, each source (a visit's first `utm_source` or referrer host, '' for direct) and each
 * campaign (a visit's first `utm_campaign`). Visitors are distinct visit ids of that day.
 */
export const pageViewDaily = pgTable(
  "page_view_daily",
  {
    day: date("day", { mode: "string" }).notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitors: integer("visitors").notNull(),
    pageViews: integer("page_views").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.dimension, t.value] }),
    check("page_view_daily_dimension_check", oneOf("dimension", ROLLUP_DIMENSIONS)),
    // The screen reads one dimension over a range of days.
    index("page_view_daily_dimension_day_idx").on(t.dimension, t.day),
  ],
);

// ---------------------------------------------------------------------------------------------
// Client review room (issue #45, decision 0530): projects, their deliverables and versions, share
// links, reviewers, comments and replies, approvals. A reviewer's or client's address is
// anonymised by a person's erasure, the rows kept (server/privacy/anonymised.ts).
// ---------------------------------------------------------------------------------------------

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    clientName: text("client_name").notNull(),
    /** Null once erased (a person's erasure keeps the project, not who the client was). */
    clientEmail: text("client_email"),
    clientCompany: text("client_company"),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "set null" }),
    /** The inquiry it was started from; set null when that inquiry is erased or deleted. */
    inquiryId: uuid("inquiry_id").references(() => contactSubmissions.id, { onDelete: "set null" }),
    status: text("status").$type<ProjectStatus>().notNull().default("active"),
    /** When it was first delivered or archived; null while active (retention counts from it). */
    finishedAt: timestamp("finished_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("projects_status_check", oneOf("status", PROJECT_STATUSES)),
    check("projects_title_check", sql`char_length(${t.title}) between 1 and 200`),
    check("projects_client_name_check", sql`char_length(${t.clientName}) between 1 and 200`),
    check("projects_client_email_check", sql`char_length(${t.clientEmail}) <= 320`),
    check("projects_client_company_check", sql`char_length(${t.clientCompany}) <= 200`),
    index("projects_status_created_idx").on(t.status, t.createdAt),
    index("projects_owner_idx").on(t.ownerId),
    index("projects_inquiry_idx").on(t.inquiryId),
    index("projects_client_email_idx").on(sql`lower(${t.clientEmail})`),
  ],
);
export type Project = typeof projects.$inferSelect;

/** One thing the client receives ("Spring campaign :30"), in the project's order. */
export const deliverables = pgTable(
  "deliverables",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check("deliverables_title_check", sql`char_length(${t.title}) between 1 and 200`),
    index("deliverables_project_idx").on(t.projectId, t.position),
  ],
);

/** v1, v2, … of a deliverable: a ready media item, with its master's SHA-256 as it was then. */
export const deliverableVersions = pgTable(
  "deliverable_versions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliverableId: uuid("deliverable_id")
      .notNull()
      .references(() => deliverables.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    /** Restrict: a video that is a version is not deleted from the Media library. */
    mediaItemId: uuid("media_item_id")
      .notNull()
      .references(() => mediaItems.id, { onDelete: "restrict" }),
    sha256: text("sha256").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("deliverable_versions_number_check", sql`${t.number} >= 1`),
    check("deliverable_versions_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    uniqueIndex("deliverable_versions_number_idx").on(t.deliverableId, t.number),
    index("deliverable_versions_media_idx").on(t.mediaItemId),
  ],
);
export type DeliverableVersion = typeof deliverableVersions.$inferSelect;

/** A link a client reviews through: the token is kept only as its SHA-256 (decision 0530). */
export const shareLinks = pgTable(
  "share_links",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** Null: the whole project; else one deliverable. */
    deliverableId: uuid("deliverable_id").references(() => deliverables.id, {
      onDelete: "cascade",
    }),
    tokenHash: text("token_hash").notNull(),
    passwordHash: text("password_hash"),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    allowDownload: boolean("allow_download").notNull().default(false),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("share_links_token_hash_idx").on(t.tokenHash),
    index("share_links_project_idx").on(t.projectId),
  ],
);
export type ShareLink = typeof shareLinks.$inferSelect;

/** Someone without an account reviewing through a link: the name and address they gave. */
export const reviewers = pgTable(
  "reviewers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** Null once erased. */
    email: text("email"),
    createdAt: createdAt(),
  },
  (t) => [
    check("reviewers_name_check", sql`char_length(${t.name}) between 1 and 200`),
    check("reviewers_email_check", sql`char_length(${t.email}) <= 320`),
    index("reviewers_link_idx").on(t.linkId),
    index("reviewers_email_idx").on(sql`lower(${t.email})`),
  ],
);

/** Each time a link was opened, by whom when known. */
export const shareLinkOpens = pgTable(
  "share_link_opens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    linkId: uuid("link_id")
      .notNull()
      .references(() => shareLinks.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id").references(() => reviewers.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [index("share_link_opens_link_idx").on(t.linkId, t.at.desc())],
);

/**
 * A comment on a version at a time (or over a range), with an optional drawing. Replies are their
 * own table: no self-reference, which the backup's table order leaves to row order (0530).
 */
export const reviewComments = pgTable(
  "review_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => deliverableVersions.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id").references(() => reviewers.id, { onDelete: "set null" }),
    staffId: text("staff_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    atSeconds: doublePrecision("at_seconds").notNull(),
    endSeconds: doublePrecision("end_seconds"),
    drawing: jsonb("drawing"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("review_comments_body_check", sql`char_length(${t.body}) between 1 and 5000`),
    check("review_comments_at_check", sql`${t.atSeconds} >= 0`),
    check(
      "review_comments_end_check",
      sql`${t.endSeconds} is null or ${t.endSeconds} > ${t.atSeconds}`,
    ),
    check(
      "review_comments_drawing_check",
      sql`${t.drawing} is null or pg_column_size(${t.drawing}) <= 65536`,
    ),
    index("review_comments_version_idx").on(t.versionId, t.atSeconds),
  ],
);

export const reviewReplies = pgTable(
  "review_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    commentId: uuid("comment_id")
      .notNull()
      .references(() => reviewComments.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id").references(() => reviewers.id, { onDelete: "set null" }),
    staffId: text("staff_id").references(() => user.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("review_replies_body_check", sql`char_length(${t.body}) between 1 and 5000`),
    index("review_replies_comment_idx").on(t.commentId, t.createdAt),
  ],
);

/** The record of who approved (or sent back) which exact file, when. */
export const approvals = pgTable(
  "approvals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    versionId: uuid("version_id")
      .notNull()
      .references(() => deliverableVersions.id, { onDelete: "cascade" }),
    reviewerId: uuid("reviewer_id").references(() => reviewers.id, { onDelete: "set null" }),
    linkId: uuid("link_id").references(() => shareLinks.id, { onDelete: "set null" }),
    reviewerName: text("reviewer_name").notNull(),
    /** Null once erased. */
    reviewerEmail: text("reviewer_email"),
    decision: text("decision").notNull(),
    note: text("note"),
    sha256: text("sha256").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("approvals_decision_check", oneOf("decision", APPROVAL_DECISIONS)),
    check("approvals_note_check", sql`char_length(${t.note}) <= 5000`),
    check("approvals_sha256_check", sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    index("approvals_version_idx").on(t.versionId, t.createdAt),
    index("approvals_email_idx").on(sql`lower(${t.reviewerEmail})`),
  ],
);

/**
 * The hourly digest of new comments to a project's owner (issue #45 item 6, decision 0535): when
 * the last one went and the comments it covered up to. A run locks the row, so two workers send
 * one digest.
 */
export const projectDigests = pgTable("project_digests", {
  projectId: uuid("project_id")
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  sentAt: timestamp("sent_at", { withTimezone: true, mode: "date" }).notNull(),
  /** The last digest covered what was written up to this (the next starts after it). */
  coveredUntil: timestamp("covered_until", { withTimezone: true, mode: "date" }).notNull(),
});
