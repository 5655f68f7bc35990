import { SelectField } from "~/components/forms/fields";
import { Button } from "~/components/ui/form-button";
import { REVIEW_COPY } from "~/copy/review";

/**
 * The review page's versions (issue #45 item 4): each deliverable the link covers with its
 * versions as plain links (`?version=`), and "Compare versions" for a deliverable of two or more,
 * a plain GET form (`?version=…&compare=…`, decision 0534). Document requests only: the link's
 * cookies are on its own path, which React Router's data requests are not (decision 0531).
 */

export interface VersionLink {
  id: string;
  number: number;
  latest: boolean;
}

export interface DeliverableVersions {
  id: string;
  title: string;
  versions: VersionLink[];
}

/** "v2 (latest)", "v1". */
export const versionName = (version: { number: number; latest: boolean }) =>
  `v${version.number}${version.latest ? ` (${REVIEW_COPY.latest})` : ""}`;

export function VersionNav({
  deliverables,
  current,
}: {
  deliverables: DeliverableVersions[];
  /** The version shown (the first of a compare). */
  current: string | null;
}) {
  return (
    <nav aria-label={REVIEW_COPY.deliverables}>
      <ul className="flex flex-col gap-2">
        {deliverables.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-semibold">{item.title}</span>
            {item.versions.map((version) => {
              const shown = version.id === current;
              return (
                <a
                  key={version.id}
                  href={`?version=${version.id}`}
                  aria-current={shown ? "page" : undefined}
                  aria-label={`${item.title} ${versionName(version)}`}
                  className={`rounded px-2 py-0.5 ${shown ? "bg-accent text-black" : "underline underline-offset-4"}`}
                >
                  v{version.number}
                </a>
              );
            })}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Two versions of one deliverable to compare: by default the latest and the one before; while
 * comparing, the two shown, and a link back to the first alone. Null under two versions.
 */
export function CompareForm({
  deliverable,
  shown,
  compared,
  same = false,
}: {
  deliverable: DeliverableVersions;
  /** The version shown: the first of a compare. */
  shown: string;
  /** The second version of the compare shown, if any. */
  compared: string | null;
  /** The two asked for were one version: say to choose two. */
  same?: boolean;
}) {
  const { versions } = deliverable;
  if (versions.length < 2) return null;
  const newest = [...versions].sort((a, b) => b.number - a.number);
  const options = newest.map((version) => ({ value: version.id, label: versionName(version) }));
  const first = compared ? shown : (newest[0]?.id ?? "");
  const second = compared ?? newest[1]?.id ?? "";
  return (
    <form
      method="get"
      aria-label={`${REVIEW_COPY.compareTitle} of ${deliverable.title}`}
      className="flex flex-wrap items-end gap-3"
    >
      {(
        [
          ["version", REVIEW_COPY.compareFirst, first],
          ["compare", REVIEW_COPY.compareSecond, second],
        ] as const
      ).map(([name, label, value]) => (
        <SelectField
          key={name}
          name={name}
          label={label}
          look="admin"
          options={options}
          defaultValue={value}
        />
      ))}
      <Button type="submit" size="sm" variant="secondary">
        {REVIEW_COPY.compareSubmit}
      </Button>
      {compared ? (
        <a href={`?version=${shown}`} className="py-2 text-sm underline underline-offset-4">
          {REVIEW_COPY.compareOff}
        </a>
      ) : null}
      {same ? (
        <p role="status" className="w-full text-sm text-danger">
          {REVIEW_COPY.compareSame}
        </p>
      ) : null}
    </form>
  );
}
