CREATE TABLE "preview_revocations" (
	"entity_type" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"generation" integer NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_revocations_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id"),
	CONSTRAINT "preview_revocations_entity_type_check" CHECK (entity_type in ('blog_post', 'case_study', 'portfolio_item')),
	CONSTRAINT "preview_revocations_generation_check" CHECK ("preview_revocations"."generation" > 0)
);
--> statement-breakpoint
CREATE TABLE "redirect_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirect_domains_host_unique" UNIQUE("host"),
	CONSTRAINT "redirect_domains_host_check" CHECK ("redirect_domains"."host" = lower("redirect_domains"."host") and "redirect_domains"."host" <> '')
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'recovery_code_used', 'recovery_codes_regenerated', 'passkey_added', 'passkey_removed', 'sessions_ended', 'setting_change', 'backup', 'download', 'restore', 'export', 'erase', 'retention', 'note', 'reply', 'rate', 'save_draft', 'schedule', 'restore_revision', 'submit_for_review', 'approve', 'request_changes', 'invite_accept', 'invite_resend', 'invite_revoke', 'csv_export', 'access_denied', 'revoke_preview'));--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('case_study', 'testimonial', 'team_member', 'portfolio_item', 'blog_post', 'blog_category', 'inquiry', 'job_application', 'reply_template', 'staff', 'backup', 'setting', 'redirect', 'redirect_domain', 'person', 'privacy_settings'));--> statement-breakpoint
-- Hand-added (issue #47 item 11): the sites existing redirects already lead to start the list.
INSERT INTO "redirect_domains" ("host")
SELECT DISTINCT lower(substring("to_target" from '^https://([^/:?#@]+)'))
FROM "redirects"
WHERE "to_target" LIKE 'https://%' AND substring("to_target" from '^https://([^/:?#@]+)') IS NOT NULL
ON CONFLICT DO NOTHING;
