import {
  type FocusEvent,
  type FormEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { type FetcherWithComponents, useActionData, useFetcher } from "react-router";
import { CHECK_FIELDS, type FieldErrors as Errors, type FormResult } from "~/lib/forms/result";
import { checkValue, checkValues, type FormRules } from "~/lib/forms/rules";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The browser's check of a public form (decision 0160), shared by every public form. The form is
 * `noValidate`, so the browser's own bubbles never replace SPEC's texts; on submit the zod-free
 * `rules` run, and if a field fails nothing is sent: the messages show under their fields
 * (aria-invalid and aria-describedby through the fields), a summary alert says so, and focus
 * goes to the first invalid field. After that, a flagged field is checked again as it changes and
 * on blur. The server checks everything again either way and its answer replaces these findings.
 */
export function useFormCheck(
  rules: FormRules,
  formRef: RefObject<HTMLFormElement | null>,
  serverErrors: Errors | undefined,
) {
  const [own, setOwn] = useState<Errors | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);
  const errors = own ?? serverErrors;

  // A new answer from the server replaces the browser's findings.
  useEffect(() => {
    if (serverErrors) setOwn(null);
  }, [serverErrors]);

  // After the fields have rendered their messages (and aria-invalid).
  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formRef]);

  const focusFirstInvalid = useCallback(() => setFocusRequest((count) => count + 1), []);

  function onSubmit(event: FormEvent<HTMLFormElement>): boolean {
    const form = event.currentTarget;
    const found = checkValues(rules, (name) => {
      const value = new FormData(form).get(name);
      return typeof value === "string" ? value : "";
    });
    if (Object.keys(found).length === 0) {
      setOwn({}); // what is sent is fine: earlier messages go
      return true;
    }
    event.preventDefault();
    setOwn(found);
    focusFirstInvalid();
    return false;
  }

  /** A field that shows a message is checked again as the visitor mends it. */
  function recheck(event: FormEvent<HTMLFormElement> | FocusEvent<HTMLFormElement>) {
    const field = event.target as Control;
    const checks = rules[field.name];
    if (!checks || !errors?.[field.name]) return;
    const message = checkValue(checks, field.value);
    if (message === errors[field.name]?.[0]) return;
    setOwn({ ...errors, [field.name]: message ? [message] : undefined });
  }

  const failed = own ? Object.values(own).some((list) => list?.length) : false;
  return {
    errors,
    focusFirstInvalid,
    /** The browser found errors: the alert above the button (the server's words for the same). */
    summary: failed ? ({ status: "error", message: CHECK_FIELDS } satisfies FormResult) : null,
    /** Spread on the form, with its own onSubmit calling `onSubmit` first. */
    props: { noValidate: true, onChange: recheck, onBlur: recheck },
    onSubmit,
  };
}

/**
 * Runs `handle` once per answer of `fetcher` (not once per render or effect run: a parent's new
 * callback on every render made the application toast twice, issue #11).
 */
export function useFetcherOutcome(
  fetcher: Pick<FetcherWithComponents<FormResult>, "state" | "data">,
  handle: (answer: FormResult) => void,
) {
  const handled = useRef<FormResult | undefined>(undefined);
  const latest = useRef(handle);
  latest.current = handle;
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || !answer || handled.current === answer) return;
    handled.current = answer;
    latest.current(answer);
  }, [fetcher.state, fetcher.data]);
}

/** The field errors of an answer, if it is a failure. */
export const errorsOf = (result: FormResult | undefined): Errors | undefined =>
  result?.status === "error" ? result.fieldErrors : undefined;

/**
 * What every public form starts with: its fetcher (with JavaScript) or the page's action data
 * (without), the answer either way, what to refill after a refused post, and the browser's check.
 */
export function usePublicForm(rules: FormRules) {
  const fetcher = useFetcher<FormResult>();
  const posted = useActionData<FormResult>();
  const result = fetcher.data ?? posted;
  const formRef = useRef<HTMLFormElement>(null);
  const check = useFormCheck(rules, formRef, errorsOf(result));
  return {
    fetcher,
    result,
    formRef,
    check,
    errors: check.errors,
    busy: fetcher.state !== "idle",
    values: result?.status === "error" ? result.values : undefined,
    /**
     * Spread on the `fetcher.Form`: its ref, method and the browser's check (an onSubmit of the
     * form's own goes after it and calls `check.onSubmit` first).
     */
    formProps: { ref: formRef, method: "post" as const, ...check.props, onSubmit: check.onSubmit },
  };
}
