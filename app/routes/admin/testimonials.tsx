import { listTestimonials } from "@server/content/testimonials/editor";
import { parseListQuery } from "@server/kit/list-params";
import { loadAdminList, moderationListAction } from "@server/route-kit/moderation";
import { Star } from "lucide-react";
import { DeleteButton } from "~/components/admin/delete-button";
import { AdminListFilters, FilterSearch } from "~/components/admin/list-filters";
import { AddLink, ContentRow, EditLink, ListBody, PagedList } from "~/components/admin/list-page";
import { FeatureToggle } from "~/components/admin/toggle-form";
import { Flag, StatusBadge } from "~/components/admin/ui";
import { PageHeader } from "~/components/ui/page-header";
import { ToastMessageView } from "~/components/ui/toasts";
import { TESTIMONIAL_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import { formatDay } from "~/lib/listings/format";
import type { Route } from "./+types/testimonials";

/** /admin/testimonials: every testimonial, newest first; feature toggle and delete. */

export const meta: Route.MetaFunction = () => adminMeta("Testimonials");

export async function loader(args: Route.LoaderArgs) {
  const query = parseListQuery(args.url.searchParams);
  const list = await loadAdminList(
    args,
    (db) => listTestimonials(db, query),
    TESTIMONIAL_MESSAGES.fetchFailed,
  );
  return { ...list, q: query.q };
}

export const action = (args: Route.ActionArgs) => moderationListAction("testimonials", args);

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { data, loadError, q } = loaderData;
  return (
    <>
      <PageHeader
        variant="admin"
        title="Testimonials"
        lead="Every testimonial, newest first. Only published ones appear on the website."
        actions={<AddLink to="/admin/testimonials/new">Add Testimonial</AddLink>}
      />
      <ToastMessageView message={loadError} />
      <AdminListFilters
        label="Filter testimonials"
        clearTo="/admin/testimonials"
        filtered={Boolean(q)}
      >
        <FilterSearch
          id="testimonial-search"
          label="Search authors, companies and quotes"
          value={q}
        />
      </AdminListFilters>
      <ListBody
        loadError={loadError}
        rows={data?.rows}
        empty={q ? "No testimonials found matching your search." : "No testimonials found"}
      >
        {(testimonials) => (
          <PagedList label="Testimonials" result={data} noun={["testimonial", "testimonials"]}>
            {testimonials.map((testimonial) => {
              const who = [testimonial.author, testimonial.role, testimonial.company]
                .filter(Boolean)
                .join(", ");
              return (
                <ContentRow
                  key={testimonial.id}
                  title={testimonial.author}
                  badges={
                    <>
                      <StatusBadge status={testimonial.status} />
                      {testimonial.isFeatured ? <Flag on>Featured</Flag> : null}
                      <Stars rating={testimonial.rating} />
                    </>
                  }
                  details={[who, formatDay(testimonial.createdAt)]}
                  actions={
                    <>
                      <FeatureToggle
                        id={testimonial.id}
                        on={testimonial.isFeatured}
                        itemName={`testimonial by ${testimonial.author}`}
                      />
                      <EditLink
                        to={`/admin/testimonials/${testimonial.id}/edit`}
                        name={`testimonial by ${testimonial.author}`}
                      />
                      <DeleteButton
                        confirmHref={`/admin/testimonials/${testimonial.id}/delete`}
                        itemName={`testimonial by ${who}`}
                        noun="testimonial"
                      />
                    </>
                  }
                >
                  <p className="mt-1 line-clamp-2 max-w-3xl text-sm text-ink-muted italic">
                    “{testimonial.quote}”
                  </p>
                </ContentRow>
              );
            })}
          </PagedList>
        )}
      </ListBody>
    </>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <span
      className="inline-flex items-center gap-0.5 text-accent"
      role="img"
      aria-label={`${rating} out of 5 stars`}
    >
      {Array.from({ length: rating }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of stars
        <Star key={i} aria-hidden="true" className="size-3 fill-current" />
      ))}
    </span>
  );
}
