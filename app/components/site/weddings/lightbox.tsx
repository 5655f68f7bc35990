import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { largestImage } from "~/lib/images";
import { ChevronLeft, ChevronRight, XIcon } from "../../ui/icons";
import { wrapIndex } from "./wrap";

/** The lightbox (loaded on first use): Radix dialog, arrow keys, 'n / total'. */
export default function Lightbox({
  photos,
  index,
  onIndexChange,
  onClose,
  returnFocusTo,
  labels,
}: {
  photos: readonly { src: string; alt: string }[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
  labels: { previous: string; next: string; close: string };
}) {
  const photo = photos[index];
  if (!photo) return null;
  const total = photos.length;
  const go = (step: number) => onIndexChange(wrapIndex(index + step, total));
  const nav =
    "grid size-12 place-items-center rounded-full border border-line bg-canvas/70 text-ink backdrop-blur hover:border-ink";

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay fixed inset-0 z-50 bg-black/90" />
        <Dialog.Content
          className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-4 p-4 md:p-10"
          onKeyDown={(event) => {
            if (event.key === "ArrowLeft") go(-1);
            if (event.key === "ArrowRight") go(1);
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <Dialog.Title className="sr-only">{photo.alt}</Dialog.Title>
          <Dialog.Description className="sr-only">
            Photo {index + 1} of {total}. Use the arrow keys to move between photos.
          </Dialog.Description>
          <img
            key={photo.src}
            src={largestImage(photo.src)}
            alt={photo.alt}
            className="max-h-[78dvh] w-auto max-w-full rounded-xl object-contain"
          />
          <div className="flex items-center gap-4">
            <button
              type="button"
              aria-label={labels.previous}
              className={nav}
              onClick={() => go(-1)}
            >
              <ChevronLeft className="size-5" />
            </button>
            <p
              aria-live="polite"
              className="min-w-16 text-center font-display text-sm tabular-nums text-ink"
            >
              {index + 1} / {total}
            </p>
            <button type="button" aria-label={labels.next} className={nav} onClick={() => go(1)}>
              <ChevronRight className="size-5" />
            </button>
          </div>
          <Dialog.Close
            aria-label={labels.close}
            className={`${nav} absolute top-4 right-4 md:top-6 md:right-6`}
          >
            <XIcon className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
