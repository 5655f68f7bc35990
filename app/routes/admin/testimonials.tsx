import { TESTIMONIAL_MESSAGES } from "@server/admin/messages";
import { loadOrReport, moderationListAction } from "@server/admin/moderation";
import { listTestimonials } from "@server/admin/testimonials";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { Pencil, Plus, Star } from "lucide-react";
import { Link } from "react-router";
import { DeleteButton } from "~/components/admin/delete-button";
import { ToggleForm } from "~/components/admin/toggle-form";
import {
  buttonClass,
  EmptyState,
  Flag,
  LoadError,
  RowList,
  StatusBadge,
} from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import type { Route } from "./+types/testimonials";

/** /admin/testimonials: every testimonial, newest first; feature toggle and delete. */

export const meta: Route.MetaFunction = () => adminMeta("Testimonials");

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  const db = getRuntimeFrom(args.context).database.db;
  return loadOrReport(args.context, () => listTestimonials(db), TESTIMONIAL_MESSAGES.fetchFailed);
}

export const action = (args: Route.ActionArgs) => moderationListAction("testimonials", args);

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { data: rows, loadError } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Testimonials"
        lead="Every testimonial, newest first. Only published ones appear on the website."
        actions={
          <Link to="/admin/testimonials/new" className={buttonClass.primary}>
            <Plus aria-hidden="true" className="size-4" />
            Add Testimonial
          </Link>
        }
      />
      <ToastMessageView message={loadError} />
      {loadError ? (
        <LoadError message={loadError.description ?? ""} />
      ) : !rows || rows.length === 0 ? (
        <EmptyState>No testimonials found</EmptyState>
      ) : (
        <RowList label="Testimonials">
          {rows.map((testimonial) => {
            const who = [testimonial.author, testimonial.role, testimonial.company]
              .filter(Boolean)
              .join(", ");
            return (
              <li
                key={testimonial.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{testimonial.author}</span>
                    <StatusBadge status={testimonial.status} />
                    {testimonial.isFeatured ? <Flag on>Featured</Flag> : null}
                    <span
                      className="inline-flex items-center gap-0.5 text-accent"
                      role="img"
                      aria-label={`${testimonial.rating} out of 5 stars`}
                    >
                      {Array.from({ length: testimonial.rating }, (_, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of stars
                        <Star key={i} aria-hidden="true" className="size-3 fill-current" />
                      ))}
                    </span>
                  </p>
                  <p className="mt-0.5 text-sm text-ink-muted">
                    {[who, formatDay(testimonial.createdAt)].filter(Boolean).join(" · ")}
                  </p>
                  <p className="mt-1 line-clamp-2 max-w-3xl text-sm text-ink-muted italic">
                    “{testimonial.quote}”
                  </p>
                </div>
                <div className="flex shrink-0 flex-wrap items-center gap-2">
                  <ToggleForm
                    id={testimonial.id}
                    intent="feature"
                    on={testimonial.isFeatured}
                    onLabel="Unfeature"
                    offLabel="Feature"
                    itemName={`testimonial by ${testimonial.author}`}
                  />
                  <Link
                    to={`/admin/testimonials/${testimonial.id}/edit`}
                    className={buttonClass.secondary}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit<span className="sr-only"> testimonial by {testimonial.author}</span>
                  </Link>
                  <DeleteButton
                    confirmHref={`/admin/testimonials/${testimonial.id}/delete`}
                    itemName={`testimonial by ${who}`}
                    noun="testimonial"
                  />
                </div>
              </li>
            );
          })}
        </RowList>
      )}
    </>
  );
}
