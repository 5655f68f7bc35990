import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompress } from "./scripts/vite-precompress";

/**
 * Browser chunks (decision 0131). Left alone, the bundler gives every set of pages that shares a
 * module its own chunk: a public page then loads ~25 files of a few hundred bytes each, and
 * gzip squeezes small files poorly. Two groups load on every public page instead:
 * - `framework`: React, React DOM and React Router;
 * - `frame`: what every public page runs besides its own route: the root and site layout routes
 *   (their route files become one-line re-exports), header, footer, navigation, script loader,
 *   nonce, error log, analytics, booking trigger, site copy (app/copy), button/icon/layout primitives, page
 *   hero.
 * `$initial` keeps modules that load on demand (cookie banner, dialogs, lightbox) out of them.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const FRAME_MODULES = [
  "root.tsx",
  "routes/site/layout.tsx",
  "components/site/site-header",
  "components/site/site-footer",
  "components/site/logo",
  "copy/navigation",
  "components/document/",
  "components/ui/button",
  "components/ui/icons",
  "components/ui/layout",
  "components/site/booking/booking.",
  "components/site/sections/page-hero",
  "lib/nonce",
  "lib/error-log",
  "lib/analytics",
  "lib/use-hydrated",
  "lib/loader-meta",
  "components/ui/dialog-launcher",
  "lib/cn",
  "copy/site",
  "copy/studio",
];
const inFrame = (id: string) => {
  const inApp = id.replaceAll("\\", "/").split("/app/")[1];
  return inApp !== undefined && FRAME_MODULES.some((start) => inApp.startsWith(start));
};

// The SSR build's entry is our own server module (server/app.ts), which imports the
// React Router server build; so the whole server is one bundle with one copy of each module.
export default defineConfig({
  build: { target: "es2022" },
  // Bundle the server's pure-JS dependencies into build/server: far fewer modules to resolve and
  // compile at start (the cold-start budget is 3 s). PGlite loads WASM next to its files,
  // and the S3 SDK is loaded only when that driver is chosen.
  ssr: {
    noExternal: true,
    external: [
      "@electric-sql/pglite",
      "pg",
      "@aws-sdk/client-s3",
      "@aws-sdk/s3-request-presigner",
      // Native bindings: loaded from node_modules, never bundled (image variants, uploads).
      "sharp",
    ],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 2 },
                { name: "frame", test: inFrame, tags: ["$initial"], priority: 1 },
              ],
            },
          },
        },
      },
    },
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter(), precompress()],
});
