CREATE TABLE "page_view_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitors" integer NOT NULL,
	"page_views" integer NOT NULL,
	CONSTRAINT "page_view_daily_day_dimension_value_pk" PRIMARY KEY("day","dimension","value"),
	CONSTRAINT "page_view_daily_dimension_check" CHECK (dimension in ('site', 'page', 'source', 'campaign'))
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "page_views_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone NOT NULL,
	"visit_id" text NOT NULL,
	"path" text NOT NULL,
	"referrer_host" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	CONSTRAINT "page_views_device_check" CHECK (device in ('desktop', 'mobile', 'tablet', 'other')),
	CONSTRAINT "page_views_browser_check" CHECK (browser in ('chrome', 'safari', 'firefox', 'edge', 'samsung', 'opera', 'other'))
);
--> statement-breakpoint
CREATE TABLE "visit_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "source_host" text;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "source_utm" jsonb;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "landing_page" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "source_host" text;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "source_utm" jsonb;--> statement-breakpoint
ALTER TABLE "job_applications" ADD COLUMN "landing_page" text;--> statement-breakpoint
CREATE INDEX "page_view_daily_dimension_day_idx" ON "page_view_daily" USING btree ("dimension","day");--> statement-breakpoint
CREATE INDEX "page_views_at_idx" ON "page_views" USING btree ("at");--> statement-breakpoint
CREATE INDEX "page_views_visit_idx" ON "page_views" USING btree ("visit_id","at");