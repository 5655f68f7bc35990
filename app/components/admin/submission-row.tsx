import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatDateTime } from "~/components/admin/format";

/**
 * One submission in a pipeline list (inquiries, job applications): the name linking to its page
 * and what the list adds after it (`badge`), the address and when it came, the row's `actions`,
 * then the rest of the row.
 */
export function SubmissionRow({
  headingId,
  headingClassName,
  to,
  name,
  badge,
  email,
  createdAt,
  actions,
  children,
}: {
  headingId: string;
  headingClassName: string;
  to: string;
  name: string;
  badge?: ReactNode;
  email: ReactNode;
  createdAt: Date | string;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li aria-labelledby={headingId} className="rounded-lg border border-line bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className={headingClassName}>
            <Link to={to} className="underline-offset-4 hover:text-accent-strong hover:underline">
              {name}
            </Link>
            {badge}
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            {email}
            <span aria-hidden="true"> · </span>
            <time dateTime={new Date(createdAt).toISOString()}>{formatDateTime(createdAt)}</time>
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">{actions}</div>
      </div>
      {children}
    </li>
  );
}
