import type { ContentEntity } from "@server/caches";
import { contentChanged } from "@server/content/changes";
import { forgetItem } from "@server/content/workflow/drafts";
import type { Database } from "@server/db/client";
import { PAGE_SIZE, readPage } from "@server/kit/list-params";
import { claimImages } from "@server/uploads/images";
import { releaseUploadsOf } from "@server/uploads/release";
import { eq, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgSelect, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { WorkflowEntity } from "~/lib/values";

/**
 * What the back-office editors share: the paged list read and the one-row read (portfolio, team,
 * testimonials, case studies, redirects), and the simple writes (portfolio, team, testimonials,
 * and case studies' toggle and delete): each write is one transaction, and the change is reported
 * once committed so the public pages show it at once.
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

/**
 * One page (25) of a back-office list: `select` (its columns, from `table`, as a dynamic query)
 * of the rows matching `where`, in `orderBy` (ending on a unique column, so pages never overlap),
 * with the total.
 */
export function listRows<Q extends PgSelect>(
  db: Database,
  page: number,
  list: {
    table: PgTable;
    select: () => Q;
    where: SQL | undefined;
    orderBy: (SQL | AnyPgColumn)[];
  },
) {
  return readPage<Awaited<Q>[number]>(page, {
    rows: (offset) =>
      list
        .select()
        .where(list.where)
        .orderBy(...list.orderBy)
        .limit(PAGE_SIZE)
        .offset(offset),
    total: () => db.$count(list.table, list.where),
  });
}

/** The row of `select` (a dynamic query of one table) whose `idColumn` is `id`; null when none. */
export async function findRow<Q extends PgSelect>(
  select: Q,
  idColumn: AnyPgColumn,
  id: string,
): Promise<Awaited<Q>[number] | null> {
  const rows: Awaited<Q> = await select.where(eq(idColumn, id));
  return rows[0] ?? null;
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

/**
 * One collection's row writes and its one-row read, made once from its `editor` (portfolio, team,
 * testimonials): `save` claims the images `imagesOf` names in the input, `update` sets columns (a
 * toggle), `remove` deletes as `deleteRow` does, `find` reads the whole row.
 */
export function rowEditor<T extends RowTable, Input extends T["$inferInsert"]>(
  editor: EditorTable<T>,
  imagesOf: (input: Input) => readonly (string | null)[] = () => [],
) {
  const table = editor.table as RowTable;
  return {
    find: (db: Database, id: string): Promise<T["$inferSelect"] | null> =>
      findRow(db.select().from(table).$dynamic(), table.id, id),
    save: (db: Database, id: string | null, input: Input): Promise<string | null> =>
      saveRow(db, editor, id, input, imagesOf(input)),
    update: (db: Database, id: string, values: PgUpdateSetSource<T>): Promise<boolean> =>
      updateRow(db, editor, id, values),
    remove: (db: Database, id: string): Promise<boolean> => deleteRow(db, editor, id),
  };
}
