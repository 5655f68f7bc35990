import { useEffect, useRef, useState } from "react";
import { Form, useNavigate, useSearchParams } from "react-router";
import { ResultCount, resultCount } from "~/components/listings/pagination";
import { PathIcon } from "~/components/listings/ui";
import { ChevronDown } from "~/components/ui/icons";
import { ALL, listQuery, type Paging, readFilter, readSearch } from "~/lib/listings/query";
import { useTypedBeforeHydration } from "~/lib/use-hydrated";

/** Lucide's search. */
const SEARCH_ICON = "m21 21-4.34-4.34M3 11a8 8 0 1 0 16 0 8 8 0 1 0-16 0";

const SEARCH_DEBOUNCE_MS = 250;

/** A list's one filter: its query name, its labels and its choices. */
type Filter = {
  name: string;
  label: string;
  allLabel: string;
  options: { value: string; label: string }[];
};

/**
 * A list's search box and one filter, kept in the URL query. Without JavaScript it is a plain GET
 * form; with it, typing and choosing update the URL at once (replacing the history entry) and the
 * list filters in the browser, because the route skips reloading for query-only changes.
 */
function ListFilters({
  search,
  filter,
  searchLabel,
  searchPlaceholder,
}: {
  search: string;
  filter: Filter & { value: string | null };
  searchLabel: string;
  searchPlaceholder: string;
}) {
  const navigate = useNavigate();
  const [text, setText] = useState(search);
  const pushed = useRef(search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL changed from elsewhere (back button, 'Clear Filters'): show it.
  useEffect(() => {
    if (search !== pushed.current) {
      pushed.current = search;
      setText(search);
    }
  }, [search]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const apply = (next: { q: string; value: string | null }) => {
    clearTimeout(timer.current);
    pushed.current = next.q.trim();
    navigate(
      { search: listQuery({ q: next.q, [filter.name]: next.value }) },
      { replace: true, preventScrollReset: true },
    );
  };

  // What the visitor typed or chose before the scripts started: applied as if done now (0162).
  const searchRef = useRef<HTMLInputElement>(null);
  const filterRef = useRef<HTMLSelectElement>(null);
  useTypedBeforeHydration(searchRef, text, (typed) => {
    setText(typed);
    apply({ q: typed, value: filterRef.current?.value ?? filter.value });
  });
  useTypedBeforeHydration(filterRef, filter.value ?? ALL, (chosen) =>
    apply({ q: searchRef.current?.value ?? text, value: chosen }),
  );

  return (
    <Form
      method="get"
      role="search"
      aria-label={searchLabel}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        apply({ q: text, value: filter.value });
      }}
    >
      <div className="flex-1">
        <label htmlFor={`${filter.name}-search`} className="sr-only">
          {searchLabel}
        </label>
        <div className="relative">
          <PathIcon
            d={SEARCH_ICON}
            className="pointer-events-none absolute left-4 top-1/2 size-4 -translate-y-1/2 text-ink-faint"
          />
          <input
            ref={searchRef}
            id={`${filter.name}-search`}
            type="search"
            name="q"
            value={text}
            placeholder={searchPlaceholder}
            autoComplete="off"
            onChange={(event) => {
              const value = event.target.value;
              setText(value);
              clearTimeout(timer.current);
              timer.current = setTimeout(
                () => apply({ q: value, value: filter.value }),
                SEARCH_DEBOUNCE_MS,
              );
            }}
            className="h-12 w-full rounded-full border border-line bg-surface pl-11 pr-5 text-ink placeholder:text-ink-faint focus:border-accent focus:outline-none"
          />
        </div>
      </div>
      <div className="relative sm:w-64">
        <label htmlFor={`${filter.name}-filter`} className="sr-only">
          {filter.label}
        </label>
        <select
          ref={filterRef}
          id={`${filter.name}-filter`}
          name={filter.name}
          value={filter.value ?? ALL}
          onChange={(event) => apply({ q: text, value: event.target.value })}
          className="h-12 w-full appearance-none rounded-full border border-line bg-surface pl-5 pr-10 text-ink focus:border-accent focus:outline-none"
        >
          <option value={ALL}>{filter.allLabel}</option>
          {filter.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute right-4 top-1/2 size-4 -translate-y-1/2 text-ink-faint" />
      </div>
      <button
        type="submit"
        className="h-12 rounded-full border border-line px-6 text-sm font-semibold transition-colors hover:border-ink"
      >
        Search
      </button>
    </Form>
  );
}

/** Above a public list's cards: its search and filter, as the URL holds them, and its count. */
export function ListHead({
  filter,
  copy,
  paging,
}: {
  filter: Filter;
  copy: { searchLabel: string; searchPlaceholder: string; countNouns: readonly [string, string] };
  paging: Paging;
}) {
  const [params] = useSearchParams();
  return (
    <div className="space-y-4">
      <ListFilters
        search={readSearch(params)}
        searchLabel={copy.searchLabel}
        searchPlaceholder={copy.searchPlaceholder}
        filter={{ ...filter, value: readFilter(params, filter.name) }}
      />
      <ResultCount>
        {resultCount(paging.total, copy.countNouns, paging.page, paging.pageCount)}
      </ResultCount>
    </div>
  );
}
