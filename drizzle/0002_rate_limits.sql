-- Rate-limit counters shared by every instance on PostgreSQL (decision 0170): created by a
-- migration so the app's database user needs no DDL at run time.
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"points" double precision DEFAULT 0 NOT NULL,
	"expire" bigint
);
