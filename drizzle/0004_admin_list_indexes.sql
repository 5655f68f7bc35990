-- Back-office blog list (server/admin/blog.ts, decision 0225). The list's order (drafts first,
-- then latest published; ties by creation then id), so a page of 25 walks the index instead of
-- sorting every post; and a trigram index on the title, so a title search of three or more
-- characters reads only candidate rows (pg_trgm: migration 0001).
CREATE INDEX "blog_posts_list_idx" ON "blog_posts" USING btree ("published_at" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "blog_posts_title_search_idx" ON "blog_posts" USING gin ("title" gin_trgm_ops);
