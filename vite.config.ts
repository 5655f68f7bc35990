import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
    ssr: { build: { rolldownOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
});
