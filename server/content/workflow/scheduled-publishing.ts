import { type AuditActor, audited } from "@server/audit/log";
import { saveBlogPost } from "@server/content/blog/editor";
import { saveCaseStudy } from "@server/content/case-studies/editor";
import { savePortfolioItem } from "@server/content/portfolio/editor";
import { savedWithRedirect } from "@server/content/redirects/editor";
import { dropDraft, recordRevision } from "@server/content/workflow/drafts";
import type { Database, Executor } from "@server/db/client";
import { type ContentDraft, contentDrafts } from "@server/db/schema";
import { defineJob, type JobSender, jobIdFor } from "@server/jobs/engine";
import { inTransaction } from "@server/kit/transaction";
import { and, asc, eq, lte } from "drizzle-orm";
import type { Logger } from "pino";
import type { BlogPostFormValues } from "~/entities/blog-post/form";
import { blogPostSchema } from "~/entities/blog-post/form";
import { type CaseStudyDraft, parseCaseStudy } from "~/entities/case-study/form";
import { portfolioItemSchema } from "~/entities/portfolio-item/form";
import type { WorkflowEntity } from "~/lib/values";

/**
 * Scheduled publishing (issue #31, decision 0332; a job since issue #49, decision 0493): a draft
 * whose "Publish at" has come is published exactly once: the due rows are claimed with FOR UPDATE
 * SKIP LOCKED and deleted in the transaction that publishes them, so a second run racing for the
 * same row skips it, then finds it gone. The content change is reported after the commit, so
 * every instance's caches drop it (the change feed), and the sitemap, the RSS feed and the lists
 * show the item only from then.
 */

const BATCH = 20;

/**
 * Publishes the drafts due at `now`; how many went live. `siteUrl` is the site's address, which
 * the redirect left by a changed slug is checked against (as an editor's publish does).
 */
export async function publishDue(
  db: Database,
  siteUrl: string,
  now: Date = new Date(),
  logger?: Pick<Logger, "warn">,
): Promise<number> {
  return inTransaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(contentDrafts)
      .where(and(eq(contentDrafts.state, "scheduled"), lte(contentDrafts.publishAt, now)))
      .orderBy(asc(contentDrafts.publishAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    let published = 0;
    for (const draft of due) {
      if (await publishDraft(tx, draft, siteUrl, now)) {
        published++;
      } else {
        // It cannot go live as it is (a slug taken meanwhile, the item gone): back to a draft,
        // for its author to fix, instead of being tried again.
        logger?.warn({ entity: draft.entityType, id: draft.entityId }, "scheduled draft refused");
        await tx
          .update(contentDrafts)
          .set({ state: "draft", publishAt: null })
          .where(
            and(
              eq(contentDrafts.entityType, draft.entityType),
              eq(contentDrafts.entityId, draft.entityId),
            ),
          );
      }
    }
    return published;
  });
}

/**
 * One due draft published through its entity's own save (its rules, its audit row), leaving a
 * redirect from the old address when it changes a live item's slug (decision 0370).
 */
async function publishDraft(
  tx: Database,
  draft: ContentDraft,
  siteUrl: string,
  now: Date,
): Promise<boolean> {
  // The audit row, the revision and the redirect name the person who scheduled it.
  const actor: AuditActor = { id: draft.updatedById, email: draft.updatedByEmail, ip: null };
  const id = draft.entityId;
  const ok = await savedWithRedirect(tx, actor, { entity: draft.entityType, id, siteUrl }, () =>
    saveDraftLive(tx, draft, actor, now),
  );
  if (!ok) return false;
  await dropDraft(tx, draft.entityType, id);
  await recordRevision(tx, { entity: draft.entityType, id }, "published", draft.values, actor, now);
  return true;
}

/** The draft's values saved as its item's live row; false when its entity's rules refuse them. */
async function saveDraftLive(
  tx: Database,
  draft: ContentDraft,
  actor: AuditActor,
  now: Date,
): Promise<boolean> {
  const id = draft.entityId;
  let ok = false;
  if (draft.entityType === "blog_post") {
    const values = draft.values as unknown as BlogPostFormValues;
    const parsed = blogPostSchema.safeParse({
      ...values,
      isFeatured: values.isFeatured ? "on" : "",
      status: "published",
    });
    if (!parsed.success) return false;
    const result = await audited(
      tx,
      actor,
      { entity: "blog_post", id },
      (inner) =>
        saveBlogPost(
          inner,
          {
            ...parsed.data,
            status: "published",
            // Its date is the time it went live, unless the editor set one.
            publishedAt: parsed.data.publishedAt ?? draft.publishAt ?? now,
            featuredImageUrl: values.featuredImageUrl || null,
            authorImageUrl: values.authorImageUrl || null,
          },
          id,
          now,
        ),
      (saved) => (saved?.ok ? saved.id : null),
    );
    ok = Boolean(result?.ok);
  } else if (draft.entityType === "case_study") {
    const parsed = parseCaseStudy(draft.values as unknown as CaseStudyDraft);
    if (!parsed.ok) return false;
    const result = await audited(
      tx,
      actor,
      { entity: "case_study", id },
      (inner) => saveCaseStudy(inner, id, { ...parsed.value, status: "published" }),
      (saved) => (saved.ok ? saved.id : null),
    );
    ok = result.ok;
  } else if (draft.entityType === "portfolio_item") {
    const parsed = portfolioItemSchema.safeParse(draft.values);
    if (!parsed.success) return false;
    const saved = await audited(tx, actor, { entity: "portfolio_item", id }, (inner) =>
      savePortfolioItem(inner, id, { ...parsed.data, status: "published" }),
    );
    ok = saved !== null;
  }
  return ok;
}

interface PublishingServices {
  database: { db: Database };
  config: { SITE_URL: string };
  logger: Logger;
}

/**
 * A job due at a draft's "Publish at" (issue #49): it publishes whatever is due then, so a draft
 * rescheduled later makes its old job find nothing, and two drafts due together go live in the
 * first job's run. Polled every second, so a post goes live within a few seconds of its time.
 */
export const publishScheduledJob = defineJob<{ entity: string; id: string }, PublishingServices>({
  name: "publish-scheduled",
  queue: { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
  pollSeconds: 1,
  async run(_data, { database, config, logger }) {
    const published = await publishDue(database.db, config.SITE_URL, new Date(), logger);
    if (published > 0) logger.info({ published }, "published scheduled drafts");
  },
});

/**
 * Queues the job of a draft scheduled for `publishAt`, in the transaction that schedules it. Its
 * id names the draft and the time, so scheduling it again for the same time adds nothing.
 */
export async function queuePublishing(
  tx: Executor,
  jobs: JobSender,
  draft: { entity: WorkflowEntity; id: string; publishAt: Date },
): Promise<void> {
  await jobs.send(
    publishScheduledJob,
    { entity: draft.entity, id: draft.id },
    {
      tx,
      startAfter: draft.publishAt,
      id: jobIdFor(publishScheduledJob.name, draft.entity, draft.id, draft.publishAt.toISOString()),
    },
  );
}

/**
 * At start: the job of every scheduled draft (one scheduled before the engine, or restored from
 * an archive); a draft whose job exists keeps it (the same id).
 */
export async function queueScheduledDrafts(db: Database, jobs: JobSender): Promise<void> {
  const scheduled = await db
    .select({
      entity: contentDrafts.entityType,
      id: contentDrafts.entityId,
      publishAt: contentDrafts.publishAt,
    })
    .from(contentDrafts)
    .where(eq(contentDrafts.state, "scheduled"));
  for (const draft of scheduled) {
    if (draft.publishAt) await queuePublishing(db, jobs, { ...draft, publishAt: draft.publishAt });
  }
}
