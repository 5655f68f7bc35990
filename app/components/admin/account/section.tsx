import type { ReactNode, Ref } from "react";
import { useNavigation } from "react-router";
import { IntentForm } from "~/components/admin/intent-form";
import { buttonClass } from "~/components/admin/ui";
import type { FieldErrors } from "~/lib/forms/result";

/** What the account page's action answers in place (a refused form, or new recovery codes). */
export interface AccountAnswer {
  form: "password" | "two-factor";
  fieldErrors: FieldErrors;
  recoveryCodes?: string[];
  /** The codes are new ones replacing the old (not the first ones of turning it on). */
  regenerated?: boolean;
}

/** One section of "Your account": a bordered panel with its heading. */
export function Section({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  /** Set when the page moves focus to this section's heading. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="rounded-lg border border-line bg-surface p-4 sm:p-6"
    >
      <h2
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
        className="mb-3 font-display text-lg font-bold"
      >
        {title}
      </h2>
      {children}
    </section>
  );
}

function useSubmitting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/** One of the page's small forms: its intent, its fields (the form kit), one button. */
export function AccountForm({
  intent,
  answer,
  button,
  busyLabel,
  variant,
  children,
}: {
  intent: string;
  answer: AccountAnswer | undefined;
  button: string;
  /** The button's words while this form is being sent. */
  busyLabel?: string;
  variant: "primary" | "secondary" | "danger";
  children: ReactNode;
}) {
  const submitting = useSubmitting(intent);
  return (
    <IntentForm
      intent={intent}
      errors={answer?.fieldErrors}
      className="grid gap-4 sm:max-w-sm"
      fields={children}
    >
      <button type="submit" disabled={submitting} className={`${buttonClass[variant]} w-fit`}>
        {submitting && busyLabel ? busyLabel : button}
      </button>
    </IntentForm>
  );
}
