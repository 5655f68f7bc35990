import { listBlogPosts, parseBlogQuery } from "@server/admin/blog";
import { BLOG_MESSAGES } from "@server/admin/messages";
import { loadOrReport } from "@server/admin/moderation";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { ExternalLink, Pencil, Plus, Tags } from "lucide-react";
import { Form, Link } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { formatDay } from "~/components/admin/format";
import {
  buttonClass,
  EmptyState,
  ErrorPanel,
  Flag,
  fieldClass,
  PageHeader,
  RowList,
  StatusBadge,
} from "~/components/admin/ui";
import { ToastMessageView } from "~/components/ui/toasts";
import { BLOG_POST_STATUSES } from "~/lib/values";
import type { Route } from "./+types/blog";

/**
 * /admin/blog: the posts with search and a status filter (SPEC section 4), View for published
 * posts only, Edit (/admin/blog/edit/{id}) and Delete after confirmation (/admin/blog/{id}/delete).
 */

export const meta: Route.MetaFunction = () => [
  { title: "Blog Posts | Northlight Studio Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const db = getRuntimeFrom(args.context).database.db;
  const filters = parseBlogQuery(args.url.searchParams);
  const result = await loadOrReport(
    args.context,
    () => listBlogPosts(db, filters),
    BLOG_MESSAGES.fetchFailed,
  );
  return { ...result, filters };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { data, loadError, filters } = loaderData;
  const filtered = Boolean(filters.q || filters.status);
  return (
    <>
      <PageHeader
        title="Blog Posts"
        description="Every post, latest first."
        actions={
          <>
            <Link to="/admin/blog/categories" className={buttonClass.secondary}>
              <Tags aria-hidden="true" className="size-4" />
              Categories
            </Link>
            <Link to="/admin/blog/new" className={buttonClass.primary}>
              <Plus aria-hidden="true" className="size-4" />
              New Post
            </Link>
          </>
        }
      />
      <ToastMessageView message={loadError} />
      <Form
        method="get"
        role="search"
        aria-label="Filter blog posts"
        className="mb-4 flex flex-wrap items-end gap-2"
      >
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor="blog-search" className="text-xs font-medium text-ink-muted">
            Search titles
          </label>
          <input
            id="blog-search"
            type="search"
            name="q"
            defaultValue={filters.q}
            key={filters.q}
            className={fieldClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="blog-status" className="text-xs font-medium text-ink-muted">
            Status
          </label>
          <select
            id="blog-status"
            name="status"
            defaultValue={filters.status}
            key={filters.status}
            className={`${fieldClass} capitalize`}
          >
            <option value="">All statuses</option>
            {BLOG_POST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass.primary}>
          Apply
        </button>
        {filtered ? (
          <Link to="/admin/blog" className={buttonClass.ghost}>
            Clear
          </Link>
        ) : null}
      </Form>
      {loadError ? (
        <ErrorPanel message={loadError.description ?? ""} />
      ) : !data || data.rows.length === 0 ? (
        <EmptyState>
          {data && data.totalPosts > 0
            ? "No blog posts found matching your criteria."
            : "No blog posts yet. Create your first post to get started!"}
        </EmptyState>
      ) : (
        <RowList label="Blog posts">
          {data.rows.map((post) => (
            <li
              key={post.id}
              className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{post.title}</span>
                  <StatusBadge status={post.status} />
                  {post.isFeatured ? <Flag on>Featured</Flag> : null}
                </p>
                <p className="mt-0.5 text-sm text-ink-muted">
                  {[post.category, post.authorName, formatDay(post.publishedAt)]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {post.status === "published" ? (
                  <a
                    href={`/blog/${post.slug}`}
                    target="_blank"
                    rel="noopener"
                    className={buttonClass.secondary}
                  >
                    <ExternalLink aria-hidden="true" className="size-4" />
                    View<span className="sr-only"> {post.title}</span>
                  </a>
                ) : null}
                <Link to={`/admin/blog/edit/${post.id}`} className={buttonClass.secondary}>
                  <Pencil aria-hidden="true" className="size-4" />
                  Edit<span className="sr-only"> {post.title}</span>
                </Link>
                <DeleteButton
                  confirmHref={`/admin/blog/${post.id}/delete`}
                  itemName={post.title}
                  noun="blog post"
                />
              </div>
            </li>
          ))}
        </RowList>
      )}
    </>
  );
}
