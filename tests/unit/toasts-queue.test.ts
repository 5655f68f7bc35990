import { describe, expect, it, vi } from "vitest";
import { createToastQueue, type ToastMessage } from "~/components/ui/toasts-queue";

const message = (id: string, title = `Title ${id}`): ToastMessage => ({
  id,
  kind: "success",
  title,
  description: "Description",
});

describe("toasts before sonner is loaded", () => {
  it("keeps the toasts asked for before the Toaster listens and delivers them in order", () => {
    const queue = createToastQueue();
    const wanted = vi.fn();
    queue.subscribe(wanted);
    expect(queue.isWanted()).toBe(false);

    queue.show(message("a"));
    queue.show(message("b"));
    // The first toast asks for the Toaster (once); nothing is lost while sonner loads.
    expect(queue.isWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);

    const sink = vi.fn();
    queue.attach(sink);
    expect(sink.mock.calls.map(([m]) => m.id)).toEqual(["a", "b"]);

    queue.show(message("c"));
    expect(sink.mock.calls.map(([m]) => m.id)).toEqual(["a", "b", "c"]);
  });

  it("shows each message id once, however often it is asked for", () => {
    const queue = createToastQueue();
    queue.show(message("same"));
    queue.show(message("same"));
    const sink = vi.fn();
    queue.attach(sink);
    queue.show(message("same"));
    expect(sink).toHaveBeenCalledTimes(1);
  });

  it("queues again while no Toaster is on the page, and hands the toasts to the next one", () => {
    const queue = createToastQueue();
    const first = vi.fn();
    const detach = queue.attach(first);
    queue.show(message("1"));
    detach();
    queue.show(message("2"));
    expect(first.mock.calls.map(([m]) => m.id)).toEqual(["1"]);

    const second = vi.fn();
    queue.attach(second);
    expect(second.mock.calls.map(([m]) => m.id)).toEqual(["2"]);
  });

  it("a stale detach does not silence the Toaster that replaced it", () => {
    const queue = createToastQueue();
    const detachOld = queue.attach(vi.fn());
    const current = vi.fn();
    queue.attach(current);
    detachOld();
    queue.show(message("x"));
    expect(current).toHaveBeenCalledTimes(1);
  });

  it("can be asked to load ahead of the first toast", () => {
    const queue = createToastQueue();
    const wanted = vi.fn();
    const unsubscribe = queue.subscribe(wanted);
    queue.want();
    queue.want();
    expect(queue.isWanted()).toBe(true);
    expect(wanted).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
