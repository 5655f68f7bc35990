import { type ComponentProps, lazy } from "react";
import type { ApplicationForm } from "~/components/forms/application-form";

/**
 * The application form as a section of /careers (`?apply=<title>`: Apply Now without JavaScript,
 * or a shared link). The server renders it in full, in the page's HTML, so it works before and
 * without scripts. In the browser its code (shared with the dialog) is loaded only when the
 * section is shown, so plain /careers does not carry it in its first JavaScript; on an `?apply=`
 * page, hydration waits for it and keeps the server's HTML meanwhile.
 *
 * No Suspense boundary here on purpose: React streams a large boundary out of order (hidden until
 * an inline script reveals it), which would hide the form from visitors without JavaScript.
 */
const Form = import.meta.env.SSR
  ? (await import("~/components/forms/application-form")).ApplicationForm
  : lazy(() =>
      import("~/components/forms/application-form").then((module) => ({
        default: module.ApplicationForm,
      })),
    );

export function InlineApplicationForm(props: ComponentProps<typeof ApplicationForm>) {
  return <Form {...props} />;
}
