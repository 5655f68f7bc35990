import { AlertDialog } from "radix-ui";
import { type FormEvent, useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import { listSearch } from "~/lib/list-return";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass } from "./ui";

export const DELETE_CONSEQUENCE = "will be removed from the website. This cannot be undone.";

/**
 * Delete after confirmation (SPEC section 5). With JavaScript: an accessible alert dialog (focus
 * moves in and is trapped, Escape and Cancel close it, focus returns to the button). Without:
 * the button leads to a confirmation page (`confirmHref`) whose form does the delete. Either way
 * the list's search, filter and page go along, so the admin returns to the rows they were on.
 */
export function DeleteButton({
  confirmHref,
  itemName,
  noun,
  verb = "Delete",
  consequence = DELETE_CONSEQUENCE,
}: {
  confirmHref: string;
  itemName: string;
  /** "case study", "testimonial", "team member". */
  noun: string;
  /** The button's word: "Delete", or "Remove" or "Deactivate" (a staff account). */
  verb?: "Delete" | "Remove" | "Deactivate";
  /** What follows the quoted name in the question. */
  consequence?: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [searchParams] = useSearchParams();
  const confirmUrl = `${confirmHref}${listSearch(searchParams)}`;
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";

  // Close once the delete has been answered and the list has reloaded (without the row, or with
  // the error toast): fetcher.submit resolves then. Watching fetcher.state for its busy-to-idle
  // edge instead missed the edge on a slow device, where React may skip a transition's in-between
  // render: the dialog stayed open, and the page behind it, toasts included, stayed hidden.
  async function remove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await fetcher.submit(event.currentTarget, { preventScrollReset: true });
    setOpen(false);
  }

  const label = (
    <>
      {verb}
      <span className="sr-only"> {itemName}</span>
    </>
  );
  if (!hydrated) {
    return (
      <form method="get" action={confirmHref}>
        {/* A GET form's action drops its query: the list's own query goes as fields. */}
        {[...new URLSearchParams(listSearch(searchParams))].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={buttonClass.danger}>
          {label}
        </button>
      </form>
    );
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className={buttonClass.danger}>{label}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/70" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-line bg-surface p-6 shadow-2xl">
          <AlertDialog.Title className="font-display text-lg font-bold">
            {verb} this {noun}?
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-ink-muted">
            “{itemName}” {consequence}
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={buttonClass.secondary} disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <form method="post" action={confirmUrl} onSubmit={remove}>
              <button
                type="submit"
                className={`${buttonClass.danger} bg-danger/10`}
                disabled={busy}
              >
                {busy ? `${verb.slice(0, -1)}ing…` : verb}
              </button>
            </form>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
