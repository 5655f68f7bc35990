import { loadBlogCards } from "@server/content/blog";
import { contentHeaders } from "@server/content/http";
import { rssLink } from "@server/pages/content-meta";
import { loadListPage } from "@server/pages/list-page";
import { useLoaderData, useLocation, useRevalidator, useSearchParams } from "react-router";
import { BlogCard } from "~/components/listings/blog-card";
import { DeferredList } from "~/components/listings/deferred-list";
import { ListFilters } from "~/components/listings/list-filters";
import { loadInBrowser, revalidateUnlessQueryOnly } from "~/components/listings/list-page";
import { EmptyState, SkeletonGrid, TryAgain } from "~/components/listings/states";
import { container } from "~/components/listings/ui";
import { ButtonLink } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";
import { SectionHeading } from "~/components/ui/layout";
import { PageHeader } from "~/components/ui/page-header";
import {
  type BlogCardView,
  filterPosts,
  splitFeatured,
  toBlogCardView,
} from "~/entities/blog-post/view";
import { BLOG_PAGE, type BlogCopy } from "~/lib/listings/page-copy";
import { readFilter, readSearch } from "~/lib/listings/query";
import type { Route } from "./+types/blog";

/** SPEC section 9: six skeleton cards while the blog loads in the browser. */
const BLOG_SKELETONS = 6;

type Page = { state: "ok" | "error"; posts: BlogCardView[]; categories: string[] };

export const loader = (args: Route.LoaderArgs) =>
  loadListPage(args, {
    name: "blog",
    shell: BLOG_PAGE,
    load: loadBlogCards,
    toPage: (cards): Page => ({
      state: cards.state,
      posts: cards.posts.map((post) => toBlogCardView(post)),
      categories: cards.categories,
    }),
    extraMeta: [rssLink(args.context, BLOG_PAGE.copy.feedTitle)],
  });

export const clientLoader = ({ serverLoader }: Route.ClientLoaderArgs) =>
  loadInBrowser("blog", serverLoader);

export const shouldRevalidate = revalidateUnlessQueryOnly;

export const headers = contentHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

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
          errorElement={<LoadError copy={copy} />}
        >
          {(resolved) =>
            resolved.state === "error" ? (
              <LoadError copy={copy} />
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
  const [params] = useSearchParams();
  const search = readSearch(params);
  const category = readFilter(params, "category");
  const posts = filterPosts(page.posts, { search, category });
  const { featured, latest } = splitFeatured(posts);
  return (
    <div className="space-y-16 pb-24">
      <ListFilters
        search={search}
        searchLabel={copy.searchLabel}
        searchPlaceholder={copy.searchPlaceholder}
        filter={{
          name: "category",
          label: copy.categoryLabel,
          allLabel: copy.allCategories,
          value: category,
          options: page.categories.map((name) => ({ value: name, label: name })),
        }}
      />
      {posts.length === 0 ? (
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

function LoadError({ copy }: { copy: BlogCopy }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  return (
    <div className="pb-24">
      <ErrorPanel title={copy.error.title} message={copy.error.message}>
        <TryAgain
          href={`${location.pathname}${location.search}`}
          onRetry={() => void revalidator.revalidate()}
        />
      </ErrorPanel>
    </div>
  );
}
