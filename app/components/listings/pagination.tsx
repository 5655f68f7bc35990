import { useEffect, useRef } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { LIST_FILTERS, listQuery, listQueryValues, readListQuery } from "~/lib/listings/query";

/**
 * The result count and the page links of a public list (decision 0220). The links are plain
 * links to `?page=N` with the search and filter kept, so they work without JavaScript; with it,
 * React Router swaps the list and focus moves to the count at the top of the new page. Nothing
 * else of the URL is kept: a list is the same page whatever other query it gets (decision 0265).
 */

/** Page links to show: the first, the last and two either side of the current one. */
export function pageNumbers(page: number, pageCount: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((n) => n >= 1 && n <= pageCount)
    .sort((a, b) => a - b);
  const numbers: (number | "gap")[] = [];
  for (const [index, n] of shown.entries()) {
    const previous = shown[index - 1];
    if (previous !== undefined && n - previous > 1) numbers.push("gap");
    numbers.push(n);
  }
  return numbers;
}

/** '14 articles' (page 2 of 3: '14 articles, page 2 of 3'). */
export function resultCount(
  total: number,
  nouns: readonly [string, string],
  page: number,
  pageCount: number,
) {
  const count = `${total} ${total === 1 ? nouns[0] : nouns[1]}`;
  return pageCount > 1 ? `${count}, page ${page} of ${pageCount}` : count;
}

/** Marks a navigation by page link: the list's count takes focus when it arrives. */
const FOCUS_LIST = { focusList: true };

/** The result count, in a polite live region; focused after a page link is followed. */
export function ResultCount({ children }: { children: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const location = useLocation();
  const focus = (location.state as typeof FOCUS_LIST | null)?.focusList === true;
  useEffect(() => {
    if (focus && location.key) ref.current?.focus();
  }, [focus, location.key]);
  return (
    <p
      ref={ref}
      tabIndex={-1}
      role="status"
      aria-live="polite"
      className="scroll-mt-24 text-sm text-ink-muted focus:outline-none"
    >
      {children}
    </p>
  );
}

const linkClass =
  "inline-flex h-10 min-w-10 items-center justify-center rounded-full border border-line px-3 text-sm font-semibold transition-colors hover:border-ink";

export function Pagination({ page, pageCount }: { page: number; pageCount: number }) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  if (pageCount <= 1) return null;
  const filter: string = LIST_FILTERS[pathname as keyof typeof LIST_FILTERS] ?? "";
  const to = (n: number) => {
    const values = listQueryValues(readListQuery(params, filter), filter);
    return { search: listQuery({ ...values, page: n === 1 ? null : String(n) }) || "?" };
  };
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={to(page - 1)} state={FOCUS_LIST} rel="prev" className={linkClass}>
          Previous
        </Link>
      ) : null}
      {pageNumbers(page, pageCount).map((n, index) =>
        n === "gap" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
          <span key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-faint">
            …
          </span>
        ) : (
          <Link
            key={n}
            to={to(n)}
            state={FOCUS_LIST}
            aria-label={`Page ${n}`}
            aria-current={n === page ? "page" : undefined}
            className={`${linkClass} ${n === page ? "border-ink bg-ink text-surface" : ""}`}
          >
            {n}
          </Link>
        ),
      )}
      {page < pageCount ? (
        <Link to={to(page + 1)} state={FOCUS_LIST} rel="next" className={linkClass}>
          Next
        </Link>
      ) : null}
    </nav>
  );
}
