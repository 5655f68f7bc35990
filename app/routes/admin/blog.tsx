import { listBlogPosts, parseBlogQuery } from "@server/admin/blog";
import { BLOG_MESSAGES } from "@server/admin/messages";
import { loadOrReport } from "@server/admin/moderation";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { ExternalLink, Pencil, Plus, Tags } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { AdminListFilters, FilterSearch, FilterSelect } from "~/components/admin/list-filters";
import {
  buttonClass,
  EmptyState,
  Flag,
  LoadError,
  RowList,
  StatusBadge,
} from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import { BLOG_POST_STATUSES } from "~/lib/values";
import type { Route } from "./+types/blog";

/**
 * /admin/blog: the posts with search and a status filter (SPEC section 4), View for published
 * posts only, Edit (/admin/blog/edit/{id}) and Delete after confirmation (/admin/blog/{id}/delete).
 */

export const meta: Route.MetaFunction = () => adminMeta("Blog Posts");

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
        variant="admin"
        title="Blog Posts"
        lead="Every post, latest first."
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
      <AdminListFilters label="Filter blog posts" clearTo="/admin/blog" filtered={filtered}>
        <FilterSearch id="blog-search" label="Search titles" value={filters.q} />
        <FilterSelect
          id="blog-status"
          name="status"
          label="Status"
          value={filters.status}
          allLabel="All statuses"
          options={BLOG_POST_STATUSES.map((status) => ({ value: status, label: status }))}
          className="capitalize"
        />
      </AdminListFilters>
      {loadError ? (
        <LoadError message={loadError.description ?? ""} />
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
