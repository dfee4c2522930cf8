import { z } from 'zod';

/**
 * A route's body schema that also reads a request sent without a body: Fastify hands the validator
 * `undefined` then, which is answered like an empty form (each field's own message), never as a crash.
 */
export function bodyOf<T extends z.ZodType>(schema: T, empty: unknown = {}) {
  return z.preprocess((value) => value ?? empty, schema);
}
