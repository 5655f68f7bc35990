import { Form, Link } from "react-router";
import { DELETE_CONSEQUENCE } from "./delete-button";
import { buttonClass } from "./ui";

/**
 * The confirmation step of a deletion without JavaScript (decision 0054): a page with Cancel back
 * to the list and a Delete that posts to the same address.
 */
export function ConfirmDeletePanel({
  noun,
  name,
  listPath,
  verb = "Delete",
  consequence = DELETE_CONSEQUENCE,
}: {
  noun: string;
  name: string;
  listPath: string;
  verb?: "Delete" | "Remove" | "Deactivate";
  consequence?: string;
}) {
  return (
    <section
      aria-labelledby="confirm-title"
      className="max-w-lg rounded-xl border border-line bg-surface p-6"
    >
      <h1 id="confirm-title" className="font-display text-xl font-bold">
        {verb} this {noun}?
      </h1>
      <p className="mt-2 text-sm text-ink-muted">
        “{name}” {consequence}
      </p>
      <div className="mt-6 flex justify-end gap-2">
        <Link to={listPath} className={buttonClass.secondary}>
          Cancel
        </Link>
        <Form method="post">
          <button type="submit" className={`${buttonClass.danger} bg-danger/10`}>
            {verb}
          </button>
        </Form>
      </div>
    </section>
  );
}
