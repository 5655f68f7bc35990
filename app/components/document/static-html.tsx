import { type ComponentProps, useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useHydrated } from "~/lib/use-hydrated";

/** The same object on every render: React compares it by identity and never rewrites the HTML. */
const SERVER_HTML = { __html: "" };

/**
 * A part of a page that the browser keeps as the server rendered it: hydration does not render or
 * reconcile its children (decision 0282). Only for content without state or handlers of its own
 * (copy, stats, client names, link lists); what it shows must not change while the page is open.
 *
 * During hydration the element is rendered with an empty `dangerouslySetInnerHTML`, which React
 * does not compare with the DOM in a production build: the server's children stay and cost no
 * script. Mounted later (a client-side navigation) it renders its children as usual. Its links
 * that React Router's `<Link>` rendered (`data-discover`) still navigate on the client: one click
 * listener here does what each `<Link>` would.
 */
export function StaticHtml({ children, ...props }: ComponentProps<"div">) {
  const hydrated = useHydrated();
  // Decided once, at mount: true only for the parts present in the server's HTML.
  const [keepServerHtml] = useState(!hydrated && !import.meta.env.SSR);
  const navigate = useNavigate();
  // A listener of its own rather than React's onClick: it is not a control, only the links in it are.
  const followLinks = useCallback(
    (element: HTMLDivElement | null) => {
      const onClick = (event: MouseEvent) => {
        const link = (event.target as Element).closest<HTMLAnchorElement>("a[data-discover]");
        if (
          !link ||
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.altKey ||
          event.ctrlKey ||
          event.shiftKey ||
          (link.target && link.target !== "_self") ||
          link.origin !== window.location.origin
        ) {
          return;
        }
        event.preventDefault();
        navigate(`${link.pathname}${link.search}${link.hash}`);
      };
      element?.addEventListener("click", onClick);
      return () => element?.removeEventListener("click", onClick);
    },
    [navigate],
  );
  if (keepServerHtml) {
    return (
      <div
        {...props}
        ref={followLinks}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: empty; keeps the server's children
        dangerouslySetInnerHTML={SERVER_HTML}
      />
    );
  }
  return <div {...props}>{children}</div>;
}
