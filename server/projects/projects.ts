import { type AuditActor, recordAudit } from "@server/audit/log";
import type { Database, Executor } from "@server/db/client";
import {
  contactSubmissions,
  deliverables,
  deliverableVersions,
  mediaItems,
  type Project,
  projects,
  user,
} from "@server/db/schema";
import type { JobSender } from "@server/jobs/engine";
import { enqueueNotification } from "@server/mail";
import { composeMail } from "@server/mail/compose";
import { and, asc, desc, eq, max, type SQL, sql } from "drizzle-orm";
import { SERVICE_LABELS } from "~/entities/inquiry/options";
import type { ProjectStatus } from "~/lib/values";

/**
 * Projects of the review room (issue #45, decision 0530): made from an inquiry or directly, their
 * deliverables and versions (a ready media item each, its master's SHA-256 copied). Every write
 * is audited in its own transaction.
 */

export class ProjectInputError extends Error {}

export interface NewProject {
  title: string;
  clientName: string;
  clientEmail: string | null;
  clientCompany: string | null;
  ownerId: string | null;
  inquiryId?: string | null;
}

export async function createProject(
  db: Database,
  actor: AuditActor,
  input: NewProject,
): Promise<Project> {
  return db.transaction(async (tx) => {
    const [project] = await tx.insert(projects).values(input).returning();
    if (!project) throw new Error("project not inserted");
    await recordAudit(tx, {
      action: "create",
      actor,
      entityType: "project",
      entityId: project.id,
      entityName: project.title,
      changes: null,
    });
    return project;
  });
}

/** What staff call a project started from an inquiry: whose, and what for when it says. */
function projectTitleFor(inquiry: { name: string; service: string | null }): string {
  const service = SERVICE_LABELS[inquiry.service as keyof typeof SERVICE_LABELS];
  return service ? `${inquiry.name}: ${service}` : `${inquiry.name}: project`;
}

/** "Start project" on an inquiry: its client, its owner (or whoever starts it), linked to it. */
export async function startProjectFromInquiry(
  db: Database,
  actor: AuditActor,
  inquiryId: string,
): Promise<Project | null> {
  const [inquiry] = await db
    .select()
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, inquiryId))
    .limit(1);
  if (!inquiry) return null;
  // Pressed twice (a double click, a resent form): the project it already started.
  const [started] = await projectsOfInquiry(db, inquiry.id);
  if (started) return started;
  return createProject(db, actor, {
    title: projectTitleFor(inquiry).slice(0, 200),
    clientName: inquiry.name,
    clientEmail: inquiry.email,
    // An inquiry asks for no company (SPEC's contact form): staff add it on the project.
    clientCompany: null,
    ownerId: inquiry.ownerId ?? actor.id,
    inquiryId: inquiry.id,
  });
}

/** The projects started from an inquiry, the first one first. */
export function projectsOfInquiry(db: Executor, inquiryId: string): Promise<Project[]> {
  return db
    .select()
    .from(projects)
    .where(eq(projects.inquiryId, inquiryId))
    .orderBy(asc(projects.createdAt));
}

export async function setProjectStatus(
  db: Database,
  actor: AuditActor,
  id: string,
  status: ProjectStatus,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(projects).where(eq(projects.id, id)).limit(1);
    if (!before) return false;
    if (before.status === status) return true;
    // Finished (delivered, archived) from the first time it was; active again forgets it.
    const finishedAt = status === "active" ? null : sql`coalesce(${projects.finishedAt}, now())`;
    await tx.update(projects).set({ status, finishedAt }).where(eq(projects.id, id));
    await recordAudit(tx, {
      action: "update",
      actor,
      entityType: "project",
      entityId: id,
      entityName: before.title,
      changes: { status: { before: before.status, after: status } },
    });
    return true;
  });
}

export interface ProjectFilter {
  status?: ProjectStatus | null;
  ownerId?: string | null;
}

export async function listProjects(db: Executor, filter: ProjectFilter = {}) {
  const where: SQL[] = [];
  if (filter.status) where.push(eq(projects.status, filter.status));
  if (filter.ownerId) where.push(eq(projects.ownerId, filter.ownerId));
  return db
    .select({
      id: projects.id,
      title: projects.title,
      clientName: projects.clientName,
      clientCompany: projects.clientCompany,
      status: projects.status,
      ownerName: user.name,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .leftJoin(user, eq(user.id, projects.ownerId))
    .where(and(...where))
    .orderBy(desc(projects.createdAt))
    .limit(200);
}

export async function findProject(db: Executor, id: string) {
  const [row] = await db
    .select({ project: projects, ownerName: user.name, inquiryName: contactSubmissions.name })
    .from(projects)
    .leftJoin(user, eq(user.id, projects.ownerId))
    .leftJoin(contactSubmissions, eq(contactSubmissions.id, projects.inquiryId))
    .where(eq(projects.id, id))
    .limit(1);
  if (!row) return null;
  const items = await db
    .select()
    .from(deliverables)
    .where(eq(deliverables.projectId, id))
    .orderBy(asc(deliverables.position), asc(deliverables.createdAt));
  const withVersions = [];
  for (const item of items) {
    const versions = await db
      .select({ version: deliverableVersions, mediaTitle: mediaItems.title })
      .from(deliverableVersions)
      .innerJoin(mediaItems, eq(mediaItems.id, deliverableVersions.mediaItemId))
      .where(eq(deliverableVersions.deliverableId, item.id))
      .orderBy(asc(deliverableVersions.number));
    withVersions.push({ ...item, versions });
  }
  return { ...row, deliverables: withVersions };
}

/** A deliverable at the end of the project's list, audited as a change of the project. */
export async function addDeliverable(
  db: Database,
  actor: AuditActor,
  projectId: string,
  title: string,
) {
  return db.transaction(async (tx) => {
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).limit(1);
    if (!project) return undefined;
    const [{ last } = { last: null }] = await tx
      .select({ last: max(deliverables.position) })
      .from(deliverables)
      .where(eq(deliverables.projectId, projectId));
    const [row] = await tx
      .insert(deliverables)
      .values({ projectId, title, position: (last ?? -1) + 1 })
      .returning();
    await recordAudit(tx, {
      action: "update",
      actor,
      entityType: "project",
      entityId: projectId,
      entityName: project.title,
      changes: { deliverable: { before: null, after: title } },
    });
    return row;
  });
}

/** The deliverable, when it is one of this project's. */
export async function deliverableOf(db: Executor, projectId: string, deliverableId: string) {
  const [row] = await db
    .select()
    .from(deliverables)
    .where(and(eq(deliverables.id, deliverableId), eq(deliverables.projectId, projectId)))
    .limit(1);
  return row;
}

/** The Media library's ready items a version may be made of, newest first. */
export async function readyMediaItems(db: Executor) {
  return db
    .select({ id: mediaItems.id, title: mediaItems.title })
    .from(mediaItems)
    .where(eq(mediaItems.state, "ready"))
    .orderBy(desc(mediaItems.createdAt))
    .limit(200);
}

/**
 * The next version of a deliverable (v1, v2, …) from a ready media item, its master's SHA-256
 * copied; refused (ProjectInputError) for an item that is not ready or has no hash, or for a
 * deliverable of another project.
 */
export async function addVersion(
  db: Database,
  actor: AuditActor,
  target: { projectId: string; deliverableId: string },
  mediaItemId: string,
  jobs: JobSender,
) {
  const { projectId, deliverableId } = target;
  return db.transaction(async (tx) => {
    const [item] = await tx
      .select({ state: mediaItems.state, sha256: mediaItems.sha256, title: mediaItems.title })
      .from(mediaItems)
      .where(eq(mediaItems.id, mediaItemId))
      .limit(1);
    if (!item) throw new ProjectInputError("Choose a video from the Media library.");
    if (item.state !== "ready" || !item.sha256) {
      throw new ProjectInputError("Only a video that is ready can be a version.");
    }
    // One writer at a time per deliverable: the row lock orders the numbers.
    const [deliverable] = await tx
      .select()
      .from(deliverables)
      // Of this project only: a form names the deliverable, the address the project.
      .where(and(eq(deliverables.id, deliverableId), eq(deliverables.projectId, projectId)))
      .for("update")
      .limit(1);
    if (!deliverable) throw new ProjectInputError("That deliverable no longer exists.");
    const [{ last } = { last: null }] = await tx
      .select({ last: max(deliverableVersions.number) })
      .from(deliverableVersions)
      .where(eq(deliverableVersions.deliverableId, deliverableId));
    const [version] = await tx
      .insert(deliverableVersions)
      .values({
        deliverableId,
        number: (last ?? 0) + 1,
        mediaItemId,
        sha256: item.sha256,
        createdBy: actor.id,
      })
      .returning();
    if (!version) throw new Error("version not inserted");
    await recordAudit(tx, {
      action: "create",
      actor,
      entityType: "project_version",
      entityId: version.id,
      entityName: `${deliverable.title} v${version.number}`,
      changes: null,
    });
    await tellClientOfVersion(tx, jobs, { projectId, deliverable: deliverable.title, version });
    return version;
  });
}

/**
 * "A new version is ready" to the project's client, in the version's transaction (issue #45 item
 * 6); none when the project has no client e-mail (never given, or erased). The mail carries no
 * link: a share link's token is shown once to staff and kept only as its hash.
 */
async function tellClientOfVersion(
  tx: Executor,
  jobs: JobSender,
  facts: { projectId: string; deliverable: string; version: { number: number; sha256: string } },
) {
  const [project] = await tx
    .select({ title: projects.title, clientName: projects.clientName, email: projects.clientEmail })
    .from(projects)
    .where(eq(projects.id, facts.projectId))
    .limit(1);
  if (!project?.email) return;
  const name = `${facts.deliverable} v${facts.version.number}`;
  await enqueueNotification(tx, jobs, {
    kind: "review-new-version",
    recipient: project.email,
    subject: `A new version is ready: ${name}`.slice(0, 200),
    ...composeMail([
      { paragraph: `Hi ${project.clientName},` },
      { paragraph: `A new version is ready for your review: ${name} of ${project.title}.` },
      { paragraph: "Open the review link the studio sent you to watch it and leave your notes." },
      { fields: [["SHA-256 of the master", facts.version.sha256]] },
    ]),
  });
}
