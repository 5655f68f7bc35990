import { BOOKING } from "~/copy/site";
import { cn } from "~/lib/cn";

/**
 * The external scheduling page in a frame of height 600 (SPEC section 2), as wide as its box:
 * the width is CSS (`w-full`), as HTML's width attribute takes pixels only.
 */
export function BookingFrame({
  url,
  title,
  className,
  lazy = false,
}: {
  url: string;
  title: string;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <iframe
      src={url}
      title={title}
      height={BOOKING.frameHeight}
      loading={lazy ? "lazy" : undefined}
      className={cn("block w-full border-0 bg-canvas", className)}
    />
  );
}

/** The inline variant: only the frame, titled 'Schedule a consultation'. */
export function BookingInline({ url, className }: { url: string; className?: string }) {
  return (
    <div className={cn("overflow-hidden rounded-card border border-line", className)}>
      <BookingFrame url={url} title={BOOKING.inlineTitle} lazy />
    </div>
  );
}
