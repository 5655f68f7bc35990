import { useLocation, useRevalidator } from "react-router";
import { PathIcon } from "~/components/listings/ui";
import { buttonClasses } from "~/components/ui/button";
import { ErrorPanel } from "~/components/ui/error-panel";

/** Lucide's refresh-cw. */
const RETRY_ICON =
  "M3 12a9 9 0 0 1 9-9 9.75 9.75 0 0 1 6.74 2.74L21 8M21 3v5h-5m5 4a9 9 0 0 1-9 9 9.75 9.75 0 0 1-6.74-2.74L3 16m5 0H3v5";

/**
 * SPEC section 8: a list that could not load, with 'Try Again': a link that reloads the page
 * without JavaScript, a revalidation with it.
 */
export function LoadError({ error }: { error: { title: string; message: string } }) {
  const revalidator = useRevalidator();
  const location = useLocation();
  return (
    <ErrorPanel title={error.title} message={error.message}>
      <a
        href={`${location.pathname}${location.search}`}
        onClick={(event) => {
          event.preventDefault();
          void revalidator.revalidate();
        }}
        className={buttonClasses({ variant: "secondary", size: "sm" })}
      >
        <PathIcon d={RETRY_ICON} />
        Try Again
      </a>
    </ErrorPanel>
  );
}
