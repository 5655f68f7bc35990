CREATE TABLE "consent_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visitor_id" uuid NOT NULL,
	"choice" text NOT NULL,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"gpc" boolean DEFAULT false NOT NULL,
	"banner_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_choice_check" CHECK (choice in ('accept', 'decline', 'custom'))
);
--> statement-breakpoint
CREATE TABLE "privacy_settings" (
	"id" text PRIMARY KEY DEFAULT 'retention' NOT NULL,
	"inquiry_months" integer DEFAULT 24 NOT NULL,
	"application_months" integer DEFAULT 12 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_settings_one_row_check" CHECK ("privacy_settings"."id" = 'retention'),
	CONSTRAINT "privacy_settings_inquiry_months_check" CHECK ("privacy_settings"."inquiry_months" between 1 and 120),
	CONSTRAINT "privacy_settings_application_months_check" CHECK ("privacy_settings"."application_months" between 1 and 120)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "consent_records_created_idx" ON "consent_records" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_closed_idx" ON "contact_submissions" USING btree ("closed_at") WHERE closed_at is not null;--> statement-breakpoint
CREATE INDEX "contact_submissions_email_idx" ON "contact_submissions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "job_applications_decided_idx" ON "job_applications" USING btree ("decided_at") WHERE decided_at is not null;--> statement-breakpoint
CREATE INDEX "job_applications_email_idx" ON "job_applications" USING btree (lower("email"));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'sessions_ended', 'setting_change', 'backup', 'download', 'restore', 'export', 'erase', 'retention'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('case_study', 'testimonial', 'team_member', 'portfolio_item', 'blog_post', 'blog_category', 'inquiry', 'job_application', 'staff', 'backup', 'setting', 'redirect', 'person', 'privacy_settings'));--> statement-breakpoint
-- hand-written: rows closed or decided before this migration start their retention period now (the
-- day they were closed was never recorded; counting from now keeps them longer, never shorter).
UPDATE "contact_submissions" SET "closed_at" = now() WHERE "status" = 'closed';--> statement-breakpoint
UPDATE "job_applications" SET "decided_at" = now() WHERE "status" in ('hired', 'rejected');
