import { z } from 'zod';

/**
 * A route's body schema: a request without a body arrives as `undefined`, and is checked as an empty form
 * so that it is answered with the form's own messages (which field is missing) rather than zod's "expected
 * object" (a list body passes `[]` as `empty`). Form bodies (urlencoded, multipart) arrive as strings: the wrapped schema coerces what it needs.
 */
export function formBody<T extends z.ZodType>(schema: T, empty: unknown = {}) {
  return z.preprocess((value) => value ?? empty, schema);
}

/** Zod's own wording, which says what is wrong but not where: such messages are prefixed with their field. */
const GENERIC = /^(Invalid|Too (small|big)|Unrecognized|Expected|Required)/;

/**
 * A refused request's messages, one per field (the first for each), keyed by the field's path ('a.b'; 'form' for the
 * body as a whole). The contracts' own messages are written for people and kept as they are. The API answers a body its
 * schema refuses with these (apps/server/src/plugins/errors.ts), and a web action that checks a body with the same schema
 * before sending it gets the very same words.
 */
export function fieldMessages(issues: readonly { path: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { path, message } of issues) out[path || 'form'] ??= path && GENERIC.test(message) ? `${path}: ${message}` : message;
  return out;
}

/** The one message of such a refusal: each field's message once, in order. */
export function invalidRequestMessage(fields: Record<string, string>): string {
  return [...new Set(Object.values(fields))].join(' ') || 'The request is not valid.';
}
