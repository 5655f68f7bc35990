CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"link_id" uuid,
	"reviewer_name" text NOT NULL,
	"reviewer_email" text,
	"decision" text NOT NULL,
	"note" text,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approvals_decision_check" CHECK (decision in ('approve', 'changes')),
	CONSTRAINT "approvals_note_check" CHECK (char_length("approvals"."note") <= 5000),
	CONSTRAINT "approvals_sha256_check" CHECK ("approvals"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "deliverable_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deliverable_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"media_item_id" uuid NOT NULL,
	"sha256" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliverable_versions_number_check" CHECK ("deliverable_versions"."number" >= 1),
	CONSTRAINT "deliverable_versions_sha256_check" CHECK ("deliverable_versions"."sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "deliverables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"title" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliverables_title_check" CHECK (char_length("deliverables"."title") between 1 and 200)
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"client_name" text NOT NULL,
	"client_email" text,
	"client_company" text,
	"owner_id" text,
	"inquiry_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "projects_status_check" CHECK (status in ('active', 'delivered', 'archived')),
	CONSTRAINT "projects_title_check" CHECK (char_length("projects"."title") between 1 and 200),
	CONSTRAINT "projects_client_name_check" CHECK (char_length("projects"."client_name") between 1 and 200),
	CONSTRAINT "projects_client_email_check" CHECK (char_length("projects"."client_email") <= 320),
	CONSTRAINT "projects_client_company_check" CHECK (char_length("projects"."client_company") <= 200)
);
--> statement-breakpoint
CREATE TABLE "review_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"staff_id" text,
	"body" text NOT NULL,
	"at_seconds" double precision NOT NULL,
	"end_seconds" double precision,
	"drawing" jsonb,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_comments_body_check" CHECK (char_length("review_comments"."body") between 1 and 5000),
	CONSTRAINT "review_comments_at_check" CHECK ("review_comments"."at_seconds" >= 0),
	CONSTRAINT "review_comments_end_check" CHECK ("review_comments"."end_seconds" is null or "review_comments"."end_seconds" > "review_comments"."at_seconds"),
	CONSTRAINT "review_comments_drawing_check" CHECK ("review_comments"."drawing" is null or pg_column_size("review_comments"."drawing") <= 65536)
);
--> statement-breakpoint
CREATE TABLE "review_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"comment_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"staff_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_replies_body_check" CHECK (char_length("review_replies"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "reviewers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviewers_name_check" CHECK (char_length("reviewers"."name") between 1 and 200),
	CONSTRAINT "reviewers_email_check" CHECK (char_length("reviewers"."email") <= 320)
);
--> statement-breakpoint
CREATE TABLE "share_link_opens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"reviewer_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"deliverable_id" uuid,
	"token_hash" text NOT NULL,
	"password_hash" text,
	"expires_at" timestamp with time zone,
	"allow_download" boolean DEFAULT false NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_version_id_deliverable_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."deliverable_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_versions" ADD CONSTRAINT "deliverable_versions_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_versions" ADD CONSTRAINT "deliverable_versions_media_item_id_media_items_id_fk" FOREIGN KEY ("media_item_id") REFERENCES "public"."media_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverable_versions" ADD CONSTRAINT "deliverable_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliverables" ADD CONSTRAINT "deliverables_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_version_id_deliverable_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."deliverable_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_comments" ADD CONSTRAINT "review_comments_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_comment_id_review_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."review_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_replies" ADD CONSTRAINT "review_replies_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviewers" ADD CONSTRAINT "reviewers_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_opens" ADD CONSTRAINT "share_link_opens_link_id_share_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."share_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_link_opens" ADD CONSTRAINT "share_link_opens_reviewer_id_reviewers_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."reviewers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_deliverable_id_deliverables_id_fk" FOREIGN KEY ("deliverable_id") REFERENCES "public"."deliverables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "share_links" ADD CONSTRAINT "share_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_version_idx" ON "approvals" USING btree ("version_id","created_at");--> statement-breakpoint
CREATE INDEX "approvals_email_idx" ON "approvals" USING btree (lower("reviewer_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "deliverable_versions_number_idx" ON "deliverable_versions" USING btree ("deliverable_id","number");--> statement-breakpoint
CREATE INDEX "deliverable_versions_media_idx" ON "deliverable_versions" USING btree ("media_item_id");--> statement-breakpoint
CREATE INDEX "deliverables_project_idx" ON "deliverables" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "projects_status_created_idx" ON "projects" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "projects_owner_idx" ON "projects" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "projects_inquiry_idx" ON "projects" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "projects_client_email_idx" ON "projects" USING btree (lower("client_email"));--> statement-breakpoint
CREATE INDEX "review_comments_version_idx" ON "review_comments" USING btree ("version_id","at_seconds");--> statement-breakpoint
CREATE INDEX "review_replies_comment_idx" ON "review_replies" USING btree ("comment_id","created_at");--> statement-breakpoint
CREATE INDEX "reviewers_link_idx" ON "reviewers" USING btree ("link_id");--> statement-breakpoint
CREATE INDEX "reviewers_email_idx" ON "reviewers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "share_link_opens_link_idx" ON "share_link_opens" USING btree ("link_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "share_links_token_hash_idx" ON "share_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "share_links_project_idx" ON "share_links" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'verification_failed', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'recovery_code_used', 'recovery_codes_regenerated', 'passkey_added', 'passkey_removed', 'sessions_ended', 'setting_change', 'backup', 'download', 'restore', 'export', 'erase', 'retention', 'note', 'reply', 'rate', 'save_draft', 'schedule', 'restore_revision', 'submit_for_review', 'approve', 'request_changes', 'invite_accept', 'invite_resend', 'invite_revoke', 'csv_export', 'access_denied', 'revoke_preview', 'retry', 'cancel', 'revoke'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('case_study', 'testimonial', 'team_member', 'portfolio_item', 'blog_post', 'blog_category', 'inquiry', 'job_application', 'reply_template', 'staff', 'backup', 'setting', 'redirect', 'redirect_domain', 'person', 'privacy_settings', 'job', 'media_item', 'project', 'project_version', 'share_link'));