import { type ReactNode, useRef } from "react";
import { buttonClasses } from "~/components/ui/button";
import { prepareToasts, showToast } from "~/components/ui/toasts";
import type { CAREERS } from "~/copy/careers";
import { RESUME_ACCEPT, RESUME_EXTENSIONS, RESUME_MAX_BYTES } from "~/lib/forms/limits";
import { APPLICATION_TOO_LARGE } from "~/lib/forms/result";
import { APPLICATION_RULES } from "~/lib/forms/rules";
import {
  FileField,
  FormMessage,
  PublicFormFields,
  SelectField,
  TextAreaField,
  TextField,
} from "./fields";
import { useFetcherOutcome, usePublicForm } from "./form-check";

/**
 * The job application (SPEC sections 3 to 5), posted to the /careers action with the resume in
 * the same multipart request. In the dialog (JavaScript) the outcome is a toast and success closes
 * it; on the no-JavaScript page it is a message above the button. The resume is checked here for
 * quick feedback (type and 5 MB) and again, by content, on the server.
 */
export function ApplicationForm({
  position,
  copy,
  dialog,
  cancel,
  onSubmitted,
}: {
  position: string;
  copy: (typeof CAREERS)["form"];
  dialog: (typeof CAREERS)["dialog"];
  /** The Cancel control (a Dialog.Close in the dialog, a link on the page). */
  cancel: ReactNode;
  onSubmitted?: () => void;
}) {
  const { fetcher, result, formRef, formProps, check, errors, busy, values } =
    usePublicForm(APPLICATION_RULES);
  const resumeRef = useRef<HTMLInputElement>(null);

  // Once per answer: the dialog's onSubmitted is a new function on every render.
  useFetcherOutcome(fetcher, (answer) => {
    showToast({
      id: crypto.randomUUID(),
      kind: answer.status === "success" ? "success" : "error",
      title:
        answer.title ??
        (answer.status === "success" ? "Application Submitted" : "Submission Failed"),
      description: answer.message,
    });
    if (answer.status === "success") {
      formRef.current?.reset();
      onSubmitted?.();
      return;
    }
    if (answer.clear === "resume" && resumeRef.current) resumeRef.current.value = "";
    if (answer.fieldErrors) check.focusFirstInvalid();
  });

  function checkResume(input: HTMLInputElement) {
    const file = input.files?.[0];
    if (!file) return;
    const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
    if (file.size > RESUME_MAX_BYTES) {
      input.value = "";
      showToast({ id: crypto.randomUUID(), kind: "error", ...toToast(APPLICATION_TOO_LARGE) });
    } else if (!(RESUME_EXTENSIONS as readonly string[]).includes(extension)) {
      input.value = "";
      showToast({
        id: crypto.randomUUID(),
        kind: "error",
        title: "Upload Failed",
        description: "Resume must be a PDF or Word document (.pdf, .doc, .docx).",
      });
    }
  }

  return (
    <fetcher.Form
      {...formProps}
      encType="multipart/form-data"
      action={`/careers?apply=${encodeURIComponent(position)}#apply`}
      className="relative grid gap-5 md:grid-cols-2"
      key={values ? JSON.stringify(values) : position}
      onSubmit={(event) => {
        // The answer is a toast: load the toaster while the application is on its way.
        if (check.onSubmit(event)) prepareToasts();
      }}
    >
      <PublicFormFields errors={errors} values={values} labels={copy}>
        <TextField name="phone" type="tel" label={copy.phone} autoComplete="tel" />
        <TextField
          name="position_title"
          label={copy.position}
          required
          defaultValue={values?.position_title ?? position}
        />
        <FileField
          ref={resumeRef}
          name="resume"
          label={copy.resume}
          accept={RESUME_ACCEPT}
          hint={copy.resumeHint}
          onChange={(event) => checkResume(event.currentTarget)}
          className="md:col-span-2"
        />
        <TextAreaField
          name="cover_letter"
          label={copy.coverLetter}
          rows={5}
          className="md:col-span-2"
        />
        <TextField
          name="portfolio_url"
          type="url"
          label={copy.portfolioUrl}
          placeholder="https://"
        />
        <TextField name="linkedin_url" type="url" label={copy.linkedinUrl} placeholder="https://" />
        <TextField
          name="experience_years"
          type="number"
          min={0}
          inputMode="numeric"
          label={copy.experienceYears}
        />
        <TextField name="salary_expectation" label={copy.salaryExpectation} />
        <TextField name="availability_date" type="date" label={copy.availabilityDate} />
        <TextField name="location_preference" label={copy.locationPreference} />
        <SelectField
          name="remote_preference"
          label={copy.remotePreference}
          placeholder={copy.remotePreference}
          options={copy.remoteOptions}
          defaultValue={values?.remote_preference ?? "flexible"}
          className="md:col-span-2"
        />
        <TextAreaField
          name="additional_info"
          label={copy.additionalInfo}
          rows={3}
          className="md:col-span-2"
        />
        <div className="flex flex-col gap-4 md:col-span-2">
          {/* With JavaScript the server's answer is a toast; this line is for the no-JavaScript
            page, and for what the browser found before sending. */}
          <FormMessage result={check.summary ?? (fetcher.data ? null : result)} />
          <div className="flex flex-wrap justify-end gap-3">
            {cancel}
            <button type="submit" disabled={busy} aria-busy={busy} className={buttonClasses()}>
              {busy ? (
                <>
                  <span
                    aria-hidden="true"
                    className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
                  />
                  {dialog.submitting}
                </>
              ) : (
                dialog.submit
              )}
            </button>
          </div>
        </div>
      </PublicFormFields>
    </fetcher.Form>
  );
}

const toToast = (message: { title: string; message: string }) => ({
  title: message.title,
  description: message.message,
});
