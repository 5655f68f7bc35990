DROP TABLE "scheduled_jobs" CASCADE;--> statement-breakpoint
DROP INDEX "notifications_pending_idx";--> statement-breakpoint
CREATE INDEX "notifications_unsent_idx" ON "notifications" USING btree ("created_at") WHERE sent_at is null;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "next_attempt_at";