import type { ComponentProps } from "react";
import { Link } from "react-router";
import { EditorHeading } from "~/components/admin/editor-form";
import { EditorFields } from "~/components/admin/editor-page";
import { ImageField } from "~/components/admin/image-field";
import {
  type Publishing,
  PublishingButtons,
  PublishingStatus,
} from "~/components/admin/publishing-controls";
import { buttonClass } from "~/components/admin/ui";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/forms/fields";
import { ToastMessageView } from "~/components/ui/toasts";
import { portfolioItemSchema } from "~/entities/portfolio-item/form";
import { PORTFOLIO_SERVICE_TYPE_LABELS } from "~/lib/values";

/** A portfolio item as the editor starts from it (the stored row, or its draft). */
export interface PortfolioFormItem {
  id: string;
  title: string;
  description: string | null;
  clientName: string | null;
  serviceType: string;
  status: string;
  isFeatured: boolean;
  completionDate: string | null;
  tags: string[];
  imageUrl: string | null;
  videoUrl: string | null;
  videoMediaId: string | null;
  projectUrl: string | null;
}

const SERVICE_TYPE_OPTIONS = Object.entries(PORTFOLIO_SERVICE_TYPE_LABELS).map(
  ([value, label]) => ({ value, label }),
);

/** The portfolio item's form, opened in place above the list (create or edit mode). */
export function PortfolioEditor({
  item,
  publishing,
  history,
  actionData,
  cancelHref,
  videos,
}: {
  item: PortfolioFormItem | null;
  /** The Media library's ready videos, to play instead of the Video URL. */
  videos: readonly { value: string; label: string }[];
  publishing: Publishing;
  history: string | null;
  actionData: ComponentProps<typeof EditorFields>["answer"];
  cancelHref: string;
}) {
  const headingId = "portfolio-editor-heading";
  return (
    <section
      aria-labelledby={headingId}
      className="mb-8 rounded-xl border border-line bg-surface p-4 sm:p-6"
    >
      <EditorHeading id={headingId}>
        {item ? `Edit “${item.title}”` : "New portfolio item"}
      </EditorHeading>
      <ToastMessageView message={actionData?.toast} />
      {item ? (
        <div className="mt-4">
          <PublishingStatus publishing={publishing}>
            {history ? (
              <Link to={history} className={buttonClass.secondary}>
                History
              </Link>
            ) : null}
          </PublishingStatus>
        </div>
      ) : null}
      <div className="mt-4">
        <EditorFields
          answer={actionData}
          schema={portfolioItemSchema}
          cancelHref={cancelHref}
          submitLabel={item ? "Save Changes" : "Create Item"}
          label={item ? "Edit portfolio item" : "New portfolio item"}
          buttons={(saving) => <PublishingButtons publishing={publishing} saving={saving} />}
          hidden={
            <>
              <input type="hidden" name="intent" value="save" />
              {item ? <input type="hidden" name="id" value={item.id} /> : null}
            </>
          }
        >
          {({ field, checkbox }) => (
            <>
              <TextField {...field("title", item?.title)} label="Title" required />
              <TextField {...field("clientName", item?.clientName)} label="Client Name" />
              <SelectField
                {...field("serviceType", item?.serviceType)}
                label="Service Type"
                required
                options={SERVICE_TYPE_OPTIONS}
                placeholder="Select a service type"
              />
              <TextAreaField
                {...field("description", item?.description)}
                label="Description"
                rows={4}
                className="md:col-span-2"
              />
              <TextField
                {...field("completionDate", item?.completionDate)}
                label="Completion Date"
                type="date"
              />
              <TextField
                {...field("tags", item?.tags.join(", "))}
                label="Tags"
                hint="Separate tags with commas."
              />
              <TextField {...field("videoUrl", item?.videoUrl)} label="Video URL" type="url" />
              <SelectField
                {...field("videoMediaId", item?.videoMediaId ?? undefined)}
                label="Video from the Media library"
                hint="Plays on the site instead of the Video URL."
                options={videos}
                placeholder="None"
              />
              <TextField
                {...field("projectUrl", item?.projectUrl)}
                label="Project URL"
                type="url"
              />
              <div className="md:col-span-2">
                <ImageField {...field("imageUrl", item?.imageUrl)} label="Image" />
              </div>
              <CheckboxField
                {...checkbox("isFeatured", item?.isFeatured ?? false)}
                label="Featured"
                hint="Featured items are shown on the service pages."
              />
            </>
          )}
        </EditorFields>
      </div>
    </section>
  );
}
