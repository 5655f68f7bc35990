CREATE TABLE "content_drafts" (
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"values" jsonb NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"updated_by_id" text,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id"),
	CONSTRAINT "content_drafts_entity_type_check" CHECK (entity_type in ('blog_post', 'case_study', 'portfolio_item')),
	CONSTRAINT "content_drafts_state_check" CHECK (state in ('draft', 'in_review', 'scheduled')),
	CONSTRAINT "content_drafts_schedule_check" CHECK (("content_drafts"."state" = 'scheduled') = ("content_drafts"."publish_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "content_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"values" jsonb NOT NULL,
	"actor_id" text,
	"actor_email" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_revisions_entity_type_check" CHECK (entity_type in ('blog_post', 'case_study', 'portfolio_item')),
	CONSTRAINT "content_revisions_kind_check" CHECK (kind in ('draft', 'published'))
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_revisions" ADD CONSTRAINT "content_revisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_drafts_publish_at_idx" ON "content_drafts" USING btree ("publish_at");--> statement-breakpoint
CREATE INDEX "content_revisions_item_at_idx" ON "content_revisions" USING btree ("entity_type","entity_id","at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'recovery_code_used', 'passkey_added', 'passkey_removed', 'sessions_ended', 'setting_change', 'backup', 'download', 'restore', 'export', 'erase', 'retention', 'note', 'reply', 'rate', 'save_draft', 'schedule', 'restore_revision'));