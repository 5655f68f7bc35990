import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/**
 * A titled part of a working screen (a back-office page, the review room): a section named by
 * its heading, with the screens' one gap.
 */
export function Panel({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn("flex flex-col gap-3", className)}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
