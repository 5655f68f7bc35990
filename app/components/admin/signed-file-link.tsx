import type { MouseEvent, ReactNode } from "react";
import { showToast } from "~/components/ui/toasts";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * Opens a private file (a resume, an inquiry's attachment) in a new tab through a signed link that
 * its admin route makes at the moment of the click, valid 60 s (server/route-kit/stored-file.ts).
 * Without JavaScript the link itself does it (a 302 to the signed link); with it the page asks for
 * the link first, so a failure is a toast instead of an error in the new tab.
 */
export function SignedFileLink({
  href,
  failedMessage,
  className,
  children,
}: {
  /** The admin route that answers the signed link. */
  href: string;
  /** The toast when the route gives no message of its own. */
  failedMessage: string;
  className: string;
  children: ReactNode;
}) {
  const hydrated = useHydrated();

  async function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Open the tab now, inside the click, or the popup blocker stops it after the await.
    const tab = window.open("", "_blank");
    try {
      const response = await fetch(href, { headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !body.url) throw new Error(body.error ?? failedMessage);
      if (tab) {
        tab.opener = null;
        tab.location.href = body.url;
      } else {
        window.location.href = body.url;
      }
    } catch (error) {
      tab?.close();
      console.error("signed file link failed", href, error);
      showToast({
        id: crypto.randomUUID(),
        kind: "error",
        title: "Error",
        description: error instanceof Error ? error.message : failedMessage,
      });
    }
  }

  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      onClick={hydrated ? open : undefined}
      className={className}
    >
      {children}
    </a>
  );
}
