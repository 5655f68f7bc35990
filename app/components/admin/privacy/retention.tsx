import { IntentForm } from "~/components/admin/intent-form";
import { buttonClass } from "~/components/admin/ui";
import { TextField } from "~/components/forms/fields";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * "Retention": how many months inquiries, applications and the review room's reviewers and comments
 * are kept once done with.
 */
export function RetentionSection({
  errors,
  values,
  saving,
}: {
  errors: FieldErrors | undefined;
  /** What was sent after a refused post, else the stored periods. */
  values: Record<string, string>;
  saving: boolean;
}) {
  return (
    <section aria-labelledby="retention-heading" className="mb-10 max-w-3xl">
      <h2 id="retention-heading" className="mb-3 font-display text-lg font-bold">
        Retention
      </h2>
      <IntentForm
        intent="retention"
        errors={errors}
        values={values}
        className="flex flex-col gap-4 rounded-lg border border-line bg-surface p-4"
        fields={
          <>
            <TextField
              id="retention-inquiries"
              name="inquiry_months"
              label="Inquiries and their attachments: months after they are closed"
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
            />
            <TextField
              id="retention-applications"
              name="application_months"
              label="Applications and resumes: months after a final status (hired or rejected)"
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
            />
            <TextField
              id="retention-reviews"
              name="review_months"
              label="Reviewers and their comments: months after the project is delivered or archived"
              type="number"
              inputMode="numeric"
              min={1}
              max={120}
            />
          </>
        }
      >
        <p className="text-sm text-ink-muted">
          A daily job deletes what has outlived its period, rows and stored files together, and
          writes one entry on the audit log with the counts. A project's approvals (who approved
          which file, when) are kept. The privacy page states these periods.
        </p>
        <div>
          <button type="submit" disabled={saving} className={buttonClass.primary}>
            Save retention
          </button>
        </div>
      </IntentForm>
    </section>
  );
}
