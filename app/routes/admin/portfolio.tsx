import { audited } from "@server/audit/log";
import {
  findPortfolioItem,
  listPortfolioItems,
  savePortfolioItem,
} from "@server/content/portfolio/editor";
import { findDraft, unpublish } from "@server/content/workflow/drafts";
import {
  publishAtOf,
  saveThroughWorkflow,
  workflowIntentOf,
} from "@server/content/workflow/editor-buttons";
import { getRuntimeFrom } from "@server/context";
import { isUuid, listReturnPath, parseListQuery, parseOneOf } from "@server/kit/list-params";
import { readyVideoOptions } from "@server/media/library";
import { isReady } from "@server/media/playback";
import { editorRefusal, findRowOrRedirect, saveFromEditor } from "@server/route-kit/editor";
import { redirectWithFlash } from "@server/route-kit/flash";
import { FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { loadOrReport, moderationListAction } from "@server/route-kit/moderation";
import { currentActor, requireAccess } from "@server/security/admin-access";
import { data } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { portfolioServiceLabel } from "~/components/admin/format";
import { AdminListFilters, FilterSearch } from "~/components/admin/list-filters";
import { AddLink, ContentRow, EditLink, ListBody, PagedList } from "~/components/admin/list-page";
import { PortfolioEditor, type PortfolioFormItem } from "~/components/admin/portfolio-editor";
import {
  type Publishing,
  PublishingBadge,
  PublishingFilter,
} from "~/components/admin/publishing-controls";
import { FeatureToggle } from "~/components/admin/toggle-form";
import { Flag } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { portfolioItemSchema } from "~/entities/portfolio-item/form";
import { WORKFLOW_INTENTS_OF } from "~/entities/staff/access";
import {
  failure,
  PORTFOLIO_EDITOR_MESSAGES,
  success,
  WORKFLOW_MESSAGES,
} from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { MUST_BE_MEDIA_VIDEO } from "~/lib/forms/admin-fields";
import type { EditorActionData } from "~/lib/forms/result";
import { formatDay } from "~/lib/listings/format";
import {
  HISTORY_SECTIONS,
  historyPath,
  PUBLISHING_STATES,
  publishingStateOf,
} from "~/lib/publishing";
import { studioTimeZone, toZonedInput } from "~/lib/studio-time";
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
  const staff = await requireAccess(args);
  const { database } = getRuntimeFrom(args.context);
  const db = database.db;
  const params = new URL(args.request.url).searchParams;
  let editor: { mode: "create" } | { mode: "edit"; item: PortfolioFormItem } | null = null;
  const item = await findRowOrRedirect(args, {
    id: params.get("edit"),
    find: findPortfolioItem,
    listPath: LIST_PATH,
    gone: messages.fetchFailed,
  });
  // Work not yet published shows in the editor; the public site keeps the live row (issue #31).
  const draft = item ? await findDraft(db, "portfolio_item", item.id) : null;
  if (item) {
    editor = {
      mode: "edit",
      item: draft
        ? { ...formItemOf(draft.values as Record<string, string>), id: item.id }
        : { ...item, tags: [...item.tags] },
    };
  } else if (params.has("new")) {
    editor = { mode: "create" };
  }
  const publishing: Publishing = {
    state: publishingStateOf(item?.status ?? "draft", draft?.state ?? null),
    live: item?.status === "published",
    publishAt: toZonedInput(draft?.publishAt, studioTimeZone()),
    timeZone: studioTimeZone(),
    intents: WORKFLOW_INTENTS_OF[staff.role],
  };
  const query = {
    ...parseListQuery(params),
    status: parseOneOf(params.get("status"), PUBLISHING_STATES),
  };
  const list = await loadOrReport(
    args.context,
    () => listPortfolioItems(db, query),
    messages.fetchFailed,
  );
  // Opening and closing the editor keeps the list where it was (search and page).
  return {
    ...list,
    editor,
    videos: editor ? await readyVideoOptions(db) : [],
    publishing,
    history: item ? historyPath("portfolio", item.id) : null,
    q: query.q,
    status: query.status,
    listPath: listReturnPath(LIST_PATH, params),
  };
}

/** The editor's fields from a draft's stored form values. */
function formItemOf(values: Record<string, string>): Omit<PortfolioFormItem, "id"> {
  const text = (name: string) => values[name] || null;
  return {
    title: values.title ?? "",
    description: text("description"),
    clientName: text("clientName"),
    serviceType: values.serviceType ?? "",
    status: values.status ?? "draft",
    isFeatured: values.isFeatured === "on",
    completionDate: text("completionDate"),
    tags: (values.tags ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
    imageUrl: text("imageUrl"),
    videoUrl: text("videoUrl"),
    videoMediaId: text("videoMediaId"),
    projectUrl: text("projectUrl"),
  };
}

/**
 * The fields a portfolio draft keeps: the form's own, not its buttons or hidden inputs, nor the
 * status (the publishing buttons decide it).
 */
const DRAFT_FIELDS = Object.keys(portfolioItemSchema.shape).filter((name) => name !== "status");

/** The editor posts `intent=save` with a publishing button; the feature toggles `intent=feature`. */
export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const read = await readPost(args.request, FORM_LIMITS.editor, editorRefusal(messages));
  if (read.refused) return read.refused;
  const { form } = read;
  if (form.fields.get("intent") !== "save") {
    return moderationListAction("portfolio", args, form.fields);
  }
  const runtime = getRuntimeFrom(args.context);
  const db = runtime.database.db;
  const id = form.fields.get("id");
  if (id && !isUuid(id)) {
    return redirectWithFlash(args.context, LIST_PATH, failure(messages.saveFailed));
  }
  const rowId = typeof id === "string" && id ? id : null;
  const editorOf = (itemId: string) => HISTORY_SECTIONS.portfolio.editor(itemId);
  // A script's post without a button or status publishes, as the form's schema always did.
  const intent = workflowIntentOf(form.fields, staff.role, "published");
  if (!intent || intent === "request-changes") {
    return data({ formError: WORKFLOW_MESSAGES.forbidden }, { status: 403 });
  }
  if (intent === "unpublish") {
    const done =
      rowId !== null &&
      (await audited(
        db,
        currentActor(args.context),
        { entity: "portfolio_item", id: rowId },
        (tx) => unpublish(tx, "portfolio_item", rowId),
      ));
    return redirectWithFlash(
      args.context,
      rowId ? editorOf(rowId) : LIST_PATH,
      done ? success(messages.unpublished) : failure(messages.notPublished),
    );
  }
  const timeZone = studioTimeZone();
  const publishAt = publishAtOf(intent, form.fields.get("publishAt"), timeZone);
  return saveFromEditor(args, {
    form,
    schema: portfolioItemSchema,
    imageField: "imageUrl",
    id: rowId,
    save: async (input, values) => {
      if (publishAt === "invalid") {
        return { status: 400, fieldErrors: { publishAt: [WORKFLOW_MESSAGES.publishAtInvalid] } };
      }
      if (input.videoMediaId && !(await isReady(db, input.videoMediaId))) {
        return { status: 400, fieldErrors: { videoMediaId: [MUST_BE_MEDIA_VIDEO] } };
      }
      const kept = Object.fromEntries(DRAFT_FIELDS.map((name) => [name, values[name] ?? ""]));
      const saved = await saveThroughWorkflow(db, {
        entity: "portfolio_item",
        id: rowId,
        intent,
        role: staff.role,
        values: kept,
        name: input.title,
        publishAt,
        timeZone,
        actor: currentActor(args.context),
        siteUrl: runtime.config.SITE_URL,
        jobs: runtime.jobs,
        status: input.status,
        saveRow: async (tx, status) => {
          const savedId = await savePortfolioItem(tx, rowId, { ...input, status });
          return savedId ? { ok: true as const, id: savedId, created: rowId === null } : null;
        },
      });
      switch (saved.kind) {
        case "forbidden":
          return { status: 403, message: WORKFLOW_MESSAGES.forbidden };
        case "not-in-review":
          return { status: 409, message: WORKFLOW_MESSAGES.notInReview };
        case "refused":
          return null;
        case "kept":
          return {
            to: editorOf(saved.id),
            flash: success(saved.message),
          };
        case "published":
          return saved.id;
      }
    },
    listPath: LIST_PATH,
    messages,
  });
}

export default function Portfolio({ loaderData, actionData }: Route.ComponentProps) {
  const { data, loadError, editor, q, status, listPath, publishing, history, videos } = loaderData;
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
          publishing={publishing}
          history={history}
          actionData={(actionData as EditorActionData | undefined) ?? null}
          cancelHref={listPath}
          videos={videos}
        />
      ) : null}
      <AdminListFilters
        label="Filter portfolio items"
        clearTo={LIST_PATH}
        filtered={Boolean(q || status)}
      >
        <FilterSearch id="portfolio-search" label="Search titles and clients" value={q} />
        <PublishingFilter id="portfolio-status" value={status} />
      </AdminListFilters>
      <ListBody
        loadError={loadError}
        rows={data?.rows}
        empty={
          q || status
            ? "No portfolio items found matching your search."
            : "No portfolio items found."
        }
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
                    <PublishingBadge state={publishingStateOf(item.status, item.draftState)} />
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
