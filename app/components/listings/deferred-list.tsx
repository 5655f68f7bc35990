import { type ReactNode, Suspense } from "react";
import { Await } from "react-router";

/**
 * Renders list data that is either here (the server's first render) or on its way (a
 * browser-side load: a promise). Only the second case gets a Suspense boundary: React 19 may
 * stream a large boundary out of line, behind a script, and without JavaScript it would then
 * never appear. So server HTML always holds the list itself.
 */
export function DeferredList<T>({
  value,
  loadKey,
  fallback,
  errorElement,
  children,
}: {
  value: T | Promise<T>;
  /** Changes with every browser-side load, so a retry shows the fallback again. */
  loadKey: number;
  fallback: ReactNode;
  errorElement: ReactNode;
  children: (value: T) => ReactNode;
}) {
  if (!(value instanceof Promise)) return children(value);
  return (
    <Suspense key={loadKey} fallback={fallback}>
      <Await resolve={value} errorElement={errorElement}>
        {(resolved: T) => children(resolved)}
      </Await>
    </Suspense>
  );
}
