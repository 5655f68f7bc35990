-- Issue #44: the Media library (video masters and what their transcode made), its buckets in
-- the uploads check, and its audit rows (entity "media_item").
CREATE TABLE "media_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"original_name" text NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"progress" double precision,
	"failure" text,
	"upload_id" text,
	"size" bigint NOT NULL,
	"master_key" text,
	"sha256" text,
	"duration_seconds" double precision,
	"width" integer,
	"height" integer,
	"frame_rate_num" integer,
	"frame_rate_den" integer,
	"start_timecode" text,
	"rotation" integer,
	"hdr_transfer" text,
	"audio_channels" integer,
	"audio_layout" text,
	"video_codec" text,
	"outputs" jsonb,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "media_items_state_check" CHECK (state in ('uploading', 'queued', 'processing', 'ready', 'failed')),
	CONSTRAINT "media_items_size_check" CHECK ("media_items"."size" >= 0),
	CONSTRAINT "media_items_progress_check" CHECK ("media_items"."progress" between 0 and 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "uploads" DROP CONSTRAINT "uploads_bucket_check";--> statement-breakpoint
CREATE UNIQUE INDEX "media_items_upload_id_idx" ON "media_items" USING btree ("upload_id");--> statement-breakpoint
CREATE INDEX "media_items_created_idx" ON "media_items" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('case_study', 'testimonial', 'team_member', 'portfolio_item', 'blog_post', 'blog_category', 'inquiry', 'job_application', 'reply_template', 'staff', 'backup', 'setting', 'redirect', 'redirect_domain', 'person', 'privacy_settings', 'job', 'media_item'));--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_bucket_check" CHECK (bucket in ('contact-uploads', 'job-applications', 'portfolio-images', 'media-masters', 'media-renditions'));