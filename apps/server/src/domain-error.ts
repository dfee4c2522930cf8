import type { ErrorCode, Failure } from '@milli/contracts';

/**
 * An expected failure, thrown where a value cannot be returned: inside a transaction, so that throwing
 * rolls it back (decision 027). It names a code of the store's vocabulary, never an HTTP status: the error
 * handler (plugins/errors.ts) alone decides which status each code answers with.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  static of(failure: Failure): DomainError {
    return new DomainError(failure.code, failure.message, failure.fields);
  }
}

/** A service's result as the route answers it: the value when it succeeded, else the failure thrown to the error handler. */
export function orFail<T extends { ok: true }>(result: T | Failure): Omit<T, 'ok'> {
  if (!result.ok) throw DomainError.of(result);
  const { ok: _ok, ...value } = result;
  return value;
}
