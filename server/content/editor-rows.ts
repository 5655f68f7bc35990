import type { ContentEntity } from "@server/caches";
import { contentChanged } from "@server/content/changes";
import { forgetItem } from "@server/content/workflow/drafts";
import type { Database } from "@server/db/client";
import { claimImages } from "@server/uploads/images";
import { releaseUploadsOf } from "@server/uploads/release";
import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { WorkflowEntity } from "~/lib/values";

/**
 * The writes the simple back-office editors share (portfolio, team, testimonials, and case
 * studies' toggle and delete): each is one transaction, and the change is reported once committed
 * so the public pages show it at once.
 */

type RowTable = PgTable & { id: AnyPgColumn };

/** One edited collection: its table, the name its changes go by, and what goes with a row. */
export interface EditorTable<T extends RowTable> {
  table: T;
  entity: ContentEntity;
  /** The uploads' owner table for its images, when it has any. */
  uploadsOwner?: string;
  /** Its drafts and revisions (issue #31), when it goes through the workflow. */
  workflow?: WorkflowEntity;
}

/** Sets columns of one row (a toggle); false when the row no longer exists. */
export async function updateRow<T extends RowTable>(
  db: Database,
  editor: EditorTable<T>,
  id: string,
  values: PgUpdateSetSource<T>,
): Promise<boolean> {
  const { table } = editor;
  const rows = await db
    .update(table as RowTable)
    .set(values)
    .where(eq(table.id, id))
    .returning({ id: table.id });
  if (rows.length === 0) return false;
  await contentChanged(db, { entity: editor.entity, id, action: "updated" });
  return true;
}

/**
 * Creates (`id` null) or updates a row and claims the uploaded images it uses; returns its id, or
 * null when the row to update no longer exists.
 */
export async function saveRow<T extends RowTable>(
  db: Database,
  editor: EditorTable<T>,
  id: string | null,
  values: T["$inferInsert"],
  imageUrls: readonly (string | null)[] = [],
): Promise<string | null> {
  const table = editor.table as RowTable;
  const savedId = await db.transaction(async (tx) => {
    const [row] = id
      ? await tx.update(table).set(values).where(eq(table.id, id)).returning({ id: table.id })
      : await tx.insert(table).values(values).returning({ id: table.id });
    if (!row) return null;
    const rowId = row.id as string;
    if (editor.uploadsOwner) {
      await claimImages(tx, { table: editor.uploadsOwner, id: rowId }, imageUrls);
    }
    return rowId;
  });
  if (savedId) {
    await contentChanged(db, {
      entity: editor.entity,
      id: savedId,
      action: id ? "updated" : "created",
    });
  }
  return savedId;
}

/** Deletes a row, releases its images and forgets its drafts; false when it no longer exists. */
export async function deleteRow<T extends RowTable>(
  db: Database,
  editor: EditorTable<T>,
  id: string,
): Promise<boolean> {
  const table = editor.table as RowTable;
  const deleted = await db.transaction(async (tx) => {
    const rows = await tx.delete(table).where(eq(table.id, id)).returning({ id: table.id });
    if (rows.length === 0) return false;
    if (editor.uploadsOwner) await releaseUploadsOf(tx, editor.uploadsOwner, id);
    if (editor.workflow) await forgetItem(tx, editor.workflow, id);
    return true;
  });
  if (deleted) await contentChanged(db, { entity: editor.entity, id, action: "deleted" });
  return deleted;
}
