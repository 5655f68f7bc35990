import { randomUUID } from "node:crypto";
import { getRuntimeFrom } from "@server/context";
import type { Runtime } from "@server/runtime";
import { ADMIN_RESPONSE_HEADERS } from "@server/security/admin-access";
import { createCookie, type RouterContextProvider, redirect } from "react-router";
import type { Flash, FlashInput } from "~/lib/flash";

const FLASH_COOKIE = "admin_flash";
const FLASH_MAX_AGE_SECONDS = 60;

function flashCookie(runtime: Runtime) {
  // Signed with a key of its own: nobody else can plant a message (a phishing line) in the UI.
  return createCookie(FLASH_COOKIE, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: runtime.config.SITE_URL.startsWith("https://"),
    maxAge: FLASH_MAX_AGE_SECONDS,
    secrets: [runtime.keys.flash],
  });
}

/** The Set-Cookie value that carries `flash` to the next page. */
export async function commitFlash(runtime: Runtime, flash: FlashInput): Promise<string> {
  const cookie = flashCookie(runtime);
  return cookie.serialize({ ...flash, id: randomUUID() } satisfies Flash);
}

/** The pending message, if any, and the Set-Cookie value that clears it. */
export async function takeFlash(
  request: Request,
  runtime: Runtime,
): Promise<{ flash: Flash | null; clear: string | null }> {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${FLASH_COOKIE}=`)) return { flash: null, clear: null };
  const cookie = flashCookie(runtime);
  const value: unknown = await cookie.parse(header);
  const clear = await cookie.serialize("", { maxAge: 0 });
  return { flash: isFlash(value) ? value : null, clear };
}

function isFlash(value: unknown): value is Flash {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    (v.kind === "success" || v.kind === "error" || v.kind === "info") &&
    typeof v.title === "string" &&
    (v.description === undefined || typeof v.description === "string")
  );
}

/** Redirects to `path` carrying `flash` (post/redirect/get: works the same with or without JS). */
export async function redirectWithFlash(
  context: Readonly<RouterContextProvider>,
  path: string,
  flash: FlashInput,
): Promise<Response> {
  const runtime = getRuntimeFrom(context);
  return redirect(path, {
    headers: { ...ADMIN_RESPONSE_HEADERS, "Set-Cookie": await commitFlash(runtime, flash) },
  });
}
