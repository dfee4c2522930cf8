import { z } from 'zod';

/**
 * A route's body schema: a request without a body arrives as `undefined`, and is checked as an empty form
 * so that it is answered with the form's own messages (which field is missing) rather than zod's "expected
 * object" (a list body passes `[]` as `empty`). Form bodies (urlencoded, multipart) arrive as strings: the wrapped schema coerces what it needs.
 */
export function formBody<T extends z.ZodType>(schema: T, empty: unknown = {}) {
  return z.preprocess((value) => value ?? empty, schema);
}
