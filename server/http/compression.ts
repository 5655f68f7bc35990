import compression from "compression";
import type { NextFunction, Request, RequestHandler, Response } from "express";

type Listener = (...args: unknown[]) => void;

/**
 * `compression` hands `res.on("drain")` to its zlib stream but not `res.removeListener`
 * (expressjs/compression#135, #152): React Router's writer waits for each drain with
 * `once("drain")` and `off("drain")`, so a large page under back-pressure left one listener on the
 * stream per wait (Node's "11 drain listeners added to [Gzip]" warning under the review-room
 * bench). Here a response's drain listeners are kept on the response's side and the stream gets
 * one listener for them all, so removing one works whatever compression does with the stream.
 */
function drainListenersRemovable(_req: Request, res: Response, next: NextFunction) {
  const forward = res.on;
  const remove = res.removeListener;
  const listeners: Listener[] = [];
  let attached = false;
  const emitDrain = () => {
    for (const listener of [...listeners]) listener.call(res);
  };
  res.on = res.addListener = function on(this: Response, event: string | symbol, listener) {
    if (event !== "drain") return forward.call(this, event, listener);
    listeners.push(listener as Listener);
    if (!attached) {
      attached = true;
      forward.call(this, "drain", emitDrain);
    }
    return this;
  };
  res.removeListener = res.off = function off(this: Response, event: string | symbol, listener) {
    if (event !== "drain") return remove.call(this, event, listener);
    // A `once` listener is known by its wrapper or by the function it wraps, as Node's own.
    const at = listeners.findIndex(
      (held) => held === listener || (held as { listener?: unknown }).listener === listener,
    );
    if (at >= 0) listeners.splice(at, 1);
    return this;
  };
  next();
}

/** Responses compressed as `compression` does, with drain listeners that can be removed. */
export function compressResponses(): RequestHandler[] {
  return [compression(), drainListenersRemovable];
}
