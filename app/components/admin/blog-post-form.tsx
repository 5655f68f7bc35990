import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { fieldClass, RequiredMark } from "~/components/forms/fields";
import type { FieldErrors } from "~/lib/forms/result";
import { slugify } from "~/lib/slug";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";
import { BLOG_POST_STATUSES } from "~/lib/values";
import { ImageField } from "./image-field";
import { RichTextEditor } from "./rich-text-editor";
import { buttonClass } from "./ui";

/**
 * The blog post form of /admin/blog/new and /admin/blog/edit/{id}. A plain multipart POST (so the
 * image fields work without JavaScript); with JavaScript the slug follows the title until edited,
 * and after a refused save focus moves to the error summary.
 */

export interface BlogPostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  categoryId: string;
  tags: string;
  featuredImageUrl: string;
  authorName: string;
  authorImageUrl: string;
  isFeatured: boolean;
  status: string;
  publishedAt: string;
}

const LABELS: Record<string, string> = {
  title: "Title",
  slug: "Slug",
  excerpt: "Excerpt",
  content: "Content",
  categoryId: "Category",
  tags: "Tags",
  featuredImageUrl: "Featured image",
  authorName: "Author name",
  authorImageUrl: "Author image",
  status: "Status",
  publishedAt: "Publish date",
};

/** Fields whose input has the id `fieldId(name)` (the summary links to them). */
const OWN_FIELDS = new Set([
  "title",
  "slug",
  "excerpt",
  "categoryId",
  "tags",
  "authorName",
  "status",
  "publishedAt",
]);

export function BlogPostForm({
  mode,
  values,
  categories,
  fieldErrors,
  formError,
}: {
  mode: "create" | "edit";
  values: BlogPostFormValues;
  categories: { id: string; name: string; isActive: boolean }[];
  fieldErrors?: FieldErrors;
  formError?: string | null;
}) {
  const ids = useId();
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [title, setTitle] = useState(values.title);
  const [slug, setSlug] = useState(values.slug);
  // A new post's slug follows its title until the admin edits the slug; a saved one keeps its URL.
  const [slugEdited, setSlugEdited] = useState(mode === "edit" || values.slug !== "");
  const summary = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const slugRef = useRef<HTMLInputElement>(null);

  function typeTitle(next: string) {
    setTitle(next);
    if (!slugEdited) setSlug(slugify(next));
  }
  function typeSlug(next: string) {
    setSlug(next);
    setSlugEdited(next !== "");
  }
  // Typed before the scripts started: taken up as if typed now (decision 0162).
  useTypedBeforeHydration(titleRef, title, typeTitle);
  useTypedBeforeHydration(slugRef, slug, typeSlug);
  const errorNames = Object.keys(fieldErrors ?? {}).filter((key) => fieldErrors?.[key]?.length);
  const hasErrors = errorNames.length > 0 || Boolean(formError);

  useEffect(() => {
    if (hasErrors) summary.current?.focus();
  }, [hasErrors]);

  const err = (name: string) => fieldErrors?.[name];
  const fieldId = (name: string) => `${ids}-${name}`;
  const field = (name: string) => ({ id: fieldId(name), name, errors: err(name) });

  return (
    <Form method="post" encType="multipart/form-data" noValidate className="max-w-3xl space-y-6">
      {hasErrors ? (
        <div
          ref={summary}
          tabIndex={-1}
          role="alert"
          aria-labelledby={`${ids}-summary`}
          className="rounded-lg border border-danger/40 bg-danger/10 px-4 py-3 text-sm focus:outline-none"
        >
          <p id={`${ids}-summary`} className="font-semibold">
            {formError ?? "The post was not saved. Please check these fields:"}
          </p>
          {errorNames.length ? (
            <ul className="mt-1 list-disc pl-5">
              {errorNames.map((name) => (
                <li key={name}>
                  {OWN_FIELDS.has(name) ? (
                    <a href={`#${fieldId(name)}`} className="underline underline-offset-2">
                      {LABELS[name] ?? name}: {fieldErrors?.[name]?.join(" ")}
                    </a>
                  ) : (
                    `${LABELS[name] ?? name}: ${fieldErrors?.[name]?.join(" ")}`
                  )}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}

      <Field id={fieldId("title")} label="Title" required errors={err("title")}>
        <input
          ref={titleRef}
          id={fieldId("title")}
          name="title"
          type="text"
          required
          value={title}
          onChange={(event) => typeTitle(event.currentTarget.value)}
          {...invalid(fieldId("title"), err("title"))}
          className={fieldClass}
        />
      </Field>

      <Field
        id={fieldId("slug")}
        label="Slug"
        errors={err("slug")}
        hint={
          <>
            Left empty, it is made from the title. Address:{" "}
            <strong className="font-mono">
              /blog/{slug || slugify(title) || "your-post-title"}
            </strong>
          </>
        }
      >
        <input
          ref={slugRef}
          id={fieldId("slug")}
          name="slug"
          type="text"
          value={slug}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => typeSlug(event.currentTarget.value)}
          {...invalid(fieldId("slug"), err("slug"), true)}
          className={`${fieldClass} font-mono`}
        />
      </Field>

      <Field id={fieldId("excerpt")} label="Excerpt" errors={err("excerpt")}>
        <textarea
          id={fieldId("excerpt")}
          name="excerpt"
          rows={3}
          defaultValue={values.excerpt}
          {...invalid(fieldId("excerpt"), err("excerpt"))}
          className={fieldClass}
        />
      </Field>

      <RichTextEditor
        name="content"
        label="Content"
        defaultValue={values.content}
        errors={err("content")}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <Field
          id={fieldId("categoryId")}
          label="Category"
          errors={err("categoryId")}
          hint={
            <Link to="/admin/blog/categories" className="underline underline-offset-2">
              Manage categories
            </Link>
          }
        >
          <select
            id={fieldId("categoryId")}
            name="categoryId"
            defaultValue={values.categoryId}
            {...invalid(fieldId("categoryId"), err("categoryId"), true)}
            className={fieldClass}
          >
            <option value="">No category</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
                {category.isActive ? "" : " (inactive)"}
              </option>
            ))}
          </select>
        </Field>

        <InputField
          {...field("tags")}
          label="Tags"
          hint="Comma-separated. New tags are created when you save."
          defaultValue={values.tags}
        />
      </div>

      <ImageField
        name="featuredImageUrl"
        label="Featured image"
        defaultValue={values.featuredImageUrl}
        errors={fieldErrors}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <InputField
          {...field("authorName")}
          label="Author name"
          autoComplete="off"
          defaultValue={values.authorName}
        />
      </div>

      <ImageField
        name="authorImageUrl"
        label="Author image"
        defaultValue={values.authorImageUrl}
        errors={fieldErrors}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <Field id={fieldId("status")} label="Status" errors={err("status")}>
          <select
            id={fieldId("status")}
            name="status"
            defaultValue={values.status}
            {...invalid(fieldId("status"), err("status"))}
            className={`${fieldClass} capitalize`}
          >
            {BLOG_POST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </Field>

        <InputField
          {...field("publishedAt")}
          label="Publish date (UTC)"
          hint="Left empty, publishing uses the current time."
          type="datetime-local"
          defaultValue={values.publishedAt}
          className={`${fieldClass} [color-scheme:dark]`}
        />
      </div>

      <div className="flex items-center gap-3">
        <input
          id={fieldId("isFeatured")}
          name="isFeatured"
          type="checkbox"
          defaultChecked={values.isFeatured}
          className="size-4 accent-[var(--color-accent)]"
        />
        <label htmlFor={fieldId("isFeatured")} className="text-sm font-medium text-ink">
          Featured post (up to three are shown under Featured Articles)
        </label>
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {saving ? "Saving…" : mode === "create" ? "Create post" : "Save changes"}
        </button>
        <Link to="/admin/blog" className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/** aria-invalid and aria-describedby for a field with optional hint and errors. */
function invalid(id: string, errors: string[] | undefined, hasHint = false) {
  const describedBy = [hasHint ? `${id}-hint` : null, errors?.length ? `${id}-error` : null]
    .filter(Boolean)
    .join(" ");
  return {
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

/** A one-line input in its Field: label, hint and errors tied to it. */
function InputField({
  id,
  name,
  label,
  hint,
  errors,
  type = "text",
  autoComplete,
  defaultValue,
  className = fieldClass,
}: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
  type?: "text" | "datetime-local";
  autoComplete?: string;
  defaultValue: string;
  className?: string;
}) {
  return (
    <Field id={id} label={label} errors={errors} hint={hint}>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        {...invalid(id, errors, Boolean(hint))}
        className={className}
      />
    </Field>
  );
}

function Field({
  id,
  label,
  required,
  hint,
  errors,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      ) : null}
      {errors?.length ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
