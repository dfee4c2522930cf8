/**
 * Per-field messages, one way for every form: read out of the API's refusal (or a schema's issues) by the
 * actions, and tied to their inputs by the screens. Browser-safe: no zod, no server code.
 */

/** The message for each field of a form that the server refused, by the field's name. */
export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

const isRecord = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * The per-field messages of an API refusal, for the fields this form has (anything else the answer names is
 * left out, so a page never shows a message it has no field for). The API's refusals carry them in `fields`
 * (`{ message, code, fields }`); the spec's register answer carries them in `message` itself
 * (`{ message: { username?, email?, password? } }`): say `from: 'message'` for that one.
 */
export function apiFieldErrors<F extends string>(answer: unknown, names: readonly F[] | 'any', from: 'fields' | 'message' = 'fields'): FieldErrors<F> {
  const source = isRecord(answer) ? answer[from] : undefined;
  const errors: FieldErrors<F> = {};
  if (!isRecord(source)) return errors;
  // 'any': a form built from data (the trade-partner forms), whose names the answer's fields are checked against on the page.
  for (const name of names === 'any' ? (Object.keys(source) as F[]) : names) {
    const message = source[name];
    if (typeof message === 'string' && message !== '') errors[name] = message;
  }
  return errors;
}

/** A schema's issues (zod's `error.issues`) as per-field messages: the first message for each field this form has. */
export function issueFieldErrors<F extends string>(issues: readonly { path: readonly PropertyKey[]; message: string }[], names: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (names as readonly string[]).includes(field)) errors[field as F] ??= issue.message;
  }
  return errors;
}

/** The id of the element that shows a field's message, for an input of this id. */
export const fieldErrorId = (inputId: string) => `${inputId}-error`;

/**
 * The attributes that tie an input to its message (shown in an element of id `fieldErrorId(inputId)`), with
 * any other descriptions (a hint) after it, so a screen reader reads the problem first.
 */
export function fieldErrorProps(inputId: string, error: string | undefined, ...otherDescriptions: (string | undefined)[]) {
  const describedBy = [error ? fieldErrorId(inputId) : undefined, ...otherDescriptions].filter(Boolean).join(' ');
  return {
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
  };
}
