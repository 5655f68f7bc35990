import { BOOKING_FRAME } from "~/copy/booking";
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
      height={BOOKING_FRAME.frameHeight}
      loading={lazy ? "lazy" : undefined}
      className={cn("block w-full border-0 bg-canvas", className)}
    />
  );
}

/** The polite live region that says a booking was made (shown while it has something to say). */
export function BookingStatus({ message, className }: { message: string; className?: string }) {
  return (
    <p role="status" className={message ? className : "sr-only"}>
      {message}
    </p>
  );
}
