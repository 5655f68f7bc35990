import { recordAudit } from "@server/audit/log";
import type { Executor } from "@server/db/client";
import { applicationRatings } from "@server/db/schema";
import { inTransaction } from "@server/kit/transaction";
import { recordActivity } from "@server/pipeline/activity";
import { lockRow, type StepServices } from "@server/pipeline/steps";
import { and, eq } from "drizzle-orm";

/**
 * Reviewers' ratings of a job application (issue #30): a pipeline step like the others of
 * steps.ts, with its Activity entry and audit row in one transaction.
 */

/** A reviewer's rating (1-5) of an application, replacing their earlier one; false: gone. */
export async function rateApplication(
  services: StepServices,
  id: string,
  rating: number,
): Promise<boolean> {
  const reviewer = services.actor.id;
  if (!reviewer) return false;
  return inTransaction(services.db, async (tx) => {
    const row = await lockRow(tx, "job_application", id);
    if (!row) return false;
    const [before] = await tx
      .select({ rating: applicationRatings.rating })
      .from(applicationRatings)
      .where(
        and(eq(applicationRatings.applicationId, id), eq(applicationRatings.userId, reviewer)),
      );
    if (before?.rating === rating) return true;
    await tx
      .insert(applicationRatings)
      .values({ applicationId: id, userId: reviewer, rating })
      .onConflictDoUpdate({
        target: [applicationRatings.applicationId, applicationRatings.userId],
        set: { rating, updatedAt: new Date() },
      });
    await recordActivity(tx, {
      subject: "job_application",
      subjectId: id,
      kind: "rating",
      actor: services.actor,
      summary: `${rating} of 5`,
    });
    await recordAudit(tx, {
      action: "rate",
      actor: services.actor,
      entityType: "job_application",
      entityId: id,
      entityName: row.name.slice(0, 200),
      changes: { rating: { before: before?.rating ?? null, after: rating } },
    });
    return true;
  });
}

/** The reviewer's own rating, and the average of everyone's (one decimal), with how many. */
export async function ratingsOf(db: Executor, id: string, reviewer: string) {
  const rows = await db
    .select({ userId: applicationRatings.userId, rating: applicationRatings.rating })
    .from(applicationRatings)
    .where(eq(applicationRatings.applicationId, id));
  const total = rows.reduce((sum, row) => sum + row.rating, 0);
  return {
    mine: rows.find((row) => row.userId === reviewer)?.rating ?? null,
    average: rows.length > 0 ? Math.round((total / rows.length) * 10) / 10 : null,
    count: rows.length,
  };
}
