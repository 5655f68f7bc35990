import { type EditorActionData, readEditorForm, saveFromEditor } from "@server/admin/editor";
import { isUuid } from "@server/admin/list-params";
import { failure, TESTIMONIAL_EDITOR_MESSAGES, TESTIMONIAL_MESSAGES } from "@server/admin/messages";
import { redirectWithFlash } from "@server/admin/moderation";
import { findTestimonial, saveTestimonial } from "@server/admin/testimonials";
import { getRuntimeFrom } from "@server/context";
import { requireAdmin } from "@server/security/admin-access";
import { CheckboxField, EditorForm } from "~/components/admin/editor-form";
import { PageHeader } from "~/components/admin/ui";
import { SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { ToastMessageView } from "~/components/ui/toasts";
import { testimonialSchema } from "~/lib/forms/testimonial";
import { CONTENT_STATUSES } from "~/lib/values";
import type { Route } from "./+types/testimonial-editor";

/**
 * /admin/testimonials/new and /admin/testimonials/{id}/edit: the testimonial editor (quote,
 * author, role, company, rating 1 to 5, status, featured). Saving returns to the list with a toast.
 */

const LIST_PATH = "/admin/testimonials";

export const meta: Route.MetaFunction = ({ params }) => [
  {
    title: `${params.id ? "Edit testimonial" : "New testimonial"} | Northlight Studio Admin`,
  },
  { name: "robots", content: "noindex, nofollow" },
];

/** The row being edited, or null on /new; an unknown id goes back to the list. */
async function rowOf(args: Route.LoaderArgs | Route.ActionArgs, gone: string) {
  const id = (args.params as { id?: string }).id;
  if (id === undefined) return null;
  const db = getRuntimeFrom(args.context).database.db;
  const row = isUuid(id) ? await findTestimonial(db, id) : null;
  if (!row) {
    throw await redirectWithFlash(args.context, LIST_PATH, failure(gone));
  }
  return row;
}

export async function loader(args: Route.LoaderArgs) {
  await requireAdmin(args);
  return { testimonial: await rowOf(args, TESTIMONIAL_MESSAGES.fetchFailed) };
}

export async function action(args: Route.ActionArgs) {
  await requireAdmin(args);
  const row = await rowOf(args, TESTIMONIAL_EDITOR_MESSAGES.saveFailed);
  const read = await readEditorForm(args, TESTIMONIAL_EDITOR_MESSAGES);
  if ("refused" in read) return read.refused;
  const db = getRuntimeFrom(args.context).database.db;
  const id = row?.id ?? null;
  return saveFromEditor(args, {
    form: read.form,
    schema: testimonialSchema,
    id,
    save: (input) => saveTestimonial(db, id, input),
    listPath: LIST_PATH,
    messages: TESTIMONIAL_EDITOR_MESSAGES,
  });
}

const RATING_OPTIONS = [5, 4, 3, 2, 1].map((value) => ({
  value: String(value),
  label: `${value} star${value === 1 ? "" : "s"}`,
}));
const STATUS_OPTIONS = CONTENT_STATUSES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

export default function TestimonialEditor({ loaderData, actionData }: Route.ComponentProps) {
  const item = loaderData.testimonial;
  const answer = (actionData ?? null) as EditorActionData | null;
  const values = answer?.values;
  const value = (name: string, stored: string | number | null | undefined) =>
    values ? (values[name] ?? "") : stored == null ? "" : String(stored);
  return (
    <>
      <PageHeader
        title={item ? "Edit Testimonial" : "Add Testimonial"}
        description="Published testimonials appear on the website; featured ones on the home page first."
      />
      <ToastMessageView message={answer?.toast} />
      <div className="max-w-3xl rounded-xl border border-line bg-surface p-4 sm:p-6">
        <EditorForm
          schema={testimonialSchema}
          serverErrors={answer?.fieldErrors}
          cancelHref={LIST_PATH}
          submitLabel={item ? "Save Changes" : "Create Testimonial"}
          label={item ? "Edit testimonial" : "New testimonial"}
        >
          {(errors) => (
            <div className="grid gap-5 md:grid-cols-2">
              <TextAreaField
                name="quote"
                label="Quote"
                required
                rows={4}
                errors={errors}
                className="md:col-span-2"
                defaultValue={value("quote", item?.quote)}
              />
              <TextField
                name="author"
                label="Author"
                required
                errors={errors}
                defaultValue={value("author", item?.author)}
              />
              <TextField
                name="role"
                label="Role"
                errors={errors}
                defaultValue={value("role", item?.role)}
              />
              <TextField
                name="company"
                label="Company"
                errors={errors}
                defaultValue={value("company", item?.company)}
              />
              <SelectField
                name="rating"
                label="Rating"
                required
                errors={errors}
                options={RATING_OPTIONS}
                placeholder="Select a rating"
                defaultValue={value("rating", item?.rating ?? 5)}
              />
              <SelectField
                name="status"
                label="Status"
                errors={errors}
                options={STATUS_OPTIONS}
                placeholder="Select a status"
                defaultValue={value("status", item?.status ?? "published")}
              />
              <CheckboxField
                name="isFeatured"
                label="Featured"
                hint="Featured testimonials are shown on the home page."
                defaultChecked={values ? values.isFeatured === "on" : (item?.isFeatured ?? false)}
              />
            </div>
          )}
        </EditorForm>
      </div>
    </>
  );
}
