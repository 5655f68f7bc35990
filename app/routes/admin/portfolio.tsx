import { type EditorActionData, readEditorForm, saveFromEditor } from "@server/admin/editor";
import { isUuid } from "@server/admin/list-params";
import { failure, PORTFOLIO_EDITOR_MESSAGES } from "@server/admin/messages";
import { loadOrReport, moderationListAction, redirectWithFlash } from "@server/admin/moderation";
import { findPortfolioItem, listPortfolioItems, savePortfolioItem } from "@server/admin/portfolio";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { Pencil, Plus } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { CheckboxField, EditorForm, EditorHeading } from "~/components/admin/editor-form";
import { formatDay, portfolioServiceLabel } from "~/components/admin/format";
import { ImageField } from "~/components/admin/image-field";
import { ToggleForm } from "~/components/admin/toggle-form";
import {
  buttonClass,
  EmptyState,
  ErrorPanel,
  Flag,
  PageHeader,
  RowList,
  StatusBadge,
} from "~/components/admin/ui";
import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { ToastMessageView } from "~/components/ui/toasts";
import { portfolioItemSchema } from "~/lib/forms/portfolio";
import { CONTENT_STATUSES, PORTFOLIO_SERVICE_TYPE_LABELS } from "~/lib/values";
import type { Route } from "./+types/portfolio";

/**
 * /admin/portfolio: where admins land after signing in (SPEC). The list (newest completion first)
 * with feature toggle, Edit and Delete; and the form (SPEC section 4: closed, create mode or edit
 * mode) opened in place by `?new` or `?edit={id}`, so links open it with or without JavaScript.
 * Saving or cancelling returns to the bare list, which closes and resets the form.
 */

const LIST_PATH = "/admin/portfolio";
const messages = PORTFOLIO_EDITOR_MESSAGES;

export const meta: Route.MetaFunction = ({ location }) => {
  const params = new URLSearchParams(location.search);
  const what = params.has("new")
    ? "New portfolio item"
    : params.has("edit")
      ? "Edit portfolio item"
      : "Portfolio";
  return [
    { title: `${what} | Northlight Studio Admin` },
    { name: "robots", content: "noindex, nofollow" },
  ];
};

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const db = getRuntimeFrom(args.context).database.db;
  const params = new URL(args.request.url).searchParams;
  const editId = params.get("edit");
  let editor: { mode: "create" } | { mode: "edit"; item: PortfolioFormItem } | null = null;
  if (editId !== null) {
    const item = isUuid(editId) ? await findPortfolioItem(db, editId) : null;
    if (!item)
      throw await redirectWithFlash(args.context, LIST_PATH, failure(messages.fetchFailed));
    editor = { mode: "edit", item: { ...item, tags: [...item.tags] } };
  } else if (params.has("new")) {
    editor = { mode: "create" };
  }
  const list = await loadOrReport(args.context, () => listPortfolioItems(db), messages.fetchFailed);
  return { ...list, editor };
}

/** The editor posts `intent=save`; the list's feature toggles post `intent=feature`. */
export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const read = await readEditorForm(args, messages);
  if ("refused" in read) return read.refused;
  const { form } = read;
  if (form.fields.get("intent") !== "save") {
    return moderationListAction("portfolio", args, form.fields);
  }
  const db = getRuntimeFrom(args.context).database.db;
  const id = form.fields.get("id");
  if (id && !isUuid(id)) {
    return redirectWithFlash(args.context, LIST_PATH, failure(messages.saveFailed));
  }
  const rowId = typeof id === "string" && id ? id : null;
  return saveFromEditor(args, {
    form,
    schema: portfolioItemSchema,
    imageField: "imageUrl",
    id: rowId,
    save: (input) => savePortfolioItem(db, rowId, input),
    listPath: LIST_PATH,
    messages,
  });
}

interface PortfolioFormItem {
  id: string;
  title: string;
  description: string | null;
  clientName: string | null;
  serviceType: string;
  status: string;
  isFeatured: boolean;
  completionDate: string | null;
  tags: string[];
  imageUrl: string | null;
  videoUrl: string | null;
  projectUrl: string | null;
}

const SERVICE_TYPE_OPTIONS = Object.entries(PORTFOLIO_SERVICE_TYPE_LABELS).map(
  ([value, label]) => ({ value, label }),
);
const STATUS_OPTIONS = CONTENT_STATUSES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

export default function Portfolio({ loaderData, actionData }: Route.ComponentProps) {
  const { data: rows, loadError, editor } = loaderData;
  const editHref = (id: string) => `?${new URLSearchParams({ edit: id })}`;
  return (
    <>
      <PageHeader
        title="Portfolio"
        description="Portfolio items, latest completion first."
        actions={
          editor ? null : (
            <Link to="?new" className={buttonClass.primary}>
              <Plus aria-hidden="true" className="size-4" />
              Add Portfolio Item
            </Link>
          )
        }
      />
      <ToastMessageView message={loadError} />
      {editor ? (
        <PortfolioEditor
          // A new key per item: switching items (or create/edit) starts from a fresh form.
          key={editor.mode === "edit" ? editor.item.id : "new"}
          item={editor.mode === "edit" ? editor.item : null}
          actionData={actionData ?? null}
        />
      ) : null}
      {loadError ? (
        <ErrorPanel message={loadError.description ?? ""} />
      ) : !rows || rows.length === 0 ? (
        <EmptyState>No portfolio items found.</EmptyState>
      ) : (
        <RowList label="Portfolio items">
          {rows.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{item.title}</span>
                  <StatusBadge status={item.status} />
                  {item.isFeatured ? <Flag on>Featured</Flag> : null}
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">
                  {[
                    item.clientName,
                    portfolioServiceLabel(item.serviceType),
                    formatDay(item.completionDate),
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-2">
                <ToggleForm
                  id={item.id}
                  intent="feature"
                  on={item.isFeatured}
                  onLabel="Unfeature"
                  offLabel="Feature"
                  itemName={item.title}
                />
                <Link to={editHref(item.id)} className={buttonClass.secondary}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit<span className="sr-only"> {item.title}</span>
                </Link>
                <DeleteButton
                  confirmHref={`/admin/portfolio/${item.id}/delete`}
                  itemName={item.title}
                  noun="portfolio item"
                />
              </div>
            </li>
          ))}
        </RowList>
      )}
    </>
  );
}

function PortfolioEditor({
  item,
  actionData,
}: {
  item: PortfolioFormItem | null;
  actionData: EditorActionData | null;
}) {
  const values = actionData?.values;
  // After a refused post the form shows what was sent; otherwise the item (edit) or blanks.
  const value = (name: string, stored: string | null | undefined) =>
    values ? (values[name] ?? "") : (stored ?? "");
  const headingId = "portfolio-editor-heading";
  return (
    <section
      aria-labelledby={headingId}
      className="mb-8 rounded-xl border border-line bg-surface p-4 sm:p-6"
    >
      <EditorHeading id={headingId}>
        {item ? `Edit “${item.title}”` : "New portfolio item"}
      </EditorHeading>
      <ToastMessageView message={actionData?.toast} />
      <div className="mt-4">
        <EditorForm
          schema={portfolioItemSchema}
          serverErrors={actionData?.fieldErrors}
          cancelHref={LIST_PATH}
          submitLabel={item ? "Save Changes" : "Create Item"}
          label={item ? "Edit portfolio item" : "New portfolio item"}
        >
          {(errors) => (
            <>
              <input type="hidden" name="intent" value="save" />
              {item ? <input type="hidden" name="id" value={item.id} /> : null}
              <div className="grid gap-5 md:grid-cols-2">
                <TextField
                  name="title"
                  label="Title"
                  required
                  errors={errors}
                  defaultValue={value("title", item?.title)}
                />
                <TextField
                  name="clientName"
                  label="Client Name"
                  errors={errors}
                  defaultValue={value("clientName", item?.clientName)}
                />
                <SelectField
                  name="serviceType"
                  label="Service Type"
                  required
                  errors={errors}
                  options={SERVICE_TYPE_OPTIONS}
                  placeholder="Select a service type"
                  defaultValue={value("serviceType", item?.serviceType)}
                />
                <SelectField
                  name="status"
                  label="Status"
                  errors={errors}
                  options={STATUS_OPTIONS}
                  placeholder="Select a status"
                  defaultValue={value("status", item?.status ?? "published")}
                />
                <TextAreaField
                  name="description"
                  label="Description"
                  rows={4}
                  errors={errors}
                  className="md:col-span-2"
                  defaultValue={value("description", item?.description)}
                />
                <TextField
                  name="completionDate"
                  label="Completion Date"
                  type="date"
                  errors={errors}
                  defaultValue={value("completionDate", item?.completionDate)}
                />
                <TextField
                  name="tags"
                  label="Tags"
                  hint="Separate tags with commas."
                  errors={errors}
                  defaultValue={value("tags", item?.tags.join(", "))}
                />
                <TextField
                  name="videoUrl"
                  label="Video URL"
                  type="url"
                  errors={errors}
                  defaultValue={value("videoUrl", item?.videoUrl)}
                />
                <TextField
                  name="projectUrl"
                  label="Project URL"
                  type="url"
                  errors={errors}
                  defaultValue={value("projectUrl", item?.projectUrl)}
                />
                <div className="md:col-span-2">
                  <ImageField
                    name="imageUrl"
                    label="Image"
                    errors={errors}
                    defaultValue={value("imageUrl", item?.imageUrl)}
                  />
                </div>
                <CheckboxField
                  name="isFeatured"
                  label="Featured"
                  hint="Featured items are shown on the service pages."
                  defaultChecked={values ? values.isFeatured === "on" : (item?.isFeatured ?? false)}
                />
              </div>
            </>
          )}
        </EditorForm>
      </div>
    </section>
  );
}
