import { randomUUID } from "node:crypto";
import type { Runtime } from "@server/runtime";
import { createCookie } from "react-router";

/**
 * A one-shot message carried across a redirect (post/redirect/get): the action sets it, the next
 * admin page's loader reads and clears it, and the page shows it as a toast (or as a visible status
 * line without JavaScript). Signed, HttpOnly and short-lived. Its path is "/": with "/admin" the
 * browser would not send it to /admin.data, the client data request of the Dashboard.
 */
export interface Flash {
  /** Unique per message, so the browser shows each one once. */
  id: string;
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
}

export type FlashInput = Omit<Flash, "id">;

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
