import pino, { type Logger } from "pino";

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    // Never write credentials or session cookies into logs.
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}

/** How long a hit's line may wait to be written with the others. */
const HIT_LOG_DELAY_MS = 50;

/**
 * The log of page-cache hits (decision 0541): pino's lines at `logger`'s level, in its format,
 * joined for up to HIT_LOG_DELAY_MS and handed to `logger`'s own destination in one write (a
 * write per hit was a fifth of a hit's CPU time at info), the rest written at exit. No
 * redaction: a hit's line names no header, only its id, method and redacted URL.
 */
export function createHitLog(logger: Logger): Logger {
  // pino's own stream of `logger` (a SonicBoom on stdout, or a test's destination).
  const destination = Reflect.get(logger, pino.symbols.streamSym) as {
    write(lines: string): void;
    flushSync?: () => void;
  };
  let pending = "";
  const flush = () => {
    const lines = pending;
    pending = "";
    if (lines) destination.write(lines);
  };
  process.once("exit", () => {
    flush();
    destination.flushSync?.();
  });
  return pino(
    { level: logger.level, base: undefined },
    {
      write(line: string) {
        if (pending === "") setTimeout(flush, HIT_LOG_DELAY_MS).unref();
        pending += line;
      },
    },
  );
}
