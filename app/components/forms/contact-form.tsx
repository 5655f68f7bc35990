import { useEffect, useRef, useState } from "react";
import { BookingTrigger, useBooking } from "~/components/site/booking/booking";
import { schedulerUrl } from "~/components/site/booking/scheduler-url";
import { buttonClasses } from "~/components/ui/button";
import { BOOKING_FRAME } from "~/copy/booking";
import type { CONTACT } from "~/copy/contact";
import { trackContact, trackEvent } from "~/lib/analytics";
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENTS, MAX_ATTACHMENTS_MESSAGE } from "~/lib/forms/limits";
import { CONTACT_RULES } from "~/lib/forms/rules";
import { useHydrated } from "~/lib/use-hydrated";
import { FileField, FormMessage, PublicFormFields, SelectField, TextAreaField } from "./fields";
import { useFetcherOutcome, usePublicForm } from "./form-check";

/** What the upload endpoint answers (app/routes/resources/contact-attachments.ts). */
type UploadAnswer = { files: { id: string; name: string }[] } | { error: string; detail?: string };

const UPLOAD_URL = "/uploads/contact-attachments";
const UPLOAD_FAILED = "Failed to upload files. Please try again.";

/**
 * The Project Inquiry form (SPEC sections 2 to 5). With JavaScript, files upload as soon as they
 * are chosen ('Uploading...') and the inquiry carries their ids; without it, the files travel
 * with the form post. The server checks everything again either way.
 */
export function ContactForm({ copy }: { copy: (typeof CONTACT)["form"] }) {
  const { fields } = copy;
  const { fetcher, result, formRef, formProps, check, errors, busy, values } =
    usePublicForm(CONTACT_RULES);
  const hydrated = useHydrated();
  const { url: bookingUrl } = useBooking();
  const fileInput = useRef<HTMLInputElement>(null);
  const [attachments, setAttachments] = useState<{ id: string; name: string }[]>(
    result?.status === "error" ? (result.attachments ?? []) : [],
  );
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const atLimit = attachments.length >= MAX_ATTACHMENTS;

  // Success: clear every field and the attachments (SPEC section 4), and record the events.
  useFetcherOutcome(fetcher, (answer) => {
    if (answer.status === "success") {
      formRef.current?.reset();
      setAttachments([]);
      setUploadError(null);
      trackEvent("form_submission", "contact_form");
      trackContact();
      return;
    }
    if (answer.attachments) setAttachments(answer.attachments);
    if (answer.fieldErrors) check.focusFirstInvalid();
  });

  async function upload(files: File[]) {
    setUploadError(null);
    if (attachments.length + files.length > MAX_ATTACHMENTS) {
      setUploadError(MAX_ATTACHMENTS_MESSAGE);
      return;
    }
    const body = new FormData();
    for (const file of files) body.append("files", file);
    setUploading(true);
    try {
      const response = await fetch(UPLOAD_URL, { method: "POST", body });
      const answer = (await response.json()) as UploadAnswer;
      if ("files" in answer) setAttachments((current) => [...current, ...answer.files]);
      else setUploadError(answer.detail ? `${answer.error} ${answer.detail}` : answer.error);
    } catch {
      setUploadError(UPLOAD_FAILED);
    } finally {
      setUploading(false);
    }
  }

  // Files chosen before the scripts started are still in the input (React was not listening for
  // their change yet): upload them now, as if chosen now (decision 0162).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const input = fileInput.current;
    const early = [...(input?.files ?? [])];
    if (!input || early.length === 0) return;
    input.value = "";
    void upload(early);
  }, []);

  return (
    <fetcher.Form
      {...formProps}
      encType="multipart/form-data"
      action="/contact"
      className="relative grid gap-5 md:grid-cols-2"
      key={values ? JSON.stringify(values) : "empty"}
    >
      <PublicFormFields errors={errors} values={values} labels={fields}>
        <SelectField
          name="service"
          label={fields.service}
          placeholder={fields.servicePlaceholder}
          options={copy.services}
          className="md:col-span-2"
        />
        <SelectField
          name="budget"
          label={fields.budget}
          placeholder={fields.budgetPlaceholder}
          options={copy.budgets}
        />
        <SelectField
          name="timeline"
          label={fields.timeline}
          placeholder={fields.timelinePlaceholder}
          options={copy.timelines}
        />
        <TextAreaField
          name="description"
          label={fields.description}
          required
          rows={6}
          placeholder={fields.descriptionPlaceholder}
          className="md:col-span-2"
        />
        <div className="md:col-span-2">
          <FileField
            ref={fileInput}
            id="contact-attachments"
            name="attachments"
            label={fields.attachments}
            multiple
            accept={ATTACHMENT_ACCEPT}
            // With JavaScript the files go to the upload endpoint, so the input carries no name.
            postAs={hydrated ? null : "attachment_files"}
            disabled={hydrated && (uploading || atLimit || busy)}
            hint={uploading ? <span role="status">{copy.uploading}</span> : fields.attachmentsHint}
            errors={uploadError ? { attachments: [uploadError] } : undefined}
            announce
            onChange={(event) => {
              const files = [...(event.currentTarget.files ?? [])];
              event.currentTarget.value = "";
              if (files.length > 0) void upload(files);
            }}
          />
          {attachments.length > 0 ? (
            <ul className="mt-3 grid gap-2" aria-label={fields.attachedFiles}>
              {attachments.map((file) => (
                <li
                  key={file.id}
                  className="flex items-center justify-between gap-3 rounded-lg border border-line px-3 py-2 text-sm"
                >
                  <input type="hidden" name="attachments" value={file.id} />
                  <span className="truncate">{file.name}</span>
                  {hydrated ? (
                    <button
                      type="button"
                      aria-label={`${fields.remove} ${file.name}`}
                      className="text-ink-muted underline underline-offset-4 hover:text-accent"
                      onClick={() =>
                        setAttachments((current) => current.filter((f) => f.id !== file.id))
                      }
                    >
                      {fields.remove}
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-col gap-4 md:col-span-2">
          <FormMessage result={check.summary ?? result} />
          {/* The inquiry is in: the scheduler prefilled, a booking recorded on it (issue #30). */}
          {!check.summary && result?.status === "success" && result.booking ? (
            <BookingTrigger
              source="contact_success"
              handoff={result.booking}
              href={schedulerUrl(bookingUrl, result.booking)}
              className={buttonClasses({ variant: "secondary", className: "self-start" })}
            >
              {BOOKING_FRAME.bookNow}
            </BookingTrigger>
          ) : null}
          <button
            type="submit"
            disabled={busy || uploading}
            className={buttonClasses({ size: "lg", className: "self-start" })}
          >
            {busy ? copy.submitting : copy.submit}
          </button>
        </div>
      </PublicFormFields>
    </fetcher.Form>
  );
}
