import { buttonClass, ColumnHeads, TableRegion } from "~/components/admin/ui";
import type { ConsentMonth } from "~/entities/privacy/view";

const CONSENT_COLUMNS = [
  ["accept", "Accepted all"],
  ["decline", "Declined"],
  ["custom", "Chose categories"],
  ["analytics", "Analytics granted"],
  ["marketing", "Marketing granted"],
  ["gpc", "With Global Privacy Control"],
] as const;

const CELL = "px-4 py-3 font-medium";

/** "Records of consent": the banner's choices by month, and the CSV of every record. */
export function ConsentSection({ months }: { months: readonly ConsentMonth[] }) {
  return (
    <section aria-labelledby="consent-heading" className="mb-10 max-w-4xl">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
        <h2 id="consent-heading" className="font-display text-lg font-bold">
          Records of consent
        </h2>
        <a href="/admin/privacy/consent.csv" className={buttonClass.secondary} download>
          Export CSV
        </a>
      </div>
      <p className="mb-3 text-sm text-ink-muted">
        Each choice on the cookie banner, by month (UTC): a random visitor id, the categories and
        the banner's version, never an IP address.
      </p>
      {months.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line px-6 py-8 text-center text-ink-muted">
          No choices recorded yet.
        </p>
      ) : (
        <TableRegion captionId="consent-caption">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <caption id="consent-caption" className="sr-only">
              Choices on the cookie banner by month
            </caption>
            <thead className="border-b border-line text-xs text-ink-muted">
              <tr>
                <ColumnHeads
                  labels={["Month", ...CONSENT_COLUMNS.map(([, label]) => label)]}
                  className={CELL}
                />
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row" className={`${CELL} whitespace-nowrap`}>
                    {month.month}
                  </th>
                  {CONSENT_COLUMNS.map(([key]) => (
                    <td key={key} className="px-4 py-3 tabular-nums">
                      {month[key]}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
