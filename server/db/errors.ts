/** PostgreSQL's unique_violation (23505), from node-postgres or PGlite, wrapped or not. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === "23505") {
      return (
        !constraint || candidate.constraint === undefined || candidate.constraint === constraint
      );
    }
    e = candidate.cause;
  }
  return false;
}

/** PostgreSQL's check_violation (23514) of `constraint`, from node-postgres or PGlite, wrapped or not. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const candidate = e as {
      code?: unknown;
      constraint?: unknown;
      message?: unknown;
      cause?: unknown;
    };
    if (candidate.code === "23514") {
      return (
        candidate.constraint === constraint ||
        (typeof candidate.message === "string" && candidate.message.includes(constraint))
      );
    }
    e = candidate.cause;
  }
  return false;
}
