-- Back-office inquiry search (server/admin/inquiries.ts): a trigram index on the three searched
-- fields joined by line breaks, so a case-insensitive substring search reads the matching rows
-- instead of scanning the table (decision 0056). pg_trgm is a trusted extension: the database
-- owner may create it; PGlite loads its contrib build (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contact_submissions_search_idx" ON "contact_submissions" USING gin (("name" || chr(10) || "email" || chr(10) || "description") gin_trgm_ops);
