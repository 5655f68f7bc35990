import { NO_PAGING, type Paging } from "~/lib/listings/query";

/**
 * A page of a public list as its loader wants it: the cards and the filter's options with their
 * paging, marked ok; or the database's failure, returned rather than thrown (the page shows its
 * error panel, decision 0033), with `empty` and page 1 of nothing in their place.
 */
export async function cardsOrFailure<Cards extends Paging, Empty extends object>(
  read: () => Promise<Cards>,
  empty: Empty,
): Promise<({ state: "ok" } & Cards) | ({ state: "error"; error: unknown } & Empty & Paging)> {
  try {
    return { state: "ok", ...(await read()) };
  } catch (error) {
    return { state: "error", ...empty, ...NO_PAGING, error };
  }
}
