/** What /admin/privacy shows (issue #32): a person's stored data, and the choices on the banner. */

/** What "Find" shows: counts and short descriptions, never a file's storage key. */
export interface FoundPerson {
  address: string;
  empty: boolean;
  inquiries: { id: string; at: Date; kind: string; status: string; files: number }[];
  applications: { id: string; at: Date; position: string; status: string; resume: boolean }[];
  files: { name: string; size: number; from: string }[];
  related: { table: string; rows: number }[];
  notifications: { at: Date; subject: string; sent: boolean }[];
  /** When this address was erased before (found by its keyed hash on the audit log). */
  erasedBefore: Date[];
}

/** One month's choices on the cookie banner. */
export interface ConsentMonth {
  /** `2026-11`, in UTC. */
  month: string;
  accept: number;
  decline: number;
  custom: number;
  /** Of all the month's choices: how many granted analytics, marketing; how many under GPC. */
  analytics: number;
  marketing: number;
  gpc: number;
}
