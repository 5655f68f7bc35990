import { desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { caseStudies } from "../db/schema";
import { contentChanged } from "./after-content-write";
import { releaseUploadsOf } from "./uploads";

/** Case-study moderation: list every status, feature toggle, delete (SPEC section 7, admin). */

export interface CaseStudyRow {
  id: string;
  slug: string;
  title: string;
  clientName: string | null;
  serviceType: string | null;
  status: string;
  isFeatured: boolean;
  createdAt: Date;
}

export function listCaseStudies(db: Database): Promise<CaseStudyRow[]> {
  return db
    .select({
      id: caseStudies.id,
      slug: caseStudies.slug,
      title: caseStudies.title,
      clientName: caseStudies.clientName,
      serviceType: caseStudies.serviceType,
      status: caseStudies.status,
      isFeatured: caseStudies.isFeatured,
      createdAt: caseStudies.createdAt,
    })
    .from(caseStudies)
    .orderBy(desc(caseStudies.createdAt), desc(caseStudies.id));
}

export async function findCaseStudyTitle(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ title: caseStudies.title })
    .from(caseStudies)
    .where(eq(caseStudies.id, id));
  return row?.title ?? null;
}

/** Sets is_featured; false when the case study no longer exists. */
export async function setCaseStudyFeatured(
  db: Database,
  id: string,
  featured: boolean,
): Promise<boolean> {
  const rows = await db
    .update(caseStudies)
    .set({ isFeatured: featured })
    .where(eq(caseStudies.id, id))
    .returning({ id: caseStudies.id });
  if (rows.length === 0) return false;
  await contentChanged(db, { entity: "case-studies", id, action: "updated" });
  return true;
}

/** Deletes a case study and releases its files; false when it no longer exists. */
export async function deleteCaseStudy(db: Database, id: string): Promise<boolean> {
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx
      .delete(caseStudies)
      .where(eq(caseStudies.id, id))
      .returning({ id: caseStudies.id });
    if (rows.length > 0) await releaseUploadsOf(tx, "case_studies", id);
    return rows.length > 0;
  });
  if (deleted) await contentChanged(db, { entity: "case-studies", id, action: "deleted" });
  return deleted;
}
