import { audited } from "@server/audit/log";
import { listCategoryChoices } from "@server/content/blog/categories";
import { findBlogPostForEdit, saveBlogPost } from "@server/content/blog/editor";
import { sanitizeBlogHtml } from "@server/content/sanitize";
import { findDraft, unpublish } from "@server/content/workflow/drafts";
import {
  publishAtOf,
  requestChanges,
  saveThroughWorkflow,
  workflowIntentOf,
} from "@server/content/workflow/editor-buttons";
import { currentPreviewPath } from "@server/content/workflow/preview";
import { getRuntimeFrom } from "@server/context";
import { isUuid } from "@server/kit/list-params";
import { redirectWithFlash } from "@server/route-kit/flash";
import { checkPost, FORM_LIMITS, readPost } from "@server/route-kit/forms";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { resolveImageUrl } from "@server/uploads/images";
import { UploadRejectedError } from "@server/uploads/store";
import { ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import { BlogPostForm } from "~/components/admin/blog-post-form";
import {
  PreviewLink,
  PublishingStatus,
  RevokePreviewForm,
} from "~/components/admin/publishing-controls";
import { buttonClass } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import type { BlogPostFormValues } from "~/entities/blog-post/form";
import { blogPostSchema, toUtcDateTimeInput } from "~/entities/blog-post/form";
import { areaOfPath, mayEnter, WORKFLOW_INTENTS_OF } from "~/entities/staff/access";
import { BLOG_MESSAGES, failure, success, WORKFLOW_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import { NO_SEO_VALUES, seoValuesOf } from "~/lib/forms/seo-fields";
import { historyPath, previewLinksPath, publishingStateOf } from "~/lib/publishing";
import { isSafeUrl } from "~/lib/safe-url";
import { studioTimeZone, toZonedInput } from "~/lib/studio-time";
import type { StaffRole } from "~/lib/values";
import type { Route } from "./+types/blog-editor";

/**
 * /admin/blog/new and /admin/blog/edit/{id}: the post editor (SPEC: "these screens are not
 * shown"; DESIGN lists the fields). One module for both routes: an `id` param means edit.
 */

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(`${"id" in params ? "Edit" : "New"} Blog Post`);

const EMPTY: BlogPostFormValues = {
  title: "",
  slug: "",
  excerpt: "",
  content: "",
  categoryId: "",
  tags: "",
  featuredImageUrl: "",
  authorName: "",
  authorImageUrl: "",
  isFeatured: false,
  status: "draft",
  publishedAt: "",
  ...NO_SEO_VALUES,
};

const TEXT_FIELDS = Object.keys(EMPTY).filter((key) => key !== "isFeatured");

function postIdOf(
  params: Record<string, string | undefined>,
  context: Route.LoaderArgs["context"],
) {
  if (!("id" in params)) return { id: undefined };
  const id = params.id;
  if (!isUuid(id)) return { id: null, gone: redirectGone(context) };
  return { id };
}

function redirectGone(context: Route.LoaderArgs["context"]) {
  return redirectWithFlash(
    context,
    "/admin/blog",
    failure("That blog post no longer exists. It may have been deleted."),
  );
}

export async function loader(args: Route.LoaderArgs) {
  const staff = await requireAccess(args);
  const { database, keys } = getRuntimeFrom(args.context);
  const db = database.db;
  const { id, gone } = postIdOf(args.params, args.context);
  if (gone) throw await gone;
  const post = id ? await findBlogPostForEdit(db, id) : null;
  if (id && !post) throw await redirectGone(args.context);
  // Work not yet published shows in the editor; the public site keeps the live row (issue #31).
  const draft = post ? await findDraft(db, "blog_post", post.id) : null;
  const values: BlogPostFormValues = draft
    ? { ...EMPTY, ...(draft.values as Partial<BlogPostFormValues>) }
    : post
      ? {
          title: post.title,
          slug: post.slug,
          excerpt: post.excerpt ?? "",
          content: post.content,
          categoryId: post.categoryId ?? "",
          tags: post.tags.join(", "),
          featuredImageUrl: post.featuredImageUrl ?? "",
          authorName: post.authorName ?? "",
          authorImageUrl: post.authorImageUrl ?? "",
          isFeatured: post.isFeatured,
          status: post.status,
          publishedAt: toUtcDateTimeInput(post.publishedAt),
          ...seoValuesOf(post),
        }
      : EMPTY;
  return {
    mode: post ? ("edit" as const) : ("create" as const),
    id: post?.id ?? null,
    values,
    published: post?.status === "published" ? post.slug : null,
    // A link to send to someone without an account: valid 24 hours from this page's load.
    preview: post ? await currentPreviewPath(db, keys.previewLinks, "blog_post", post.id) : null,
    // History (and its Restore) is the content area's: not a contributor's.
    history:
      post && mayEnter(staff.role, areaOfPath(historyPath("blog", post.id)))
        ? historyPath("blog", post.id)
        : null,
    publishing: {
      intents: WORKFLOW_INTENTS_OF[staff.role],
      state: publishingStateOf(post?.status ?? "draft", draft?.state ?? null),
      live: post?.status === "published",
      publishAt: toZonedInput(draft?.publishAt, studioTimeZone()),
      timeZone: studioTimeZone(),
    },
    categories: await listCategoryChoices(db, post?.categoryId ?? null),
  };
}

type ActionData = {
  fieldErrors?: FieldErrors;
  formError?: string;
  values?: BlogPostFormValues;
};

function refused(status: number, body: ActionData) {
  return data(body, { status, headers: ADMIN_RESPONSE_HEADERS });
}

export async function action(args: Route.ActionArgs) {
  const staff = await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const { id, gone } = postIdOf(args.params, args.context);
  if (gone) return gone;

  const read = await readPost(args.request, FORM_LIMITS.editor, (refusal) =>
    refused(refusal.status, { formError: refusal.message }),
  );
  if (read.refused) return read.refused;
  const { form } = read;
  // A button the person's role may not use is refused before anything is read or stored.
  const intent = workflowIntentOf(form.fields, staff.role);
  if (!intent) return refused(403, { formError: WORKFLOW_MESSAGES.forbidden });
  if (intent === "unpublish") return unpublishPost(args, id ?? undefined);
  if (intent === "request-changes") {
    return requestChangesOf(args, id ?? undefined, staff.role, form.fields.get("reviewComment"));
  }
  const raw = Object.fromEntries(
    TEXT_FIELDS.map((key) => {
      const value = form.fields.get(key);
      return [key, typeof value === "string" ? value : ""];
    }),
  );
  const values: BlogPostFormValues = {
    ...(raw as Omit<BlogPostFormValues, "isFeatured">),
    isFeatured: form.fields.get("isFeatured") === "on",
  };

  // Every field is there (an absent one as empty), so the messages are those of an empty input.
  const checked = checkPost(form, blogPostSchema, {
    extra: { ...raw, isFeatured: values.isFeatured ? "on" : "" },
  });
  const fieldErrors: FieldErrors = { ...checked.fieldErrors };
  // Images are stored only once the rest is valid: a refused post leaves no files behind.
  const images: Record<"featuredImageUrl" | "authorImageUrl", string | null> = {
    featuredImageUrl: null,
    authorImageUrl: null,
  };
  let uploadRefused = false;
  if (checked.data) {
    for (const name of ["featuredImageUrl", "authorImageUrl"] as const) {
      try {
        images[name] = await resolveImageUrl(runtime, form, name);
        values[name] = images[name] ?? "";
        if (images[name] && !isSafeUrl(images[name], { sitePath: true })) {
          fieldErrors[name] = ["Enter an image address (https://… or /files/…) or upload a file."];
        }
      } catch (error) {
        if (!(error instanceof UploadRejectedError)) throw error;
        uploadRefused = true;
        fieldErrors[name] = [error.message];
      }
    }
  }
  if (!checked.data || Object.keys(fieldErrors).length > 0) {
    return refused(uploadRefused ? 415 : 400, { fieldErrors, values });
  }

  const db = runtime.database.db;
  // The draft as the editor shows it again: the body already sanitised, the images resolved.
  const kept = { ...values, content: sanitizeBlogHtml(checked.data.content) };
  const timeZone = studioTimeZone();
  const publishAt = publishAtOf(intent, form.fields.get("publishAt"), timeZone);
  if (publishAt === "invalid") {
    return refused(400, {
      fieldErrors: { publishAt: [WORKFLOW_MESSAGES.publishAtInvalid] },
      values,
    });
  }
  try {
    const saved = await saveThroughWorkflow(db, {
      entity: "blog_post",
      id: id ?? null,
      intent,
      role: staff.role,
      values: kept,
      name: checked.data.title,
      publishAt,
      timeZone,
      actor: currentActor(args.context),
      siteUrl: runtime.config.SITE_URL,
      jobs: runtime.jobs,
      status: checked.data.status,
      saveRow: (tx, status) => saveBlogPost(tx, { ...checked.data, ...images, status }, id),
    });
    switch (saved.kind) {
      case "forbidden":
        return refused(403, { formError: WORKFLOW_MESSAGES.forbidden, values });
      case "not-in-review":
        return refused(409, { formError: WORKFLOW_MESSAGES.notInReview, values });
      case "refused":
        if (saved.result === null) return redirectGone(args.context);
        return refused(409, { fieldErrors: saved.result.fieldErrors, values });
      case "kept":
        return redirectWithFlash(
          args.context,
          `/admin/blog/edit/${saved.id}`,
          success(saved.message),
        );
      case "published":
        return redirectWithFlash(
          args.context,
          "/admin/blog",
          success(
            intent === "approve"
              ? WORKFLOW_MESSAGES.approved
              : saved.created
                ? BLOG_MESSAGES.created
                : BLOG_MESSAGES.updated,
          ),
        );
    }
  } catch (error) {
    runtime.logger.error({ err: error }, BLOG_MESSAGES.saveFailed);
    return refused(500, { formError: `${BLOG_MESSAGES.saveFailed}. Please try again.`, values });
  }
}

/** "Request changes": only the comment is read; the draft goes back to its author. */
async function requestChangesOf(
  args: Route.ActionArgs,
  id: string | undefined,
  role: StaffRole,
  comment: unknown,
) {
  const runtime = getRuntimeFrom(args.context);
  if (!id) return refused(409, { formError: WORKFLOW_MESSAGES.notInReview });
  const done = await requestChanges(runtime.database.db, { entity: "blog_post", id }, comment, {
    actor: currentActor(args.context),
    role,
    siteUrl: runtime.config.SITE_URL,
    jobs: runtime.jobs,
  });
  if (done === "forbidden") return refused(403, { formError: WORKFLOW_MESSAGES.forbidden });
  if (done === "not-in-review") return refused(409, { formError: WORKFLOW_MESSAGES.notInReview });
  if (typeof done === "object") {
    return refused(400, { fieldErrors: { reviewComment: [done.commentError] } });
  }
  return redirectWithFlash(
    args.context,
    `/admin/blog/edit/${id}`,
    success(WORKFLOW_MESSAGES.changesRequested),
  );
}

/** "Unpublish": no fields to check, the post leaves the site (every instance's caches drop it). */
async function unpublishPost(args: Route.ActionArgs, id: string | undefined) {
  const runtime = getRuntimeFrom(args.context);
  if (!id) return refused(400, { formError: "Only a saved post can be unpublished." });
  const done = await audited(
    runtime.database.db,
    currentActor(args.context),
    { entity: "blog_post", id },
    (tx) => unpublish(tx, "blog_post", id),
  );
  if (!done) return refused(409, { formError: BLOG_MESSAGES.notPublished });
  return redirectWithFlash(
    args.context,
    `/admin/blog/edit/${id}`,
    success(BLOG_MESSAGES.unpublished),
  );
}

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, categories, published, publishing, preview } = loaderData;
  const result = actionData as ActionData | undefined;
  return (
    <>
      <PageHeader
        variant="admin"
        title={mode === "create" ? "New Blog Post" : "Edit Blog Post"}
        lead={
          mode === "create"
            ? "Write a post; save it as a draft or publish it."
            : "Save a draft while you work; the website shows the published version until you update it."
        }
        actions={
          published ? (
            <a
              href={`/blog/${published}`}
              target="_blank"
              rel="noopener"
              className={buttonClass.secondary}
            >
              <ExternalLink aria-hidden="true" className="size-4" />
              View post
            </a>
          ) : null
        }
      />
      {mode === "edit" && loaderData.id ? (
        <RevokePreviewForm action={previewLinksPath("blog", loaderData.id)} />
      ) : null}
      {mode === "edit" ? (
        <PublishingStatus publishing={publishing}>
          {preview ? <PreviewLink href={preview} /> : null}
          {loaderData.history ? (
            <Link to={loaderData.history} className={buttonClass.secondary}>
              History
            </Link>
          ) : null}
        </PublishingStatus>
      ) : null}
      <BlogPostForm
        mode={mode}
        publishing={publishing}
        values={result?.values ?? loaderData.values}
        categories={categories}
        fieldErrors={result?.fieldErrors}
        formError={result?.formError}
      />
    </>
  );
}
