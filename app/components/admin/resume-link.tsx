import { FileDown } from "lucide-react";
import type { MouseEvent } from "react";
import { showToast } from "~/components/ui/toasts";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClass } from "./ui";

/**
 * Opens an application's resume in a new tab through a signed link made at the moment of the click
 * (valid 60 s). Without JavaScript the link itself does it (a 302 to the signed link); with it the
 * page asks for the link first, so a failure is a toast instead of an error in the new tab.
 */
export function ResumeLink({ applicationId, name }: { applicationId: string; name: string }) {
  const hydrated = useHydrated();
  const href = `/admin/job-applications/${applicationId}/resume`;

  async function open(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    // Open the tab now, inside the click, or the popup blocker stops it after the await.
    const tab = window.open("", "_blank");
    try {
      const response = await fetch(href, { headers: { Accept: "application/json" } });
      const body = (await response.json().catch(() => ({}))) as { url?: string; error?: string };
      if (!response.ok || !body.url) throw new Error(body.error ?? "Failed to open the resume");
      if (tab) {
        tab.opener = null;
        tab.location.href = body.url;
      } else {
        window.location.href = body.url;
      }
    } catch (error) {
      tab?.close();
      console.error("resume download failed", error);
      showToast({
        id: crypto.randomUUID(),
        kind: "error",
        title: "Error",
        description: error instanceof Error ? error.message : "Failed to open the resume",
      });
    }
  }

  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      onClick={hydrated ? open : undefined}
      className={buttonClass.secondary}
    >
      <FileDown aria-hidden="true" className="size-4" />
      Resume<span className="sr-only"> of {name}</span>
    </a>
  );
}
