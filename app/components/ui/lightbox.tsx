import { Dialog } from "radix-ui";
import { useRef } from "react";
import { wrapIndex } from "~/lib/wrap-index";
import { ChevronLeft, ChevronRight, XIcon } from "./icons";

export interface LightboxImage {
  src: string;
  alt: string;
  title?: string | null;
}

export interface LightboxLabels {
  previous: string;
  next: string;
  close: string;
}

const LABELS: LightboxLabels = { previous: "Previous image", next: "Next image", close: "Close" };

/**
 * The one lightbox (portfolio, case studies, wedding gallery): an accessible image viewer (Radix
 * Dialog: focus trapped, Escape and a click outside close it, focus returns to the image that
 * opened it). Arrow keys and the buttons move through the images with wrap-around; the position
 * shows as 'n / total'. Load it through `LazyLightbox`.
 */
export interface LightboxProps {
  images: readonly LightboxImage[];
  /** The open image, or null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** The dialog's name; the open image's alt text when not given. */
  label?: string;
  labels?: LightboxLabels;
}

export function Lightbox({ images, index, onIndexChange, label, labels = LABELS }: LightboxProps) {
  const total = images.length;
  // Without a Dialog.Trigger, Radix returns focus nowhere: remember what opened the lightbox.
  const opener = useRef<Element | null>(
    typeof document === "undefined" ? null : document.activeElement,
  );
  const current = index === null ? undefined : images[index];
  const go = (step: number) => {
    if (index !== null && total > 0) onIndexChange(wrapIndex(index + step, total));
  };

  return (
    <Dialog.Root
      open={current !== undefined}
      onOpenChange={(open) => {
        if (!open) onIndexChange(null);
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-canvas/95 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            if (opener.current instanceof HTMLElement) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed inset-0 z-50 flex flex-col items-center justify-center p-4 focus:outline-none sm:p-10"
          onKeyDown={(event) => {
            if (event.key === "ArrowRight") {
              event.preventDefault();
              go(1);
            } else if (event.key === "ArrowLeft") {
              event.preventDefault();
              go(-1);
            }
          }}
        >
          <Dialog.Title className="sr-only">{label ?? current?.alt}</Dialog.Title>
          {current ? (
            <figure className="flex max-h-full w-full max-w-6xl flex-col items-center gap-4">
              <img
                key={current.src}
                src={current.src}
                alt={current.alt}
                width={1600}
                height={900}
                className="max-h-[75dvh] w-auto max-w-full rounded-card object-contain"
              />
              <figcaption className="flex items-center gap-4 text-sm text-ink-muted">
                <span aria-live="polite" className="font-semibold text-ink tabular-nums">
                  {(index ?? 0) + 1} / {total}
                </span>
                {current.title ? <span>{current.title}</span> : null}
              </figcaption>
            </figure>
          ) : null}
          {total > 1 ? (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label={labels.previous}
                className="absolute left-3 top-1/2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-surface/80 text-ink hover:border-ink sm:left-6"
              >
                <ChevronLeft className="size-6" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label={labels.next}
                className="absolute right-3 top-1/2 flex size-12 -translate-y-1/2 items-center justify-center rounded-full border border-line bg-surface/80 text-ink hover:border-ink sm:right-6"
              >
                <ChevronRight className="size-6" />
              </button>
            </>
          ) : null}
          <Dialog.Close
            aria-label={labels.close}
            className="absolute right-3 top-3 flex size-12 items-center justify-center rounded-full border border-line bg-surface/80 text-ink hover:border-ink sm:right-6 sm:top-6"
          >
            <XIcon className="size-6" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
