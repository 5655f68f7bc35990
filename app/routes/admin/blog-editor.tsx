import { findBlogPostForEdit, saveBlogPost } from "@server/admin/blog";
import { listCategoryChoices } from "@server/admin/blog-categories";
import { resolveImageUrl } from "@server/admin/images";
import { isUuid } from "@server/admin/list-params";
import { BLOG_MESSAGES, failure, success } from "@server/admin/messages";
import { redirectWithFlash } from "@server/admin/moderation";
import { savedWithRedirect } from "@server/admin/redirects";
import { audited } from "@server/audit/log";
import { getRuntimeFrom } from "@server/context";
import { checkPost, FORM_LIMITS, readPost } from "@server/forms";
import { ADMIN_RESPONSE_HEADERS, currentActor, requireAccess } from "@server/security/admin-access";
import { UploadRejectedError } from "@server/uploads";
import { ExternalLink } from "lucide-react";
import { data } from "react-router";
import { BlogPostForm, type BlogPostFormValues } from "~/components/admin/blog-post-form";
import { buttonClass } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { blogPostSchema, toUtcDateTimeInput } from "~/entities/blog-post/form";
import { adminMeta } from "~/lib/admin-meta";
import type { FieldErrors } from "~/lib/forms/result";
import { NO_SEO_VALUES, seoValuesOf } from "~/lib/forms/seo-fields";
import { isSafeUrl } from "~/lib/safe-url";
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
  const db = getRuntimeFrom(args.context).database.db;
  const { id, gone } = postIdOf(args.params, args.context);
  if (gone) throw await gone;
  const post = id ? await findBlogPostForEdit(db, id) : null;
  if (id && !post) throw await redirectGone(args.context);
  const values: BlogPostFormValues = post
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
    values,
    published: post?.status === "published" ? post.slug : null,
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

  try {
    const saved = await audited(
      runtime.database.db,
      currentActor(args.context),
      { entity: "blog_post", id: id ?? null },
      // A published post's changed slug leaves a 301 from its old address (decision 0370).
      (tx) =>
        savedWithRedirect(
          tx,
          currentActor(args.context),
          { entity: "blog_post", id: id ?? null, siteUrl: runtime.config.SITE_URL },
          () => saveBlogPost(tx, { ...checked.data, ...images }, id),
        ),
      (result) => (result?.ok ? result.id : null),
    );
    if (saved === null) return redirectGone(args.context);
    if (!saved.ok) return refused(409, { fieldErrors: saved.fieldErrors, values });
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

export default function BlogEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, categories, published } = loaderData;
  const result = actionData as ActionData | undefined;
  return (
    <>
      <PageHeader
        variant="admin"
        title={mode === "create" ? "New Blog Post" : "Edit Blog Post"}
        lead={
          mode === "create"
            ? "Write a post; save it as a draft or publish it."
            : "Changes show on the website as soon as you save."
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
      <BlogPostForm
        mode={mode}
        values={result?.values ?? loaderData.values}
        categories={categories}
        fieldErrors={result?.fieldErrors}
        formError={result?.formError}
      />
    </>
  );
}
