CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"entity_name" text,
	"changes" jsonb,
	"ip" text,
	CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'backup', 'download', 'restore')),
	CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('case_study', 'testimonial', 'team_member', 'portfolio_item', 'blog_post', 'blog_category', 'inquiry', 'job_application', 'staff', 'backup'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_actor_at_idx" ON "audit_events" USING btree ("actor_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_entity_at_idx" ON "audit_events" USING btree ("entity_type","at" DESC NULLS LAST);