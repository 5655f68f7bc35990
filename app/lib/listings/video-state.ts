/**
 * The project video's overlays (SPEC: loading and buffering overlays, a thumbnail on error) as a
 * small state machine driven by the media element's events. The element preloads nothing (the
 * poster shows until a visitor presses play), so loading starts with `play`, not `loadstart`.
 */

export type VideoState = "idle" | "loading" | "ready" | "buffering" | "error";

export type VideoEvent =
  | "play"
  | "waiting"
  | "stalled"
  | "loadeddata"
  | "canplay"
  | "playing"
  | "pause"
  | "ended"
  | "error";

export function nextVideoState(state: VideoState, event: VideoEvent): VideoState {
  if (state === "error") return "error";
  switch (event) {
    case "error":
      return "error";
    case "play":
      // Before the first frame arrives we are loading; after it, a play only resumes.
      return state === "idle" || state === "loading" ? "loading" : state;
    case "waiting":
    case "stalled":
      return state === "idle" || state === "loading" ? "loading" : "buffering";
    case "loadeddata":
    case "canplay":
    case "playing":
      return "ready";
    case "pause":
    case "ended":
      return state === "buffering" ? "ready" : state;
  }
}
