import { writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants } from "node:zlib";
import { gzipAsync } from "@gfx/zopfli";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const COMPRESSIBLE = /\.(js|css|svg|json)$/;

/**
 * Writes a `.gz` (zopfli: the smallest gzip, ~3% under zlib's best) and a `.br` (brotli at its
 * highest quality) beside every script and stylesheet of the browser build, once at build time.
 * The server sends them as they are (server/app.ts): smaller than on-the-fly compression and no
 * compression work per request. Decision 0132.
 */
export function precompress(): Plugin {
  return {
    name: "studio:precompress",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    // After every other plugin has had its say: the files are final once written.
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? "";
      const files = Object.values(bundle).filter((file) => COMPRESSIBLE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = Buffer.from(file.type === "chunk" ? file.code : file.source);
          const [gzip, br] = await Promise.all([
            gzipAsync(source, { numiterations: 15 }),
            brotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
          ]);
          await writeFile(path.join(outDir, `${file.fileName}.gz`), gzip);
          await writeFile(path.join(outDir, `${file.fileName}.br`), br);
        }),
      );
    },
  };
}
