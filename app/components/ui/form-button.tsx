import type { ComponentProps } from "react";
import { buttonClasses, type Look } from "~/components/ui/button";

/**
 * The kit's `<button>` in the one button look. A module of its own: the public pages' shared
 * chunk holds button.tsx, and only the review room's screens use this one, so the site does not
 * carry it (the page-weight budget).
 */
export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & Look) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
