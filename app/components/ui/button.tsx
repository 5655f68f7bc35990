import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/**
 * Buttons and button-looking links, of the public site and the back-office: one look for both.
 * The back-office uses the `dense` size (see `buttonClass` in app/components/admin/ui.tsx).
 */

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "md" | "lg" | "sm" | "dense";

export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  // The looks themselves are component classes in app.css.
  return cn(
    "btn",
    `btn-${options.variant ?? "primary"}`,
    `btn-${options.size ?? "md"}`,
    options.className,
  );
}

export type Look = { variant?: ButtonVariant; size?: ButtonSize };

export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<typeof Link> & Look) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
