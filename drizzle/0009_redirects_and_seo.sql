CREATE TABLE "redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_path" text NOT NULL,
	"to_target" text,
	"origin" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "redirects_from_path_unique" UNIQUE("from_path"),
	CONSTRAINT "redirects_origin_check" CHECK (origin in ('manual', 'slug')),
	CONSTRAINT "redirects_from_path_check" CHECK ("redirects"."from_path" like '/%')
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_entity_type_check";--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "social_image_url" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "meta_title" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "meta_description" text;--> statement-breakpoint
ALTER TABLE "case_studies" ADD COLUMN "social_image_url" text;--> statement-breakpoint
CREATE INDEX "redirects_to_target_idx" ON "redirects" USING btree ("to_target");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_entity_type_check" CHECK (entity_type in ('case_study', 'testimonial', 'team_member', 'portfolio_item', 'blog_post', 'blog_category', 'inquiry', 'job_application', 'staff', 'backup', 'setting', 'redirect'));