import {
  type EditorActionData,
  editorRefusal,
  findRowOrRedirect,
  saveFromEditor,
} from "@server/admin/editor";
import { isUuid, listReturnPath, parseListQuery } from "@server/admin/list-params";
import { failure, PORTFOLIO_EDITOR_MESSAGES } from "@server/admin/messages";
import { loadOrReport, moderationListAction, redirectWithFlash } from "@server/admin/moderation";
import { findPortfolioItem, listPortfolioItems, savePortfolioItem } from "@server/admin/portfolio";
import { audited } from "@server/audit/log";
import { getRuntimeFrom } from "@server/context";
import { FORM_LIMITS, readPost } from "@server/forms";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { DeleteButton } from "~/components/admin/delete-button";
import { EditorHeading } from "~/components/admin/editor-form";
import { EditorFields, StatusField } from "~/components/admin/editor-page";
import { portfolioServiceLabel } from "~/components/admin/format";
import { ImageField } from "~/components/admin/image-field";
import { AdminListFilters, FilterSearch } from "~/components/admin/list-filters";
import { AddLink, ContentRow, EditLink, ListBody, PagedList } from "~/components/admin/list-page";
import { FeatureToggle } from "~/components/admin/toggle-form";
import { Flag, StatusBadge } from "~/components/admin/ui";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { portfolioItemSchema } from "~/entities/portfolio-item/form";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import { PORTFOLIO_SERVICE_TYPE_LABELS } from "~/lib/values";
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
  return adminMeta(
    params.has("new")
      ? "New portfolio item"
      : params.has("edit")
        ? "Edit portfolio item"
        : "Portfolio",
  );
};

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const db = getRuntimeFrom(args.context).database.db;
  const params = new URL(args.request.url).searchParams;
  let editor: { mode: "create" } | { mode: "edit"; item: PortfolioFormItem } | null = null;
  const item = await findRowOrRedirect(args, {
    id: params.get("edit"),
    find: findPortfolioItem,
    listPath: LIST_PATH,
    gone: messages.fetchFailed,
  });
  if (item) {
    editor = { mode: "edit", item: { ...item, tags: [...item.tags] } };
  } else if (params.has("new")) {
    editor = { mode: "create" };
  }
  const query = parseListQuery(params);
  const list = await loadOrReport(
    args.context,
    () => listPortfolioItems(db, query),
    messages.fetchFailed,
  );
  // Opening and closing the editor keeps the list where it was (search and page).
  return { ...list, editor, q: query.q, listPath: listReturnPath(LIST_PATH, params) };
}

/** The editor posts `intent=save`; the list's feature toggles post `intent=feature`. */
export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  const read = await readPost(args.request, FORM_LIMITS.editor, editorRefusal(messages));
  if (read.refused) return read.refused;
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
    save: (input) =>
      audited(db, currentActor(args.context), { entity: "portfolio_item", id: rowId }, (tx) =>
        savePortfolioItem(tx, rowId, input),
      ),
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

export default function Portfolio({ loaderData, actionData }: Route.ComponentProps) {
  const { data, loadError, editor, q, listPath } = loaderData;
  const editHref = (id: string) => `${listPath}${listPath.includes("?") ? "&" : "?"}edit=${id}`;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Portfolio"
        lead="Portfolio items, latest completion first."
        actions={editor ? null : <AddLink to="?new">Add Portfolio Item</AddLink>}
      />
      <ToastMessageView message={loadError} />
      {editor ? (
        <PortfolioEditor
          // A new key per item: switching items (or create/edit) starts from a fresh form.
          key={editor.mode === "edit" ? editor.item.id : "new"}
          item={editor.mode === "edit" ? editor.item : null}
          actionData={actionData ?? null}
          cancelHref={listPath}
        />
      ) : null}
      <AdminListFilters label="Filter portfolio items" clearTo={LIST_PATH} filtered={Boolean(q)}>
        <FilterSearch id="portfolio-search" label="Search titles and clients" value={q} />
      </AdminListFilters>
      <ListBody
        loadError={loadError}
        rows={data?.rows}
        empty={q ? "No portfolio items found matching your search." : "No portfolio items found."}
      >
        {(items) => (
          <PagedList
            label="Portfolio items"
            result={data}
            noun={["portfolio item", "portfolio items"]}
          >
            {items.map((item) => (
              <ContentRow
                key={item.id}
                title={item.title}
                badges={
                  <>
                    <StatusBadge status={item.status} />
                    {item.isFeatured ? <Flag on>Featured</Flag> : null}
                  </>
                }
                details={[
                  item.clientName,
                  portfolioServiceLabel(item.serviceType),
                  formatDay(item.completionDate),
                ]}
                actions={
                  <>
                    <FeatureToggle id={item.id} on={item.isFeatured} itemName={item.title} />
                    <EditLink to={editHref(item.id)} name={item.title} />
                    <DeleteButton
                      confirmHref={`/admin/portfolio/${item.id}/delete`}
                      itemName={item.title}
                      noun="portfolio item"
                    />
                  </>
                }
              />
            ))}
          </PagedList>
        )}
      </ListBody>
    </>
  );
}

function PortfolioEditor({
  item,
  actionData,
  cancelHref,
}: {
  item: PortfolioFormItem | null;
  actionData: EditorActionData | null;
  cancelHref: string;
}) {
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
        <EditorFields
          answer={actionData}
          schema={portfolioItemSchema}
          cancelHref={cancelHref}
          submitLabel={item ? "Save Changes" : "Create Item"}
          label={item ? "Edit portfolio item" : "New portfolio item"}
          hidden={
            <>
              <input type="hidden" name="intent" value="save" />
              {item ? <input type="hidden" name="id" value={item.id} /> : null}
            </>
          }
        >
          {({ field, checked }) => (
            <>
              <TextField {...field("title", item?.title)} label="Title" required />
              <TextField {...field("clientName", item?.clientName)} label="Client Name" />
              <SelectField
                {...field("serviceType", item?.serviceType)}
                label="Service Type"
                required
                options={SERVICE_TYPE_OPTIONS}
                placeholder="Select a service type"
              />
              <StatusField field={field} stored={item?.status} />
              <TextAreaField
                {...field("description", item?.description)}
                label="Description"
                rows={4}
                className="md:col-span-2"
              />
              <TextField
                {...field("completionDate", item?.completionDate)}
                label="Completion Date"
                type="date"
              />
              <TextField
                {...field("tags", item?.tags.join(", "))}
                label="Tags"
                hint="Separate tags with commas."
              />
              <TextField {...field("videoUrl", item?.videoUrl)} label="Video URL" type="url" />
              <TextField
                {...field("projectUrl", item?.projectUrl)}
                label="Project URL"
                type="url"
              />
              <div className="md:col-span-2">
                <ImageField {...field("imageUrl", item?.imageUrl)} label="Image" />
              </div>
              <CheckboxField
                name="isFeatured"
                label="Featured"
                hint="Featured items are shown on the service pages."
                defaultChecked={checked("isFeatured", item?.isFeatured ?? false)}
              />
            </>
          )}
        </EditorFields>
      </div>
    </section>
  );
}
