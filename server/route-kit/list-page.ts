import { cacheHeaders } from "@server/content/http";
import { getRuntimeFrom } from "@server/context";
import type { Database } from "@server/db/client";
import { listMeta } from "@server/route-kit/content-meta";
import { siteUrlOf } from "@server/route-kit/page-meta";
import { data, type MetaDescriptor, type RouterContextProvider } from "react-router";
import { type ListQuery, type Paging, readListQuery } from "~/lib/listings/query";

/**
 * The loader of a list page (/case-studies, /portfolio, /blog): the cards (a database failure is
 * logged and answered 503, uncached, with what the page shows instead), the head and the copy.
 * The cards are one page of the list, searched and filtered in SQL (decision 0220).
 * `page` is typed as possibly pending: the browser-side loads (`loadInBrowser`) send a promise.
 */
export async function loadListPage<
  Cards extends { state: "ok" | "error"; error?: unknown } & Paging,
  Page extends { state: "ok" | "error" },
  Copy,
>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  list: {
    /** Names the list in the log ("blog: load failed"). */
    name: string;
    shell: { copy: Copy; seo: { title: string; description: string }; image: string };
    /** One page of the list, as the URL's query asks (`?q=…&page=N`, the filter's value). */
    load: (db: Database, query: ListQuery) => Promise<Cards>;
    /** The query name of the list's filter (`category`, `type`, `tag`). */
    filter: string;
    /** What the page draws of the cards; their paging is added to it. */
    toPage: (cards: Cards) => Page;
    /** Extra head tags (the blog's RSS link). */
    extraMeta?: MetaDescriptor[];
    /** JSON-LD of what the page shows (the portfolio's videos), absolute on `siteUrl`. */
    jsonLd?: (page: Page, siteUrl: string) => Record<string, unknown>[];
  },
) {
  const { database, logger } = getRuntimeFrom(context);
  const query = readListQuery(new URL(request.url).searchParams, list.filter);
  const cards = await list.load(database.db, query);
  if (cards.state === "error") logger.error({ err: cards.error }, `${list.name}: load failed`);
  const { total, page: number, pageCount } = cards;
  const page: Page & Paging = { ...list.toPage(cards), total, page: number, pageCount };
  const degraded = page.state === "error";
  return data(
    {
      meta: listMeta(
        request,
        context,
        list.shell,
        {
          page: number,
          pageCount,
          filtered: query.search !== "" || query.filter !== null,
        },
        { extra: list.extraMeta, jsonLd: list.jsonLd?.(page, siteUrlOf(context)) },
      ),
      copy: list.shell.copy,
      page: page as (Page & Paging) | Promise<Page & Paging>,
      load: 0,
    },
    { status: degraded ? 503 : 200, headers: cacheHeaders(degraded) },
  );
}
