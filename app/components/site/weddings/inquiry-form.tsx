import {
  FormMessage,
  PublicFormFields,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/forms/fields";
import { useFetcherOutcome, usePublicForm } from "~/components/forms/form-check";
import { buttonClasses } from "~/components/ui/button";
import type { WEDDINGS } from "~/copy/weddings";
import { WEDDING_RULES } from "~/lib/forms/rules";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * The wedding inquiry form. It posts to the /weddings action, which stores an inquiry with its
 * wedding fields and notifies the studio. Without JavaScript it is a plain post that comes back
 * to this form (#inquire); with JavaScript it stays on the page and clears itself on success.
 */
export function WeddingInquiryForm({ form }: { form: (typeof WEDDINGS)["form"] }) {
  const { fields, budgetOptions, submit, sending } = form;
  const { fetcher, result, formRef, formProps, check, errors, busy, values } =
    usePublicForm(WEDDING_RULES);
  const hydrated = useHydrated();

  useFetcherOutcome(fetcher, (answer) => {
    if (answer.status === "success") formRef.current?.reset();
    else if (answer.fieldErrors) check.focusFirstInvalid();
  });

  return (
    <fetcher.Form
      {...formProps}
      action={hydrated ? "/weddings" : "/weddings#inquire"}
      className="relative grid gap-5 md:grid-cols-2"
      // A new key after a no-JavaScript post, so the inputs take the returned values.
      key={values ? JSON.stringify(values) : "empty"}
    >
      <PublicFormFields errors={errors} values={values} labels={fields}>
        <TextField name="wedding_date" type="date" label={fields.weddingDate} />
        <TextField name="location" label={fields.location} />
        <SelectField
          name="budget"
          label={fields.budgetRange}
          placeholder={fields.budgetPlaceholder}
          options={budgetOptions}
          className="md:col-span-2"
        />
        <TextAreaField
          name="vision"
          label={fields.vision}
          rows={5}
          placeholder={fields.visionPlaceholder}
          className="md:col-span-2"
        />
        <div className="flex flex-col gap-4 md:col-span-2">
          <FormMessage result={check.summary ?? result} />
          <button
            type="submit"
            disabled={busy}
            className={buttonClasses({ size: "lg", className: "self-start" })}
          >
            {busy ? sending : submit}
          </button>
        </div>
      </PublicFormFields>
    </fetcher.Form>
  );
}
