import path from "node:path";
import { getImageVariant } from "@server/content/images";
import { getRuntimeFrom } from "@server/context";
import { textResponse } from "@server/http/text-response";
import type { Route } from "./+types/image-variant";

/** Public files: the production build's copy first, the source folder under `react-router dev`. */
const PUBLIC_DIRS = [path.resolve("build/client"), path.resolve("public")];

/** GET /img/{avif|webp|jpeg}/{width}/{source path}: a resized variant (server/content/images.ts). */
export async function loader({ params, context }: Route.LoaderArgs): Promise<Response> {
  const { config, storage } = getRuntimeFrom(context);
  const variant = await getImageVariant(
    { format: params.format, width: params.width, src: `/${params["*"] ?? ""}` },
    {
      cacheDir: path.join(config.DATA_DIR, "cache", "images"),
      publicDirs: PUBLIC_DIRS,
      storage,
    },
  );
  if (variant.status === "not-found") {
    return textResponse(404, "Not found.");
  }
  return new Response(new Uint8Array(variant.body), {
    headers: {
      "Content-Type": variant.contentType,
      "Content-Length": String(variant.body.length),
      // Uploads never change under their key; our own files may be replaced by a deploy.
      "Cache-Control": variant.immutable
        ? "public, max-age=31536000, immutable"
        : "public, max-age=86400, stale-while-revalidate=604800",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
