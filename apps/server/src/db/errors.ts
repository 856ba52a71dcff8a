/**
 * Whether a database error is a unique violation (SQLSTATE 23505), optionally of one constraint. Drivers and
 * Drizzle wrap the server's error (`DrizzleQueryError` keeps it as `cause`), so the whole chain is searched.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return !constraint || candidate.constraint === constraint;
    current = candidate.cause;
  }
  return false;
}
