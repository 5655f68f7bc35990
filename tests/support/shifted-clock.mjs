// Preloaded (`node --import`) into the back-office test server, never into the product: moves the
// server's clock by the number of milliseconds written in TEST_CLOCK_FILE, so a test can make time
// pass (a signed link reaching its 60 s expiry) without waiting for it.
import { readFileSync } from "node:fs";

const file = process.env.TEST_CLOCK_FILE;
if (file) {
  const realNow = Date.now;
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
  Date.now = () => realNow() + offset;
}
