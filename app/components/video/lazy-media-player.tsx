import { type ComponentProps, lazy, Suspense } from "react";

const MediaPlayer = lazy(() =>
  import("~/components/video/media-player").then((module) => ({ default: module.MediaPlayer })),
);

/**
 * The Media library's player as pages use it: its module (poster, play control, the loader of
 * the player's code) is a chunk of its own, so a page without a video carries none of it and the
 * public pages' script budgets stay as they were. The server renders it in place; the browser
 * hydrates it once the chunk has arrived.
 */
export function LazyMediaPlayer(props: ComponentProps<typeof MediaPlayer>) {
  return (
    <Suspense fallback={null}>
      <MediaPlayer {...props} />
    </Suspense>
  );
}
