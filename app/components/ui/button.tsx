import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";

/** Buttons and button-looking links: one look for both. */

export type ButtonVariant = "primary" | "secondary" | "ghost";
export type ButtonSize = "md" | "lg" | "sm";

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

type Look = { variant?: ButtonVariant; size?: ButtonSize };

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & Look) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<typeof Link> & Look) {
  return <Link className={buttonClasses({ variant, size, className })} {...props} />;
}
