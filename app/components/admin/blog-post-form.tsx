import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import {
  CheckboxField,
  FormFields,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/forms/fields";
import type { BlogPostFormValues } from "~/entities/blog-post/form";
import { blogPostHead } from "~/entities/blog-post/head";
import type { FieldErrors } from "~/lib/forms/result";
import { slugify } from "~/lib/slug";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";
import { ImageField } from "./image-field";
import { type Publishing, PublishingButtons } from "./publishing-controls";
import { RichTextEditor } from "./rich-text-editor";
import { type DefaultHead, SeoFieldset } from "./seo-fieldset";
import { buttonClass } from "./ui";

/** The form's fields that hold text. */
type TextKey = {
  [K in keyof BlogPostFormValues]: BlogPostFormValues[K] extends string ? K : never;
}[keyof BlogPostFormValues];

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
  metaTitle: "Meta title",
  metaDescription: "Meta description",
  socialImageUrl: "Social image",
  publishAt: "Publish at",
};

/** Fields whose input has the id `fieldId(name)` (the summary links to them). */
const OWN_FIELDS = new Set([
  "title",
  "slug",
  "excerpt",
  "categoryId",
  "tags",
  "authorName",
  "publishedAt",
  "metaTitle",
  "metaDescription",
  "socialImageUrl",
]);

/** The post's head by default, from the form's current values (the SEO preview's). */
const postHeadOf: DefaultHead = (read) =>
  blogPostHead({
    title: read("title"),
    excerpt: read("excerpt") || null,
    slug: read("slug") || slugify(read("title")) || "your-post-title",
    featuredImageUrl: read("featuredImageUrl") || null,
  });

/**
 * The blog post form of /admin/blog/new and /admin/blog/edit/{id}. A plain multipart POST (so the
 * image fields work without JavaScript); with JavaScript the slug follows the title until edited,
 * and after a refused save focus moves to the error summary.
 */
export function BlogPostForm({
  mode,
  values,
  categories,
  fieldErrors,
  formError,
  publishing,
}: {
  mode: "create" | "edit";
  publishing: Publishing;
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
  // The summary links to `#{fieldId(name)}`: the kit gives each control the id it is handed.
  const fieldId = (name: string) => `${ids}-${name}`;
  const field = (name: TextKey) => ({ id: fieldId(name), name, defaultValue: values[name] });
  const image = (name: TextKey) => ({ name, defaultValue: values[name], errors: fieldErrors });

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

      <FormFields errors={fieldErrors}>
        <TextField
          {...field("title")}
          ref={titleRef}
          label="Title"
          required
          value={title}
          onChange={(event) => typeTitle(event.currentTarget.value)}
        />

        <TextField
          {...field("slug")}
          ref={slugRef}
          label="Slug"
          value={slug}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => typeSlug(event.currentTarget.value)}
          controlClassName="font-mono"
          hint={
            <>
              Left empty, it is made from the title. Address:{" "}
              <strong className="font-mono">
                /blog/{slug || slugify(title) || "your-post-title"}
              </strong>
            </>
          }
        />

        <TextAreaField {...field("excerpt")} label="Excerpt" rows={3} />

        <RichTextEditor
          name="content"
          label="Content"
          defaultValue={values.content}
          errors={err("content")}
        />

        <div className="grid gap-6 sm:grid-cols-2">
          <SelectField
            {...field("categoryId")}
            label="Category"
            placeholder="No category"
            options={categories.map((category) => ({
              value: category.id,
              label: `${category.name}${category.isActive ? "" : " (inactive)"}`,
            }))}
            hint={
              <Link to="/admin/blog/categories" className="underline underline-offset-2">
                Manage categories
              </Link>
            }
          />
          <TextField
            {...field("tags")}
            label="Tags"
            hint="Comma-separated. New tags are created when you save."
          />
        </div>

        <ImageField {...image("featuredImageUrl")} label="Featured image" />

        <div className="grid gap-6 sm:grid-cols-2">
          <TextField {...field("authorName")} label="Author name" autoComplete="off" />
        </div>

        <ImageField {...image("authorImageUrl")} label="Author image" />

        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            {...field("publishedAt")}
            label="Publish date (UTC)"
            hint="Left empty, publishing uses the current time."
            type="datetime-local"
          />
        </div>

        <CheckboxField
          name="isFeatured"
          label="Featured post (up to three are shown under Featured Articles)"
          defaultChecked={values.isFeatured}
        />
      </FormFields>

      <SeoFieldset initial={values} defaults={postHeadOf} errors={fieldErrors} idFor={fieldId} />

      <div className="flex flex-wrap items-center gap-3 border-t border-line pt-6">
        <PublishingButtons
          publishing={publishing}
          saving={saving}
          commentError={fieldErrors?.reviewComment?.[0]}
        />
        <Link to="/admin/blog" className={buttonClass.secondary}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
