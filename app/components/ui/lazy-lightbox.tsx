import { lazy, Suspense } from "react";
import type { LightboxProps } from "./lightbox";

/**
 * The lightbox, loaded on first use: the dialog code (Radix) stays out of the page's initial
 * JavaScript. Pointing at or focusing an image starts the download early.
 */
const load = () => import("./lightbox");
const Lightbox = lazy(() => load().then((module) => ({ default: module.Lightbox })));

export function preloadLightbox() {
  void load();
}

export function LazyLightbox(props: LightboxProps) {
  if (props.index === null) return null;
  return (
    <Suspense fallback={null}>
      <Lightbox {...props} />
    </Suspense>
  );
}
