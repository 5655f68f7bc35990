import { findTestimonial, saveTestimonial } from "@server/content/testimonials/editor";
import { editorRouteAction, findRowOrRedirect } from "@server/route-kit/editor";
import { requireAccess } from "@server/security/admin-access";
import { EditorPage, StatusField } from "~/components/admin/editor-page";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { testimonialSchema } from "~/entities/testimonial/form";
import { TESTIMONIAL_EDITOR_MESSAGES, TESTIMONIAL_MESSAGES } from "~/lib/admin-messages";
import { adminMeta } from "~/lib/admin-meta";
import type { EditorActionData } from "~/lib/forms/result";
import type { Route } from "./+types/testimonial-editor";

/**
 * /admin/testimonials/new and /admin/testimonials/{id}/edit: the testimonial editor (quote,
 * author, role, company, rating 1 to 5, status, featured). Saving returns to the list with a toast.
 */

const LIST_PATH = "/admin/testimonials";

export const meta: Route.MetaFunction = ({ params }) =>
  adminMeta(params.id ? "Edit testimonial" : "New testimonial");

export async function loader(args: Route.LoaderArgs) {
  await requireAccess(args);
  const testimonial = await findRowOrRedirect(args, {
    id: (args.params as { id?: string }).id,
    find: findTestimonial,
    listPath: LIST_PATH,
    gone: TESTIMONIAL_MESSAGES.fetchFailed,
  });
  return { testimonial };
}

export async function action(args: Route.ActionArgs) {
  await requireAccess(args);
  return editorRouteAction(args, {
    find: findTestimonial,
    save: saveTestimonial,
    entity: "testimonial",
    schema: testimonialSchema,
    listPath: LIST_PATH,
    messages: TESTIMONIAL_EDITOR_MESSAGES,
  });
}

const RATING_OPTIONS = [5, 4, 3, 2, 1].map((value) => ({
  value: String(value),
  label: `${value} star${value === 1 ? "" : "s"}`,
}));

export default function TestimonialEditor({ loaderData, actionData }: Route.ComponentProps) {
  const item = loaderData.testimonial;
  return (
    <EditorPage
      title={item ? "Edit Testimonial" : "Add Testimonial"}
      description="Published testimonials appear on the website; featured ones on the home page first."
      answer={(actionData ?? null) as EditorActionData | null}
      schema={testimonialSchema}
      cancelHref={LIST_PATH}
      submitLabel={item ? "Save Changes" : "Create Testimonial"}
      label={item ? "Edit testimonial" : "New testimonial"}
    >
      {({ field, checkbox }) => (
        <>
          <TextAreaField
            {...field("quote", item?.quote)}
            label="Quote"
            required
            rows={4}
            className="md:col-span-2"
          />
          <TextField {...field("author", item?.author)} label="Author" required />
          <TextField {...field("role", item?.role)} label="Role" />
          <TextField {...field("company", item?.company)} label="Company" />
          <SelectField
            {...field("rating", item?.rating ?? 5)}
            label="Rating"
            required
            options={RATING_OPTIONS}
            placeholder="Select a rating"
          />
          <StatusField field={field} stored={item?.status} />
          <CheckboxField
            {...checkbox("isFeatured", item?.isFeatured ?? false)}
            label="Featured"
            hint="Featured testimonials are shown on the home page."
          />
        </>
      )}
    </EditorPage>
  );
}
