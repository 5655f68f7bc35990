import { listBlogPosts, parseBlogQuery } from "@server/content/blog/editor";
import { loadAdminList } from "@server/route-kit/moderation";
import { requireAccess } from "@server/security/admin-access";
import { ExternalLink, Tags } from "lucide-react";
import { DeleteButton } from "~/components/admin/delete-button";
import { formatDateTime } from "~/components/admin/format";
import { AdminListFilters, FilterSearch } from "~/components/admin/list-filters";
import {
  AddLink,
  ContentRow,
  EditLink,
  IconLink,
  ListBody,
  PagedList,
} from "~/components/admin/list-page";
import { PublishingBadge, PublishingFilter } from "~/components/admin/publishing-controls";
import { buttonClass, Flag } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { mayEnter } from "~/entities/staff/access";
import { BLOG_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import { publishingStateOf } from "~/lib/publishing";
import type { Route } from "./+types/blog";

/**
 * /admin/blog: the posts with search and a status filter (SPEC section 4), View for published
 * posts only, Edit (/admin/blog/edit/{id}) and Delete after confirmation (/admin/blog/{id}/delete).
 */

export const meta: Route.MetaFunction = () => adminMeta("Blog Posts");

export async function loader(args: Route.LoaderArgs) {
  const { page, ...filters } = parseBlogQuery(args.url.searchParams);
  const result = await loadAdminList(
    args,
    (db) => listBlogPosts(db, filters, page),
    BLOG_MESSAGES.fetchFailed,
  );
  // Deleting is the content area's: a contributor's list has no Delete.
  const staff = await requireAccess(args);
  return { ...result, filters, manages: mayEnter(staff.role, "content") };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { data, loadError, filters, manages } = loaderData;
  const filtered = Boolean(filters.q || filters.status);
  return (
    <>
      <PageHeader
        variant="admin"
        title="Blog Posts"
        lead="Every post, latest first."
        actions={
          <>
            <IconLink to="/admin/blog/categories" icon={Tags}>
              Categories
            </IconLink>
            <AddLink to="/admin/blog/new">New Post</AddLink>
          </>
        }
      />
      <ToastMessageView message={loadError} />
      <AdminListFilters label="Filter blog posts" clearTo="/admin/blog" filtered={filtered}>
        <FilterSearch id="blog-search" label="Search titles" value={filters.q} />
        <PublishingFilter id="blog-status" value={filters.status} />
      </AdminListFilters>
      <ListBody
        loadError={loadError}
        rows={data?.rows}
        empty={
          filtered
            ? "No blog posts found matching your criteria."
            : "No blog posts yet. Create your first post to get started!"
        }
      >
        {(posts) => (
          <PagedList label="Blog posts" result={data} noun={["blog post", "blog posts"]}>
            {posts.map((post) => (
              <ContentRow
                key={post.id}
                title={post.title}
                badges={
                  <>
                    <PublishingBadge state={publishingStateOf(post.status, post.draftState)} />
                    {post.isFeatured ? <Flag on>Featured</Flag> : null}
                  </>
                }
                details={[
                  post.category,
                  post.authorName,
                  formatDay(post.publishedAt),
                  // A scheduled draft: when it goes live (its "Publish at").
                  post.publishAt ? `Goes live ${formatDateTime(post.publishAt)}` : null,
                ]}
                actions={
                  <>
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
                    <EditLink to={`/admin/blog/edit/${post.id}`} name={post.title} />
                    {manages ? (
                      <DeleteButton
                        confirmHref={`/admin/blog/${post.id}/delete`}
                        itemName={post.title}
                        noun="blog post"
                      />
                    ) : null}
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
