import { Check, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { BLOG_POST_COPY } from "~/content/content-pages";

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
export function ShareButton({ title, url }: { title: string; url: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 4000);
    return () => clearTimeout(timer);
  }, [message]);

  const className =
    "inline-flex items-center gap-2 rounded-full border border-line px-5 py-2.5 text-sm font-semibold transition-colors hover:border-ink";

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
            setMessage({ ok, text: ok ? BLOG_POST_COPY.copied : BLOG_POST_COPY.copyFailed });
          }}
        >
          <Share2 aria-hidden="true" className="size-4" />
          {BLOG_POST_COPY.share}
        </button>
      ) : (
        <a
          className={className}
          href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}
        >
          <Share2 aria-hidden="true" className="size-4" />
          {BLOG_POST_COPY.share}
        </a>
      )}
      <p
        role="status"
        className={`flex items-center gap-1.5 text-sm ${message?.ok === false ? "text-ink-muted" : "text-success"}`}
      >
        {message ? (
          <>
            {message.ok ? <Check aria-hidden="true" className="size-4" /> : null}
            {message.text}
          </>
        ) : null}
      </p>
    </div>
  );
}
