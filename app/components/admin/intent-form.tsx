import type { ReactNode, Ref } from "react";
import { Form } from "react-router";
import { FormFields } from "~/components/forms/fields";
import type { FieldErrors } from "~/lib/forms/result";
import { buttonClass } from "./ui";

/**
 * A form posting one intent to its own route: the hidden intent, the form kit's fields in the
 * server's errors and values, then the rest (its button: `submit` names a plain one).
 */
export function IntentForm({
  intent,
  errors,
  values,
  className,
  fields,
  submit,
  children,
}: {
  intent: string;
  errors: FieldErrors | undefined;
  values?: Record<string, string>;
  className: string;
  fields: ReactNode;
  submit?: string;
  children?: ReactNode;
}) {
  return (
    <Form method="post" noValidate className={className}>
      <input type="hidden" name="intent" value={intent} />
      <FormFields look="admin" errors={errors} values={values}>
        {fields}
      </FormFields>
      {submit ? (
        <button type="submit" className={buttonClass.secondary}>
          {submit}
        </button>
      ) : null}
      {children}
    </Form>
  );
}

/** A row's button posting one intent about it (its id) to its own route. */
export function IntentButton({
  intent,
  id,
  label,
  buttonRef,
  children,
}: {
  intent: string;
  id: string;
  /** The button's name when its words alone do not say which row. */
  label?: string;
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button ref={buttonRef} type="submit" className={buttonClass.secondary} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
