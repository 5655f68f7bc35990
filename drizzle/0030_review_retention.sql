ALTER TABLE "privacy_settings" ADD COLUMN "review_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "privacy_settings" ADD CONSTRAINT "privacy_settings_review_months_check" CHECK ("privacy_settings"."review_months" between 1 and 120);--> statement-breakpoint
-- Projects finished before this column: counted from now, their day was not recorded (0538).
UPDATE "projects" SET "finished_at" = now() WHERE "status" <> 'active';
