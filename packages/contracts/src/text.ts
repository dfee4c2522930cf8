import { z } from 'zod';

/**
 * Text the store can use. A NUL byte cannot be stored in PostgreSQL text at all (the query fails, and the
 * shopper saw a 500), a lone UTF-16 surrogate is not a character anyone typed, and the other C0 control
 * characters are invisible in every screen, mail and invoice the text ends up in. So every text a request
 * carries (body fields, querystring, path) is checked once at the edge of the server against these rules,
 * whatever route it goes to: the server's `preValidation` hook walks them with `findUnusableText`, and the
 * zod helpers below give a schema the same rule for its own fields.
 *
 * Fields typed into a textarea keep tab and line breaks; every other field is one line and keeps none.
 */

/** The fields the storefront's forms take in a textarea (several lines): tab and line breaks belong to them. */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set(['address', 'addRemarks', 'reason', 'description', 'message', 'resolution']);

/** Half of a UTF-16 pair without its other half (String.prototype.isWellFormed, for older targets too). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** What is wrong with a text, in words a person can act on, or null when it is usable. */
export function unusableTextProblem(value: string, multiline: boolean): string | null {
  if (value.includes('\u0000')) return 'a NUL character (\\0)';
  if (LONE_SURROGATE.test(value)) return 'a broken character (half of an emoji or other symbol)';
  // eslint-disable-next-line no-control-regex -- exactly the control characters are looked for
  const control = multiline ? /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : /[\u0001-\u001f\u007f]/;
  const found = control.exec(value);
  if (!found) return null;
  const code = found[0].charCodeAt(0);
  if (code === 0x09) return 'a tab';
  if (code === 0x0a || code === 0x0d) return 'a line break';
  return `an invisible control character (U+${code.toString(16).toUpperCase().padStart(4, '0')})`;
}

export interface UnusableText {
  /** Where it is: 'email', 'items.0.name', 'q' … ('' for a bare value). */
  field: string;
  problem: string;
}

/**
 * The first unusable text inside a parsed body, querystring or path parameters (objects, arrays and
 * strings; an uploaded file's bytes or a stream is not text and is skipped).
 * Whether a field may hold several lines is judged by its own name, or its parent's for a list's items.
 */
export function findUnusableText(value: unknown, path: readonly string[] = [], depth = 0): UnusableText | null {
  if (typeof value === 'string') {
    // Printable ASCII alone (most fields, ids, searches) has nothing to refuse: no need to work out its field's name.
    if (PRINTABLE_ASCII.test(value)) return null;
    const name = [...path].reverse().find((p) => !/^\d+$/.test(p)) ?? '';
    const problem = unusableTextProblem(value, MULTILINE_FIELDS.has(name));
    return problem ? { field: path.join('.'), problem } : null;
  }
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnusableText(value[i], [...path, String(i)], depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Bytes (an upload) and streams (a page's form body, read later) are not text.
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || typeof (value as { pipe?: unknown }).pipe === 'function') return null;
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unusableTextProblem(key, false);
    if (keyProblem) return { field: [...path, key].join('.'), problem: keyProblem };
    const found = findUnusableText(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** The answer's message for unusable text. */
export function unusableTextMessage(found: UnusableText): string {
  const where = found.field ? `"${found.field.slice(0, 60)}"` : 'The text';
  return `${found.field ? `The field ${where}` : where} contains ${found.problem}, which cannot be used here. Please remove it and try again.`;
}

/** A one-line text field: refuses NUL, broken characters, tabs, line breaks and other control characters. */
export function singleLineText(schema: z.ZodString = z.string()) {
  return schema.superRefine((value, ctx) => {
    const problem = unusableTextProblem(value, false);
    if (problem) ctx.addIssue({ code: 'custom', message: `This field contains ${problem}, which cannot be used here.` });
  });
}

/** A textarea's text: like `singleLineText`, but keeps tabs and line breaks. */
export function multiLineText(schema: z.ZodString = z.string()) {
  return schema.superRefine((value, ctx) => {
    const problem = unusableTextProblem(value, true);
    if (problem) ctx.addIssue({ code: 'custom', message: `This field contains ${problem}, which cannot be used here.` });
  });
}
