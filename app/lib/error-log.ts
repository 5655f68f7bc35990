/**
 * Local error log (SPEC sections 3 and 7): uncaught errors and unhandled promise rejections are
 * kept in memory (the last 50) and the last 10 in localStorage, so a visitor's report can be
 * matched with what went wrong. Nothing is sent anywhere.
 */

export const ERROR_LOG_STORAGE_KEY = "northlight.error-log";
export const ERROR_LOG_MEMORY_LIMIT = 50;
export const ERROR_LOG_STORED_LIMIT = 10;

export interface ErrorLogEntry {
  message: string;
  stack?: string;
  source: "error" | "unhandledrejection" | "manual";
  url: string;
  at: string;
}

type StorageLike = Pick<Storage, "getItem" | "setItem">;

function describeReason(reason: unknown): { message: string; stack?: string } {
  if (reason instanceof Error) return { message: reason.message, stack: reason.stack };
  if (typeof reason === "string") return { message: reason };
  try {
    return { message: JSON.stringify(reason) ?? String(reason) };
  } catch {
    return { message: String(reason) };
  }
}

export function createErrorLog(options: { storage?: StorageLike | null; url?: () => string } = {}) {
  const entries: ErrorLogEntry[] = [];
  const url = options.url ?? (() => "");

  function persist() {
    try {
      options.storage?.setItem(
        ERROR_LOG_STORAGE_KEY,
        JSON.stringify(entries.slice(-ERROR_LOG_STORED_LIMIT)),
      );
    } catch {
      // Storage full or blocked: the memory copy is still there.
    }
  }

  return {
    record(reason: unknown, source: ErrorLogEntry["source"] = "manual"): ErrorLogEntry {
      const entry: ErrorLogEntry = {
        ...describeReason(reason),
        source,
        url: url(),
        at: new Date().toISOString(),
      };
      entries.push(entry);
      if (entries.length > ERROR_LOG_MEMORY_LIMIT)
        entries.splice(0, entries.length - ERROR_LOG_MEMORY_LIMIT);
      persist();
      return entry;
    },
    /** The entries in memory, oldest first. */
    entries(): readonly ErrorLogEntry[] {
      return entries.slice();
    },
    /** The entries saved in storage (survive a reload). */
    stored(): ErrorLogEntry[] {
      try {
        const raw = options.storage?.getItem(ERROR_LOG_STORAGE_KEY);
        return raw ? (JSON.parse(raw) as ErrorLogEntry[]) : [];
      } catch {
        return [];
      }
    },
  };
}

export type ErrorLog = ReturnType<typeof createErrorLog>;

let installed: ErrorLog | null = null;

/** Listen for uncaught errors and unhandled rejections on this window (once). */
export function installErrorLog(win: Window = window): ErrorLog {
  if (installed) return installed;
  let storage: Storage | null = null;
  try {
    storage = win.localStorage;
  } catch {
    storage = null;
  }
  const log = createErrorLog({ storage, url: () => win.location.href });
  win.addEventListener("error", (event) => {
    log.record(event.error ?? event.message, "error");
  });
  win.addEventListener("unhandledrejection", (event) => {
    log.record(event.reason, "unhandledrejection");
  });
  installed = log;
  return log;
}

/** The installed log, if any (e.g. to record a caught error by hand). */
export function errorLog(): ErrorLog | null {
  return installed;
}
