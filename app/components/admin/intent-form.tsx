import type { ReactNode } from "react";
import { Form } from "react-router";
import { FormFields } from "~/components/forms/fields";
import type { FieldErrors } from "~/lib/forms/result";

/**
 * A form posting one intent to its own route: the hidden intent, the form kit's fields in the
 * server's errors and values, then the rest (its button).
 */
export function IntentForm({
  intent,
  errors,
  values,
  className,
  fields,
  children,
}: {
  intent: string;
  errors: FieldErrors | undefined;
  values?: Record<string, string>;
  className: string;
  fields: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" noValidate className={className}>
      <input type="hidden" name="intent" value={intent} />
      <FormFields look="admin" errors={errors} values={values}>
        {fields}
      </FormFields>
      {children}
    </Form>
  );
}
