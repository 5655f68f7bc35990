import { useEffect, useState } from "react";
import { buttonClass } from "~/components/admin/ui";

/**
 * "Copy" to the clipboard, with JavaScript only: shown once the page is hydrated, so what it
 * copies must be on the page as text too (selectable without it). A polite live region says
 * whether it worked (not a second `status` beside the one the page may have).
 */
export function CopyButton({
  text,
  label,
  name,
  failed,
}: {
  text: string;
  /** The button's text: "Copy", "Copy the codes". */
  label: string;
  /** The button's accessible name, when its text alone does not say what is copied. */
  name?: string;
  /** What the status says when the clipboard refused. */
  failed: string;
}) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState<"copied" | "failed" | null>(null);
  useEffect(() => setHydrated(true), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied("copied");
    } catch {
      setCopied("failed");
    }
  };
  return (
    <>
      {hydrated ? (
        <button
          type="button"
          onClick={copy}
          aria-label={name}
          className={`${buttonClass.secondary} w-fit`}
        >
          {label}
        </button>
      ) : null}
      <span aria-live="polite" className="text-sm text-ink-muted">
        {copied === "copied" ? "Copied." : copied === "failed" ? failed : ""}
      </span>
    </>
  );
}
