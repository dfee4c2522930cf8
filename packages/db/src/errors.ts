/**
 * Whether a failed statement broke a unique index (SQLSTATE 23505), on PostgreSQL (pg) and PGlite alike.
 * Drizzle wraps the driver's error, so the chain of causes is walked; with `constraint`, only a clash on
 * that index counts (pg names it in `constraint`, PGlite only in the message).
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: named, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    const unique = code === '23505' || /duplicate key value violates unique constraint/.test(String(message));
    if (!unique) continue;
    if (constraint === undefined || named === constraint || String(message).includes(constraint)) return true;
  }
  return false;
}

/**
 * Whether a statement failed only because another transaction ran at the same moment: a deadlock (40P01) or a
 * serialization failure (40001). Trying again would do; it is never the client's input that is wrong.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code } = e as { code?: unknown };
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}
