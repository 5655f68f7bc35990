import { Link } from "react-router";
import { buttonClass } from "./ui";

/** Previous / next links that keep the list's filters in the URL. */
export function Pagination({
  page,
  pageCount,
  total,
  capped = false,
  search,
  noun,
}: {
  page: number;
  pageCount: number;
  total: number;
  /** More match than `total`, the rows paged here (a long log pages its newest only). */
  capped?: boolean;
  /** The current query string (filters), without page. */
  search: URLSearchParams;
  /** Singular and plural, e.g. ["inquiry", "inquiries"]. */
  noun: readonly [string, string];
}) {
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target > 1) params.set("page", String(target));
    else params.delete("page");
    const query = params.toString();
    return query ? `?${query}` : "?";
  };
  return (
    <nav
      aria-label="Pagination"
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-ink-muted">
        {capped ? `More than ${total.toLocaleString("en-US")}` : total}{" "}
        {total === 1 ? noun[0] : noun[1]} · Page {page} of {pageCount}
        {capped && page === pageCount ? (
          <>
            <br />
            These are the newest {total.toLocaleString("en-US")}: narrow the filters to see older
            ones.
          </>
        ) : null}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={buttonClass.secondary} rel="prev">
            Previous
          </Link>
        ) : null}
        {page < pageCount ? (
          <Link to={hrefFor(page + 1)} className={buttonClass.secondary} rel="next">
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
