// Preloaded (`node --import`) into the back-office test server, never into the product: moves the
// server's clock by the number of milliseconds written in TEST_CLOCK_FILE, so a test can make time
// pass (a signed link reaching its 60 s expiry, a scheduled post's time) without waiting for it.
// Both `Date.now()` and `new Date()` move; timers keep real time.
import { readFileSync } from "node:fs";

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now;
  let offset = 0;
  const refresh = () => {
    try {
      offset = Number(readFileSync(file, "utf8")) || 0;
    } catch {
      offset = 0;
    }
  };
  refresh();
  setInterval(refresh, 20).unref();
  // A function, not a class: `Date()` called without `new` keeps working, and it shares Date's
  // prototype, so every date (Node's own file times too) stays `instanceof Date`.
  function ShiftedDate(...args) {
    const now = realNow() + offset;
    if (!new.target) return new RealDate(now).toString();
    return Reflect.construct(RealDate, args.length > 0 ? args : [now], new.target);
  }
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = () => realNow() + offset;
  globalThis.Date = ShiftedDate;
}
