import { loadBlogCards } from "@server/content/blog/read";
import { contentHeaders } from "@server/content/http";
import { rssLink } from "@server/route-kit/content-meta";
import { loadListPage } from "@server/route-kit/list-page";
import { useLoaderData } from "react-router";
import { BlogCard } from "~/components/listings/blog-card";
import { DeferredList } from "~/components/listings/deferred-list";
import { ListHead } from "~/components/listings/list-filters";
import { loadInBrowser } from "~/components/listings/list-page";
import { LoadError } from "~/components/listings/load-error";
import { Pagination } from "~/components/listings/pagination";
import { EmptyState, SkeletonGrid } from "~/components/listings/states";
import { container } from "~/components/listings/ui";
import { ButtonLink } from "~/components/ui/button";
import { SectionHeading } from "~/components/ui/layout";
import { PageHeader } from "~/components/ui/page-header";
import { type BlogCardView, toBlogCardView } from "~/entities/blog-post/view";
import { BLOG_PAGE, type BlogCopy } from "~/lib/listings/page-copy";
import { LIST_FILTERS, type Paging } from "~/lib/listings/query";
import { loaderMeta } from "~/lib/loader-meta";
import type { Route } from "./+types/blog";

/** SPEC section 9: six skeleton cards while the blog loads in the browser. */
const BLOG_SKELETONS = 6;

/** What the page draws of one page of the list (the loader adds its paging). */
type PageCards = {
  state: "ok" | "error";
  /** Page 1 only: up to three featured posts ('Featured Articles'). */
  featured: BlogCardView[];
  /** The page's other posts ('Latest Articles'). */
  posts: BlogCardView[];
  categories: string[];
};
type Page = PageCards & Paging;

export const loader = (args: Route.LoaderArgs) =>
  loadListPage(args, {
    name: "blog",
    shell: BLOG_PAGE,
    filter: LIST_FILTERS["/blog"],
    load: (db, { search, filter, page }) => loadBlogCards(db, { search, category: filter, page }),
    toPage: (cards): PageCards => ({
      state: cards.state,
      featured: cards.featured.map((post) => toBlogCardView(post)),
      posts: cards.posts.map((post) => toBlogCardView(post)),
      categories: cards.categories,
    }),
    extraMeta: [rssLink(args.context, BLOG_PAGE.copy.feedTitle)],
  });

export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  loadInBrowser("blog", request, serverLoader);

export const headers = contentHeaders;

export const meta = loaderMeta;

export default function Blog() {
  const { copy, page, load } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <div className={container}>
        <DeferredList
          value={page}
          loadKey={load}
          fallback={<SkeletonGrid count={BLOG_SKELETONS} label={copy.loading} />}
          errorElement={<BlogLoadError copy={copy} />}
        >
          {(resolved) =>
            resolved.state === "error" ? (
              <BlogLoadError copy={copy} />
            ) : (
              <BlogList page={resolved} copy={copy} />
            )
          }
        </DeferredList>
      </div>
    </main>
  );
}

function BlogList({ page, copy }: { page: Page; copy: BlogCopy }) {
  const { featured, posts: latest } = page;
  return (
    <div className="space-y-16 pb-24">
      <ListHead
        filter={{
          name: "category",
          label: copy.categoryLabel,
          allLabel: copy.allCategories,
          options: page.categories.map((name) => ({ value: name, label: name })),
        }}
        copy={copy}
        paging={page}
      />
      {page.total === 0 ? (
        <EmptyState title={copy.noResults}>
          <ButtonLink to="/blog" variant="secondary" className="mt-4">
            {copy.clearFilters}
          </ButtonLink>
        </EmptyState>
      ) : null}
      {featured.length > 0 ? (
        <section aria-labelledby="featured-articles">
          <SectionHeading compact id="featured-articles" title={copy.featured} />
          <PostGrid posts={featured} featured />
        </section>
      ) : null}
      {latest.length > 0 ? (
        <section aria-labelledby="latest-articles">
          <SectionHeading compact id="latest-articles" title={copy.latest} />
          <PostGrid posts={latest} eager={featured.length === 0} />
        </section>
      ) : null}
      <Pagination page={page.page} pageCount={page.pageCount} />
    </div>
  );
}

function PostGrid({
  posts,
  featured = false,
  eager = false,
}: {
  posts: BlogCardView[];
  featured?: boolean;
  eager?: boolean;
}) {
  return (
    <ul
      className={
        featured
          ? "grid gap-6 sm:grid-cols-2 [&>li:first-child]:sm:col-span-2"
          : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      }
    >
      {posts.map((post, index) => (
        <li key={post.id} className="flex [&>article]:flex-1">
          <BlogCard
            post={post}
            large={featured && index === 0}
            priority={(featured || eager) && index === 0}
          />
        </li>
      ))}
    </ul>
  );
}

function BlogLoadError({ copy }: { copy: BlogCopy }) {
  return (
    <div className="pb-24">
      <LoadError error={copy.error} />
    </div>
  );
}
