import { contentChanged } from "@server/content/changes";
import type { Executor } from "@server/db/client";
import { type PipelineActivity, pipelineActivity, user } from "@server/db/schema";
import { and, desc, eq, sql } from "drizzle-orm";
import type { ActivityKind, PipelineSubject } from "~/lib/values";

/**
 * The Activity of an inquiry or a job application (issue #30): every step of its pipeline, with
 * who and when. Written in the transaction of the step it records (and of its audit row), so the
 * list never shows a step that did not happen nor misses one that did.
 */

/** Who took the step: a staff member (id and e-mail then), or null for the visitor. */
export interface ActivityActor {
  id: string | null;
  email: string | null;
}

export interface ActivityEntry {
  subject: PipelineSubject;
  subjectId: string;
  kind: ActivityKind;
  actor: ActivityActor | null;
  summary?: string | null;
  body?: string | null;
}

export async function recordActivity(executor: Executor, entry: ActivityEntry): Promise<void> {
  await executor.insert(pipelineActivity).values({
    subjectType: entry.subject,
    subjectId: entry.subjectId,
    kind: entry.kind,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.email ?? null,
    summary: entry.summary ?? null,
    body: entry.body ?? null,
  });
  // The Dashboard's figures change with it, once the step's transaction has committed.
  await contentChanged(executor, { entity: "pipeline", id: entry.subjectId, action: "activity" });
}

export type ActivityRow = Pick<PipelineActivity, "id" | "kind" | "summary" | "body" | "at"> & {
  /** The staff member's name now (their e-mail then if the account is gone); null: the visitor. */
  who: string | null;
};

/** A record's Activity, newest first (bounded: a page shows the latest 200 steps). */
export async function listActivity(
  db: Executor,
  subject: PipelineSubject,
  subjectId: string,
  kind?: ActivityKind,
): Promise<ActivityRow[]> {
  return db
    .select({
      id: pipelineActivity.id,
      kind: pipelineActivity.kind,
      summary: pipelineActivity.summary,
      body: pipelineActivity.body,
      at: pipelineActivity.at,
      who: sql<string | null>`coalesce(nullif(${user.name}, ''), ${pipelineActivity.actorName})`,
    })
    .from(pipelineActivity)
    .leftJoin(user, eq(user.id, pipelineActivity.actorId))
    .where(
      and(
        eq(pipelineActivity.subjectType, subject),
        eq(pipelineActivity.subjectId, subjectId),
        kind ? eq(pipelineActivity.kind, kind) : undefined,
      ),
    )
    .orderBy(desc(pipelineActivity.at), desc(pipelineActivity.id))
    .limit(200);
}
