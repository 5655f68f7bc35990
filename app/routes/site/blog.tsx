import { type BlogCards, loadBlogCards } from "@server/content/blog";
import { cacheHeaders, contentHeaders } from "@server/content/http";
import { getRuntimeFrom } from "@server/context";
import {
  data,
  Link,
  type ShouldRevalidateFunctionArgs,
  useLoaderData,
  useLocation,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { BlogCard } from "~/components/content/blog-card";
import { DeferredList } from "~/components/content/deferred-list";
import { ListFilters } from "~/components/content/list-filters";
import { EmptyState, ErrorPanel, SkeletonGrid, TryAgain } from "~/components/content/states";
import { buttonSecondary, container, PageHeader, SectionHeading } from "~/components/content/ui";
import { BLOG_COPY as copy } from "~/content/content-pages";
import { type BlogCard as BlogCardData, filterPosts, splitFeatured } from "~/lib/content/blog";
import { readFilter, readSearch } from "~/lib/content/query";
import { withRetry } from "~/lib/content/retry";
import { contentMeta } from "~/lib/content/seo";
import type { Route } from "./+types/blog";

/** SPEC section 9: six skeleton cards while the blog loads in the browser. */
const BLOG_SKELETONS = 6;

type Page = Pick<BlogCards, "state" | "posts" | "categories">;

export async function loader({ context }: Route.LoaderArgs) {
  const { database, config, logger } = getRuntimeFrom(context);
  const cards = await loadBlogCards(database.db);
  if (cards.state === "error") logger.error({ err: cards.error }, "blog: load failed");
  const page: Page = { state: cards.state, posts: cards.posts, categories: cards.categories };
  const degraded = page.state === "error";
  return data(
    { siteUrl: config.SITE_URL as string | null, page: page as Page | Promise<Page>, load: 0 },
    { status: degraded ? 503 : 200, headers: cacheHeaders(degraded) },
  );
}

let browserLoads = 0;

/** Browser-side loads show six skeleton cards, then data or the error panel. */
export function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const page = withRetry(async () => (await serverLoader()).page, {
    isFailure: (result) => result.state === "error",
  });
  return { siteUrl: null, page, load: ++browserLoads };
}

export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const queryOnly =
    !formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search;
  return queryOnly ? false : defaultShouldRevalidate;
}

export const headers = contentHeaders;

export function meta({ loaderData, location }: Route.MetaArgs) {
  const extra = loaderData?.siteUrl
    ? [
        {
          tagName: "link",
          rel: "alternate",
          type: "application/rss+xml",
          title: copy.feedTitle,
          href: `${loaderData.siteUrl}/blog/rss.xml`,
        },
      ]
    : [];
  return contentMeta({
    ...copy.meta,
    siteUrl: loaderData?.siteUrl,
    path: location.pathname,
    image: "/media/blog/one-day-commercial-shoot.svg",
    extra,
  });
}

export default function Blog() {
  const { page, load } = useLoaderData<typeof loader>();
  return (
    <main id="main">
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
      <div className={container}>
        <DeferredList
          value={page}
          loadKey={load}
          fallback={<SkeletonGrid count={BLOG_SKELETONS} label={copy.loading} />}
          errorElement={<LoadError />}
        >
          {(resolved) =>
            resolved.state === "error" ? <LoadError /> : <BlogList page={resolved} />
          }
        </DeferredList>
      </div>
    </main>
  );
}

function BlogList({ page }: { page: Page }) {
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
          <Link to="/blog" className={`${buttonSecondary} mt-4`}>
            {copy.clearFilters}
          </Link>
        </EmptyState>
      ) : null}
      {featured.length > 0 ? (
        <section aria-labelledby="featured-articles">
          <SectionHeading id="featured-articles">{copy.featured}</SectionHeading>
          <PostGrid posts={featured} featured />
        </section>
      ) : null}
      {latest.length > 0 ? (
        <section aria-labelledby="latest-articles">
          <SectionHeading id="latest-articles">{copy.latest}</SectionHeading>
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
  posts: BlogCardData[];
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

function LoadError() {
  const revalidator = useRevalidator();
  const location = useLocation();
  return (
    <div className="pb-24">
      <ErrorPanel>
        <TryAgain
          href={`${location.pathname}${location.search}`}
          onRetry={() => void revalidator.revalidate()}
        />
      </ErrorPanel>
    </div>
  );
}
