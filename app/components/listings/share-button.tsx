import { useEffect, useState } from "react";
import { PathIcon } from "~/components/listings/ui";
import { buttonClasses } from "~/components/ui/button";
import { CheckIcon } from "~/components/ui/icons";

/** Lucide's share-2. */
const SHARE_ICON =
  "M15 5a3 3 0 1 0 6 0 3 3 0 1 0-6 0M3 12a3 3 0 1 0 6 0 3 3 0 1 0-6 0m12 7a3 3 0 1 0 6 0 3 3 0 1 0-6 0m-6.41-5.49 6.83 3.98m-.01-10.98-6.82 3.98";

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers and insecure origins: the selection-based copy.
    const field = document.createElement("textarea");
    field.value = text;
    field.setAttribute("readonly", "");
    field.className = "fixed -left-[9999px] opacity-0";
    document.body.append(field);
    field.select();
    const copied = document.execCommand("copy");
    field.remove();
    return copied;
  }
}

/**
 * Share (SPEC): the native share sheet when the browser has one, else copy the page's URL and
 * say so. Before JavaScript runs it is an e-mail link, so it still does something.
 */
export function ShareButton({
  title,
  url,
  copy,
}: {
  title: string;
  url: string;
  /** 'Share' and what copying the link says (the page's copy). */
  copy: { share: string; copied: string; copyFailed: string };
}) {
  const [hydrated, setHydrated] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 4000);
    return () => clearTimeout(timer);
  }, [message]);

  const className = buttonClasses({ variant: "secondary", size: "sm" });

  return (
    <div className="flex flex-wrap items-center gap-3">
      {hydrated ? (
        <button
          type="button"
          className={className}
          onClick={async () => {
            const pageUrl = window.location.href.split("#")[0] ?? url;
            if (typeof navigator.share === "function") {
              try {
                await navigator.share({ title, url: pageUrl });
                return;
              } catch (error) {
                // The visitor closed the sheet: nothing to do.
                if (error instanceof DOMException && error.name === "AbortError") return;
              }
            }
            const ok = await copyText(pageUrl);
            setMessage({ ok, text: ok ? copy.copied : copy.copyFailed });
          }}
        >
          <PathIcon d={SHARE_ICON} />
          {copy.share}
        </button>
      ) : (
        <a
          className={className}
          href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}
        >
          <PathIcon d={SHARE_ICON} />
          {copy.share}
        </a>
      )}
      <p
        role="status"
        className={`flex items-center gap-1.5 text-sm ${message?.ok === false ? "text-ink-muted" : "text-success"}`}
      >
        {message ? (
          <>
            {message.ok ? <CheckIcon className="size-4" /> : null}
            {message.text}
          </>
        ) : null}
      </p>
    </div>
  );
}
