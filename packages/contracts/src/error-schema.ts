import { z } from 'zod';
import { ERROR_CODES } from './errors.ts';

/** Every error answer of the API: a message a person can read, and a stable code. */
export const ErrorCodeSchema = z.enum(ERROR_CODES);
export const ErrorSchema = z.object({
  message: z.string(),
  code: ErrorCodeSchema,
  /** One message per form field, where the refusal is about fields. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Only on a 500: the id to quote when asking us about it. */
  requestId: z.string().optional(),
});
export type ApiErrorBody = z.infer<typeof ErrorSchema>;
