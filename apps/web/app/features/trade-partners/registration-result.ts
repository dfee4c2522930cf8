import type { FieldErrors } from '../../lib/field-errors.ts';

/** What a registration screen's action answers (see registration.server.ts). */
export type RegistrationResult =
  { ok: true; message: string; reference: string; bankName?: string } | { ok: false; message: string; fields: FieldErrors; values: Record<string, string> };

export interface DialCode {
  iso2: string;
  name: string;
  dialCode: string;
}
