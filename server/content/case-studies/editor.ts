import { contentChanged } from "@server/content/changes";
import {
  deleteRow,
  type EditorTable,
  findRow,
  listRows,
  updateRow,
} from "@server/content/editor-rows";
import { type WorkListQuery, workListWhere, workRowColumns } from "@server/content/work-list";
import type { Database, Executor } from "@server/db/client";
import { type CaseStudy, caseStudies } from "@server/db/schema";
import type { Page } from "@server/kit/list-params";
import { claimImages } from "@server/uploads/images";
import { and, desc, eq, ne } from "drizzle-orm";
import { FALLBACK_CASE_STUDY_SLUGS } from "~/copy/samples";
import {
  CASE_STUDY_TEXT,
  type CaseStudyDraft,
  type CaseStudyInput,
  draftFromStudy,
} from "~/entities/case-study/form";
import type { FieldErrors } from "~/lib/forms/result";
import type { DraftState } from "~/lib/values";

/**
 * Case studies in the back-office: the list (every status), feature toggle and delete (SPEC
 * section 7, admin), and the editor's reads and saves (issue #7); the editor's post is
 * server/route-kit/case-study-editor.ts.
 */

export type CaseStudyRow = Pick<
  CaseStudy,
  "id" | "slug" | "title" | "clientName" | "serviceType" | "status" | "isFeatured" | "createdAt"
> & { draftState: DraftState | null };

/**
 * One page (25) of the case studies matching the search (title, client) and the publishing
 * state (the badges' filter), newest first.
 */
export function listCaseStudies(db: Database, query: WorkListQuery): Promise<Page<CaseStudyRow>> {
  return listRows(db, query.page, {
    table: caseStudies,
    select: () =>
      db
        .select({
          ...workRowColumns("case_study", caseStudies),
          slug: caseStudies.slug,
          createdAt: caseStudies.createdAt,
        })
        .from(caseStudies)
        .$dynamic(),
    where: workListWhere("case_study", caseStudies, query),
    orderBy: [desc(caseStudies.createdAt), desc(caseStudies.id)],
  });
}

export async function findCaseStudyTitle(db: Database, id: string): Promise<string | null> {
  const row = await findRow(
    db.select({ title: caseStudies.title }).from(caseStudies).$dynamic(),
    caseStudies.id,
    id,
  );
  return row?.title ?? null;
}

const CASE_STUDIES: EditorTable<typeof caseStudies> = {
  table: caseStudies,
  entity: "case-studies",
  uploadsOwner: "case_studies",
  workflow: "case_study",
};

/** Sets is_featured; false when the case study no longer exists. */
export function setCaseStudyFeatured(
  db: Database,
  id: string,
  featured: boolean,
): Promise<boolean> {
  return updateRow(db, CASE_STUDIES, id, { isFeatured: featured });
}

/** Deletes a case study and releases its files; false when it no longer exists. */
export function deleteCaseStudy(db: Database, id: string): Promise<boolean> {
  return deleteRow(db, CASE_STUDIES, id);
}

// ---------------------------------------------------------------------------------------------
// The editor (issue #7)
// ---------------------------------------------------------------------------------------------

/**
 * The six studies whose detail pages have a built-in copy (SPEC: fixed fallback ids, two of them
 * always listed). A row holding one of these slugs stands in for that copy, so it keeps its slug:
 * renamed, the old address would silently show the built-in copy again
 * (docs/decisions/0100-built-in-case-studies-in-the-editor.md).
 */
export function isFixedSlug(slug: string): boolean {
  return (FALLBACK_CASE_STUDY_SLUGS as readonly string[]).includes(slug);
}

export function findCaseStudy(db: Executor, id: string): Promise<CaseStudy | null> {
  return findRow(db.select().from(caseStudies).$dynamic(), caseStudies.id, id);
}

export function draftOf(study: CaseStudy): CaseStudyDraft {
  return draftFromStudy(study);
}

export type SaveResult =
  | { ok: true; id: string; slug: string; created: boolean }
  | { ok: false; reason: "invalid"; fieldErrors: FieldErrors }
  | { ok: false; reason: "not-found" };

/**
 * Creates (id null) or updates a case study from checked input, in one transaction: the slug
 * must be free (checked, and the unique index catches a race) and a fixed slug stays put; the
 * uploaded images the study now uses are claimed, the ones it dropped released. Reports the
 * change after the commit so the public pages show it at once.
 */
export async function saveCaseStudy(
  db: Database,
  id: string | null,
  input: CaseStudyInput,
): Promise<SaveResult> {
  let result: SaveResult;
  try {
    result = await db.transaction(async (tx): Promise<SaveResult> => {
      if (id !== null) {
        const [current] = await tx
          .select({ slug: caseStudies.slug })
          .from(caseStudies)
          .where(eq(caseStudies.id, id))
          .for("update");
        if (!current) return { ok: false, reason: "not-found" };
        if (isFixedSlug(current.slug) && input.slug !== current.slug) {
          return {
            ok: false,
            reason: "invalid",
            fieldErrors: { slug: [CASE_STUDY_TEXT.slugLocked] },
          };
        }
      }
      const [taken] = await tx
        .select({ title: caseStudies.title })
        .from(caseStudies)
        .where(
          and(eq(caseStudies.slug, input.slug), id === null ? undefined : ne(caseStudies.id, id)),
        )
        .limit(1);
      if (taken) return slugTaken(input.slug, taken.title);

      let savedId: string;
      if (id === null) {
        const [row] = await tx.insert(caseStudies).values(input).returning({ id: caseStudies.id });
        savedId = (row as { id: string }).id;
      } else {
        await tx.update(caseStudies).set(input).where(eq(caseStudies.id, id));
        savedId = id;
      }
      await claimImages(tx, { table: "case_studies", id: savedId }, imageUrlsOf(input));
      return { ok: true, id: savedId, slug: input.slug, created: id === null };
    });
  } catch (error) {
    // Two saves raced for one slug: the unique index refused the second.
    if (isUniqueViolation(error)) return slugTaken(input.slug, null);
    throw error;
  }
  if (result.ok) {
    await contentChanged(db, {
      entity: "case-studies",
      id: result.id,
      action: result.created ? "created" : "updated",
    });
  }
  return result;
}

function slugTaken(slug: string, other: string | null): SaveResult {
  return {
    ok: false,
    reason: "invalid",
    fieldErrors: { slug: [CASE_STUDY_TEXT.slugTaken(slug, other)] },
  };
}

function imageUrlsOf(input: CaseStudyInput): (string | null)[] {
  return [
    input.imageUrl,
    ...input.mediaGallery.flatMap((item) => [item.url, item.thumbnail_url ?? null]),
  ];
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
