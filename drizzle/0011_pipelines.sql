CREATE TABLE "application_ratings" (
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_ratings_application_id_user_id_pk" PRIMARY KEY("application_id","user_id"),
	CONSTRAINT "application_ratings_rating_check" CHECK (rating between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "pipeline_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text,
	"summary" text,
	"body" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pipeline_activity_subject_check" CHECK (subject_type in ('inquiry', 'job_application')),
	CONSTRAINT "pipeline_activity_kind_check" CHECK (kind in ('submitted', 'status', 'owner', 'follow_up', 'note', 'reply', 'rating', 'booked'))
);
--> statement-breakpoint
CREATE TABLE "reply_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject_type" text NOT NULL,
	"name" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_templates_subject_check" CHECK (subject_type in ('inquiry', 'job_application'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "follow_up_on" date;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_ratings" ADD CONSTRAINT "application_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pipeline_activity" ADD CONSTRAINT "pipeline_activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pipeline_activity_subject_idx" ON "pipeline_activity" USING btree ("subject_type","subject_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reply_templates_subject_idx" ON "reply_templates" USING btree ("subject_type","position");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_applications" ADD CONSTRAINT "job_applications_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_submissions_owner_created_idx" ON "contact_submissions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_follow_up_idx" ON "contact_submissions" USING btree ("follow_up_on");--> statement-breakpoint
CREATE INDEX "job_applications_follow_up_idx" ON "job_applications" USING btree ("follow_up_on");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'sessions_ended', 'setting_change', 'backup', 'download', 'restore', 'export', 'erase', 'retention', 'note', 'reply', 'rate'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('case_study', 'testimonial', 'team_member', 'portfolio_item', 'blog_post', 'blog_category', 'inquiry', 'job_application', 'reply_template', 'staff', 'backup', 'setting', 'redirect', 'person', 'privacy_settings'));--> statement-breakpoint
-- hand-written: the studio's starting reply templates (issue #30), which admins edit on /admin/templates.
INSERT INTO "reply_templates" ("subject_type", "name", "subject", "body", "position") VALUES
('inquiry', 'Acknowledge', '', E'Hi {name},\n\nThank you for telling us about your project. We are reading it now and will come back to you within 24 hours with the right people for it.\n\nIf a call is easier, pick a time here: {booking_url}\n\nThe {studio} team', 0),
('inquiry', 'Ask for details', '', E'Hi {name},\n\nThanks for your inquiry. To come back with a realistic plan, could you tell us a little more: the deliverables you have in mind, the dates that matter, and where the work will run?\n\nThe {studio} team', 1),
('inquiry', 'Propose a call', '', E'Hi {name},\n\nYour project sounds like a great fit. The quickest next step is a 30-minute discovery call: pick a time that suits you here: {booking_url}\n\nThe {studio} team', 2),
('inquiry', 'Decline', '', E'Hi {name},\n\nThank you for thinking of us. We are not the right studio for this project at the moment, and we would rather tell you now than keep you waiting. We wish you every success with it.\n\nThe {studio} team', 3),
('job_application', 'Interview invite', 'Your application for {position}', E'Hi {name},\n\nThank you for applying for the {position} role. We enjoyed your application and would like to talk. Please pick a time for a first interview here: {booking_url}\n\nThe {studio} team', 0),
('job_application', 'Rejection', 'Your application for {position}', E'Hi {name},\n\nThank you for applying for the {position} role and for the time you put into it. We have decided to move forward with other candidates this time. We will keep your details and hope our paths cross again.\n\nThe {studio} team', 1);
