-- Decision 0383: a page view's visit id becomes the first 64 bits of its SHA-256 (was the 64 hex
-- digits), and the table loses its identity key; a view then costs about half as much to write.
ALTER TABLE "page_views" ALTER COLUMN "visit_id" SET DATA TYPE bigint USING ('x' || substr("visit_id", 1, 16))::bit(64)::bigint;--> statement-breakpoint
ALTER TABLE "page_views" DROP COLUMN "id";
