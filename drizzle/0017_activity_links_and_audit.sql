-- Issue #47: pipeline_activity tied to its record by foreign keys (cascading); the audit log's
-- new actions (csv_export, access_denied) and its index for the Person filter's addresses.
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "pipeline_activity" ADD COLUMN "inquiry_id" uuid GENERATED ALWAYS AS (case when subject_type = 'inquiry' then subject_id end) STORED;--> statement-breakpoint
ALTER TABLE "pipeline_activity" ADD COLUMN "application_id" uuid GENERATED ALWAYS AS (case when subject_type = 'job_application' then subject_id end) STORED;--> statement-breakpoint
-- Hand-written (issue #47 item 15, decision 0445): Activity whose record is already gone (deleted
-- by retention, or erased before the foreign keys existed: an erased applicant's notes) is deleted
-- before the keys are added. The generated columns fill themselves for every remaining row.
DELETE FROM "pipeline_activity" a WHERE (a."subject_type" = 'inquiry' AND NOT EXISTS (SELECT 1 FROM "contact_submissions" c WHERE c."id" = a."subject_id")) OR (a."subject_type" = 'job_application' AND NOT EXISTS (SELECT 1 FROM "job_applications" j WHERE j."id" = a."subject_id"));--> statement-breakpoint
ALTER TABLE "pipeline_activity" ADD CONSTRAINT "pipeline_activity_inquiry_id_contact_submissions_id_fk" FOREIGN KEY ("inquiry_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_activity" ADD CONSTRAINT "pipeline_activity_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_actor_email_at_idx" ON "audit_events" USING btree (lower("actor_email"),"at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pipeline_activity_inquiry_idx" ON "pipeline_activity" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "pipeline_activity_application_idx" ON "pipeline_activity" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'recovery_code_used', 'recovery_codes_regenerated', 'passkey_added', 'passkey_removed', 'sessions_ended', 'setting_change', 'backup', 'download', 'restore', 'export', 'erase', 'retention', 'note', 'reply', 'rate', 'save_draft', 'schedule', 'restore_revision', 'submit_for_review', 'approve', 'request_changes', 'csv_export', 'access_denied'));