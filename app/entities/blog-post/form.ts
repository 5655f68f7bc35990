import { optionalText, requiredText } from "~/lib/forms/common";
import { SEO_FIELDS } from "~/lib/forms/seo-fields";
import { z } from "~/lib/forms/zod";
import { MAX_SLUG_LENGTH, SLUG_PATTERN, slugify } from "~/lib/slug";
import { BLOG_POST_STATUSES } from "~/lib/values";

/**
 * The blog editor's and the category screen's forms, shared by the browser (slug preview) and the
 * server (the rules). SPEC gives no wording for these screens; the messages are ours
 * (docs/decisions/0090-blog-editor.md).
 */

export const BLOG_MESSAGES_FORM = {
  titleRequired: "Title is required",
  slugInvalid: "Use lowercase letters, numbers and single hyphens (e.g. my-first-post).",
  slugTaken: "This slug is already used by another post. Choose a different one.",
  statusInvalid: "Choose draft, published or archived.",
  dateInvalid: "Enter a valid date and time.",
  categoryMissing: "That category no longer exists. Choose another one.",
  categoryInactive: "That category is inactive. Choose an active category.",
  tooManyTags: `Use at most 20 tags.`,
  tagTooLong: "Keep each tag under 50 characters.",
  categoryNameRequired: "Name is required",
  categoryNameTaken: "A category with this name already exists.",
  colorInvalid: "Enter a colour as #rrggbb (e.g. #f97316).",
} as const;

export const MAX_TAGS = 20;
export const MAX_TAG_LENGTH = 50;
/** Far above any real article (about 60,000 words of markup), small enough to bound a request. */
export const MAX_CONTENT_LENGTH = 400_000;

/** "a, b ,, B" becomes ["a", "b"]: trimmed, blanks dropped, the first spelling of each kept. */
export function parseTagList(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(",")) {
    const tag = raw.trim().replace(/\s+/g, " ");
    const key = tag.toLowerCase();
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

/** `YYYY-MM-DDTHH:mm` as a `datetime-local` input sends it, read as UTC (decision 0090). */
export function parseUtcDateTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s));
  const sameFields =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === (mo ?? 1) - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi;
  return sameFields && (y ?? 0) >= 1900 && (y ?? 0) <= 2999 ? date : null;
}

/** The value a `datetime-local` input shows for `date` (UTC, to the minute). */
export function toUtcDateTimeInput(date: Date | string | null | undefined): string {
  if (!date) return "";
  return new Date(date).toISOString().slice(0, 16);
}

const checkbox = z
  .union([z.literal("on"), z.literal("true"), z.literal("")])
  .optional()
  .transform((value) => value === "on" || value === "true");

const optionalUuid = z
  .string()
  .trim()
  .optional()
  .refine(
    (value) =>
      !value || /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
    BLOG_MESSAGES_FORM.categoryMissing,
  )
  .transform((value) => (value ? value : null));

/** A post as the editor sends it (image URLs are resolved separately: they may be uploads). */
export const blogPostSchema = z
  .object({
    title: requiredText(BLOG_MESSAGES_FORM.titleRequired, 200),
    slug: z
      .string()
      .trim()
      .toLowerCase()
      .max(MAX_SLUG_LENGTH, `Keep the slug under ${MAX_SLUG_LENGTH} characters.`)
      .optional()
      .transform((value) => value ?? ""),
    excerpt: optionalText(500),
    content: z
      .string()
      .max(MAX_CONTENT_LENGTH, "The article is too long to save in one piece.")
      .optional()
      .transform((value) => value ?? ""),
    categoryId: optionalUuid,
    tags: z
      .string()
      .max(2000, BLOG_MESSAGES_FORM.tooManyTags)
      .optional()
      .transform((value) => parseTagList(value ?? ""))
      .refine((tags) => tags.length <= MAX_TAGS, BLOG_MESSAGES_FORM.tooManyTags)
      .refine(
        (tags) => tags.every((tag) => tag.length <= MAX_TAG_LENGTH),
        BLOG_MESSAGES_FORM.tagTooLong,
      ),
    authorName: optionalText(120),
    isFeatured: checkbox,
    // The editor's buttons decide publishing (issue #31); a post without a status is a draft.
    status: z.preprocess(
      (value) => (value === "" || value === undefined ? "draft" : value),
      z.enum(BLOG_POST_STATUSES, { error: BLOG_MESSAGES_FORM.statusInvalid }),
    ),
    publishedAt: z
      .string()
      .trim()
      .optional()
      .refine((value) => !value || parseUtcDateTime(value) !== null, BLOG_MESSAGES_FORM.dateInvalid)
      .transform((value) => (value ? parseUtcDateTime(value) : null)),
    ...SEO_FIELDS,
  })
  // An empty slug is made from the title (no-JavaScript posts, or a cleared field).
  .transform((post) => ({ ...post, slug: post.slug || slugify(post.title) }))
  .superRefine((post, ctx) => {
    if (!SLUG_PATTERN.test(post.slug)) {
      ctx.addIssue({ code: "custom", path: ["slug"], message: BLOG_MESSAGES_FORM.slugInvalid });
    }
  });

export type BlogPostInput = z.output<typeof blogPostSchema>;

export const categorySchema = z.object({
  name: requiredText(BLOG_MESSAGES_FORM.categoryNameRequired, 60),
  color: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, BLOG_MESSAGES_FORM.colorInvalid),
});

export type CategoryInput = z.output<typeof categorySchema>;

/** What the blog editor's form holds, as typed (the editor, previews and scheduled publishing). */
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
  metaTitle: string;
  metaDescription: string;
  socialImageUrl: string;
}
