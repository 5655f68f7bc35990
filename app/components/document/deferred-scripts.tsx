import { Children, isValidElement, type ReactElement, type ReactNode, use } from "react";
import { Scripts, UNSAFE_FrameworkContext } from "react-router";
import { SharedRenderContext } from "~/lib/nonce";

type ElementProps = {
  rel?: string;
  href?: string;
  type?: string;
  children?: ReactNode;
  dangerouslySetInnerHTML?: { __html: string };
};

/** Every element of a tree of fragments, in document order. */
function flatten(node: ReactNode): ReactElement<ElementProps>[] {
  return Children.toArray(node).flatMap((child) => {
    if (!isValidElement<ElementProps>(child)) return [];
    return typeof child.type === "string" ? [child] : flatten(child.props.children);
  });
}

/** A value as a JavaScript literal that is safe inside an inline <script>. */
export function scriptLiteral(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The browser side of the loader: once the browser reports the first contentful paint, preload
 * every module in parallel, evaluate each of them but the `entry` one per task (decision 0422), then
 * run React Router's module script, which hydrates. The paint is reported after the frame is on
 * screen, so not one script competes with it. At once in a hidden tab, where no frame
 * is painted; after one frame where paint timing is missing; after 3 s at the latest.
 * `document.currentScript.nonce` lets the script and links it creates pass the CSP; on a shared
 * page there is no nonce and the module script passes by its hash (decision 0180).
 */
export function deferredLoader(moduleCode: string, modules: string[], entry: string): string {
  return `((code, modules, entry) => {
  const nonce = document.currentScript.nonce;
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const href of modules) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      link.nonce = nonce;
      document.head.append(link);
    }
    for (const href of modules) {
      if (href === entry) continue;
      await import(href).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve));
    }
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = nonce;
    script.textContent = code;
    document.body.append(script);
  };
  if (document.visibilityState === "hidden") return start();
  if (!window.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    return requestAnimationFrame(() => setTimeout(start));
  }
  new PerformanceObserver((entries, observer) => {
    if (!entries.getEntriesByName("first-contentful-paint").length) return;
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
  setTimeout(start, 3000);
})(${scriptLiteral(moduleCode)}, ${scriptLiteral(modules)}, ${scriptLiteral(entry)});`;
}

/**
 * React Router's `<Scripts>`, started after the first paint (decision 0130).
 *
 * `<Scripts>` puts a `modulepreload` for every module of the page in the head, so on a slow
 * phone connection ~110 KB of JavaScript competes with the stylesheet, the fonts and the hero
 * for the first paint, which needs none of it: the page is complete HTML. Here React Router
 * computes exactly what it would render; we keep its classic scripts (the hydration context that
 * the streamed loader data writes into) and hand its module list and module script to a small
 * inline loader that starts them once the first paint is on screen.
 *
 * Evaluated together, a page's modules (React, React DOM, React Router, the frame, the page's
 * routes) were one task of 60-120 ms on a phone (4x CPU), the longest after the first paint. The
 * loader evaluates each of them but the entry first, one per task (decision 0422): the module
 * script then finds them evaluated, and the entry, which hydrates, runs last as before.
 */
export function DeferredScripts({ nonce }: { nonce?: string }) {
  // Called as a function, not rendered: we need its elements to rearrange them. Its hooks run as
  // part of this component, identically on every render.
  const elements = flatten(Scripts({ nonce }));
  const entry = use(UNSAFE_FrameworkContext)?.manifest.entry.module ?? "";
  const added = use(SharedRenderContext)?.added;
  if (elements.length === 0) return null; // after hydration <Scripts> renders nothing

  const modules: string[] = [];
  let moduleCode = "";
  const kept: ReactElement[] = [];
  for (const element of elements) {
    const { rel, href, type, dangerouslySetInnerHTML } = element.props;
    if (element.type === "link" && rel === "modulepreload" && href) modules.push(href);
    else if (element.type === "script" && type === "module")
      moduleCode = dangerouslySetInnerHTML?.__html ?? "";
    else kept.push(element);
  }
  if (import.meta.env.SSR) added?.add(moduleCode);
  return (
    <>
      {kept}
      <script
        nonce={nonce}
        suppressHydrationWarning
        // Only the server's text matters (hydration keeps it): the browser bundle leaves it out.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own code; values via scriptLiteral
        dangerouslySetInnerHTML={{
          __html: import.meta.env.SSR ? deferredLoader(moduleCode, modules, entry) : "",
        }}
      />
    </>
  );
}
