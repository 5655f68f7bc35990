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
