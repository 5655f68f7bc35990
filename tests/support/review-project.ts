import { createHash } from "node:crypto";
import type { Executor } from "@server/db/client";
import {
  deliverables,
  deliverableVersions,
  mediaItems,
  projects,
  reviewers,
  shareLinks,
} from "@server/db/schema";
import type { ProjectStatus } from "~/lib/values";
import { reviewMediaRow } from "./media-items";

/**
 * A project of the review room as the tests of its reads and its retention need one, written
 * straight to the tables (no audit rows): a ready media item, one deliverable ("Spot :30") with
 * `versions` versions of it, a share link and one reviewer of that link.
 */
export async function insertReviewProject(
  db: Executor,
  options: {
    title: string;
    status?: ProjectStatus;
    finishedAt?: Date | null;
    versions?: number;
    reviewer?: { name: string; email: string };
  },
) {
  const { title } = options;
  const sha256 = createHash("sha256").update(title).digest("hex");
  const [media] = await db.insert(mediaItems).values(reviewMediaRow(title, sha256)).returning();
  const [project] = await db
    .insert(projects)
    .values({
      title,
      clientName: "Cora Client",
      clientEmail: "cora@review-project.test",
      status: options.status ?? "active",
      finishedAt: options.finishedAt ?? null,
    })
    .returning();
  const [deliverable] = await db
    .insert(deliverables)
    .values({ projectId: project?.id ?? "", title: "Spot :30" })
    .returning();
  const versions = await db
    .insert(deliverableVersions)
    .values(
      Array.from({ length: options.versions ?? 1 }, (_, index) => ({
        deliverableId: deliverable?.id ?? "",
        number: index + 1,
        mediaItemId: media?.id ?? "",
        sha256,
      })),
    )
    .returning();
  const [link] = await db
    .insert(shareLinks)
    .values({ projectId: project?.id ?? "", tokenHash: sha256 })
    .returning();
  const [reviewer] = await db
    .insert(reviewers)
    .values({
      linkId: link?.id ?? "",
      ...(options.reviewer ?? { name: `${title} reviewer`, email: `${title}@review-project.test` }),
    })
    .returning();
  if (!project || !link || !reviewer) throw new Error("review project not written");
  return { project, versions: versions.map((version) => version.id), link, reviewer, sha256 };
}
