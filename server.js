// Starts the production server from the build (npm run build first).
// All server code lives in server/app.ts, bundled into build/server/index.js.
import { existsSync } from "node:fs";

const BUILD = new URL("./build/server/index.js", import.meta.url);
if (!existsSync(BUILD)) {
  console.error("No production build found: run `npm run build` first.");
  process.exit(1);
}
process.env.NODE_ENV ??= "production";
const { startServer } = await import(BUILD.href);
await startServer({ clientDir: new URL("./build/client", import.meta.url).pathname });
