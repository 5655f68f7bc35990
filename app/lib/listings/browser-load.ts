import type { MetaDescriptor } from "react-router";
import {
  BLOG_PAGE,
  browserMeta,
  CASE_STUDIES_PAGE,
  PORTFOLIO_PAGE,
} from "~/lib/listings/page-copy";
import { withRetry } from "~/lib/listings/retry";

/**
 * Browser-side loads of the list pages (a client navigation, a retry), imported by their
 * `clientLoader` on demand: neither the copy nor the retry code is in a page's initial
 * JavaScript (decision 0120). The page renders at once with its copy, title and placeholders;
 * the list follows when the server answers, retried with backoff (SPEC section 9).
 */

const PAGES = { caseStudies: CASE_STUDIES_PAGE, portfolio: PORTFOLIO_PAGE, blog: BLOG_PAGE };
type Pages = typeof PAGES;

let browserLoads = 0;

export function browserLoad<Name extends keyof Pages, Page extends { state: string }>(
  name: Name,
  /** The first request, started before this module was loaded. */
  first: Promise<{ page: Page | Promise<Page> }>,
  serverLoader: () => Promise<{ page: Page | Promise<Page> }>,
): { meta: MetaDescriptor[]; copy: Pages[Name]["copy"]; page: Promise<Page>; load: number } {
  const shell: Pages[Name] = PAGES[name];
  let started: typeof first | undefined = first;
  const page = withRetry(
    async () => {
      const attempt = started ?? serverLoader();
      started = undefined;
      return (await attempt).page;
    },
    { isFailure: (result) => result.state === "error" },
  );
  return { meta: browserMeta(shell.seo), copy: shell.copy, page, load: ++browserLoads };
}
