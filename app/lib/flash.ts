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
