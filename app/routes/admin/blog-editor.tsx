import { inTransaction } from "@server/admin/after-content-write";
import { findBlogPostForEdit, saveBlogPost } from "@server/admin/blog";
import { listCategoryChoices } from "@server/admin/blog-categories";
import {
  auditDraftSave,
  dropDraft,
  findDraft,
  keepDraft,
  liveStatusOf,
  recordRevision,
  unpublish,
} from "@server/admin/content-workflow";
import { resolveImageUrl } from "@server/admin/images";
import { isUuid } from "@server/admin/list-params";
import { BLOG_MESSAGES, failure, success, WORKFLOW_MESSAGES } from "@server/admin/messages";
import { redirectWithFlash } from "@server/admin/moderation";
import { savedWithRedirect } from "@server/admin/redirects";
import { audited } from "@server/audit/log";
import { previewPath } from "@server/content/preview";
import { sanitizeBlogHtml } from "@server/content/sanitize";
import { getRuntimeFrom } from "@server/context";
import { checkPost, FORM_LIMITS, readPost } from "@server/forms";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { UploadRejectedError } from "@server/uploads";
import { ExternalLink } from "lucide-react";
import { data, Link } from "react-router";
import { BlogPostForm, type BlogPostFormValues } from "~/components/admin/blog-post-form";
import { PreviewLink, PublishingStatus } from "~/components/admin/publishing-controls";
import { buttonClass } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { blogPostSchema, toUtcDateTimeInput } from "~/entities/blog-post/form";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import { NO_SEO_VALUES, seoValuesOf } from "~/lib/forms/seo-fields";
import { historyPath, parseWorkflowIntent, publishingStateOf } from "~/lib/publishing";
import { isSafeUrl } from "~/lib/safe-url";
import { parseZonedDateTime, toZonedInput } from "~/lib/studio-time";
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
  await requireAccess(args);
  const { database, keys, config } = getRuntimeFrom(args.context);
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
    preview: post ? previewPath(keys.previewLinks, "blog_post", post.id) : null,
    publishing: {
      state: publishingStateOf(post?.status ?? "draft", draft?.state ?? null),
      live: post?.status === "published",
      publishAt: toZonedInput(draft?.publishAt, config.STUDIO_TIME_ZONE),
      timeZone: config.STUDIO_TIME_ZONE,
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
  await requireAccess(args);
  const runtime = getRuntimeFrom(args.context);
  const { id, gone } = postIdOf(args.params, args.context);
  if (gone) return gone;

  const read = await readPost(args.request, FORM_LIMITS.editor, (refusal) =>
    refused(refusal.status, { formError: refusal.message }),
  );
  if (read.refused) return read.refused;
  const { form } = read;
  if (form.fields.get("workflow") === "unpublish") return unpublishPost(args, id ?? undefined);
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
  const actor = currentActor(args.context);
  // Without a button (a script's post), the status field says whether to publish.
  const intent =
    parseWorkflowIntent(form.fields.get("workflow")) ??
    (checked.data.status === "published" ? "publish" : "save-draft");
  // The draft as the editor shows it again: the body already sanitised, the images resolved.
  const kept = { ...values, content: sanitizeBlogHtml(checked.data.content) };
  // "Schedule": a time in the studio's zone, in the future.
  const timeZone = runtime.config.STUDIO_TIME_ZONE;
  const rawPublishAt = form.fields.get("publishAt");
  const publishAt =
    intent === "schedule" && typeof rawPublishAt === "string"
      ? parseZonedDateTime(rawPublishAt, timeZone)
      : null;
  if (intent === "schedule" && (!publishAt || publishAt.getTime() <= Date.now())) {
    return refused(400, {
      fieldErrors: { publishAt: [WORKFLOW_MESSAGES.publishAtInvalid] },
      values,
    });
  }
  const scheduleAudit = (tx: typeof db, postId: string) =>
    publishAt
      ? auditDraftSave(
          tx,
          actor,
          { entity: "blog_post", id: postId, name: checked.data.title },
          publishAt,
        )
      : Promise.resolve();
  const draftFlash = publishAt
    ? WORKFLOW_MESSAGES.scheduled(toZonedInput(publishAt, timeZone).replace("T", " "), timeZone)
    : DRAFT_SAVED;
  try {
    const live = id ? (await liveStatusOf(db, "blog_post", id)) === "published" : false;
    if (intent !== "publish" && intent !== "update" && id && live) {
      // A published post's draft: the live row, and so the public site, stay as they are.
      await inTransaction(db, async (tx) => {
        await keepDraft(tx, { entity: "blog_post", id }, kept, actor, new Date(), publishAt);
        await auditDraftSave(
          tx,
          actor,
          { entity: "blog_post", id, name: checked.data.title },
          publishAt,
        );
      });
      return redirectWithFlash(args.context, `/admin/blog/edit/${id}`, success(draftFlash));
    }
    const publish = intent === "publish" || intent === "update";
    const status = publish
      ? "published"
      : checked.data.status === "published"
        ? "draft"
        : checked.data.status;
    const saved = await audited(
      db,
      actor,
      { entity: "blog_post", id: id ?? null },
      async (tx) => {
        // A published post's changed slug leaves a 301 from its old address (decision 0370).
        const result = await savedWithRedirect(
          tx,
          actor,
          { entity: "blog_post", id: id ?? null, siteUrl: runtime.config.SITE_URL },
          () => saveBlogPost(tx, { ...checked.data, ...images, status }, id),
        );
        if (!result?.ok) return result;
        const item = { entity: "blog_post" as const, id: result.id };
        if (publish) {
          await dropDraft(tx, "blog_post", result.id);
          await recordRevision(tx, item, "published", kept, actor);
        } else {
          await keepDraft(tx, item, kept, actor, new Date(), publishAt);
          await scheduleAudit(tx, result.id);
        }
        return result;
      },
      (result) => (result?.ok ? result.id : null),
    );
    if (saved === null) return redirectGone(args.context);
    if (!saved.ok) return refused(409, { fieldErrors: saved.fieldErrors, values });
    if (!publish) {
      return redirectWithFlash(args.context, `/admin/blog/edit/${saved.id}`, success(draftFlash));
    }
    return redirectWithFlash(
      args.context,
      "/admin/blog",
      success(saved.created ? BLOG_MESSAGES.created : BLOG_MESSAGES.updated),
    );
  } catch (error) {
    runtime.logger.error({ err: error }, BLOG_MESSAGES.saveFailed);
    return refused(500, { formError: `${BLOG_MESSAGES.saveFailed}. Please try again.`, values });
  }
}

const DRAFT_SAVED = WORKFLOW_MESSAGES.draftSaved;

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
      {mode === "edit" ? (
        <PublishingStatus publishing={publishing}>
          {preview ? <PreviewLink href={preview} /> : null}
          {loaderData.id ? (
            <Link to={historyPath("blog", loaderData.id)} className={buttonClass.secondary}>
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
