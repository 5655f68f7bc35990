CREATE TABLE "passkeys" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text,
	"public_key" text NOT NULL,
	"user_id" text NOT NULL,
	"credential_id" text NOT NULL,
	"counter" integer NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"transports" text,
	"created_at" timestamp with time zone DEFAULT now(),
	"aaguid" text,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id")
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_action_check";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "passkey" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_user_id_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_action_check" CHECK (action in ('create', 'update', 'delete', 'sign_in', 'sign_in_failed', 'sign_in_slowed', 'sign_in_locked', 'invite', 'role_change', 'deactivate', 'reactivate', 'remove', 'password_reset', 'password_change', 'two_factor_on', 'two_factor_off', 'recovery_code_used', 'recovery_codes_regenerated', 'passkey_added', 'passkey_removed', 'sessions_ended', 'setting_change', 'backup', 'download', 'restore', 'export', 'erase', 'retention', 'note', 'reply', 'rate', 'save_draft', 'schedule', 'restore_revision'));