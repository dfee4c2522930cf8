import { data } from 'react-router';
import { MESSAGES } from '@milli/contracts';
import { countries } from '@milli/contracts/countries';
import type { ApiClient } from '../../lib/api.ts';
import { replyTo } from '../../lib/api.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import type { DialCode, RegistrationResult } from './registration-result.ts';

/** The country-code dropdown's entries (~245, India first), for a loader to hand to the screen. */
export function dialCodes(): DialCode[] {
  return countries().map((c) => ({ iso2: c.iso2, name: c.name, dialCode: c.dialCode }));
}

/** Every text field of the posted form, trimmed; files and repeated names are not part of these forms. */
function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && name.length <= 40) values[name] = value.trim();
  }
  return values;
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';

/**
 * Both registration screens' action (spec §7: a multipart POST to /api/manufacturer/register). Success
 * is the exact message (spec §4): the screen shows it and clears the form. Anything else shows the
 * server's message (DECISIONS §2, also for the long form) and each field's message beside the field, or
 * 'Registration Failed.' when the server could not answer (spec §8).
 */
export async function submitRegistration(api: ApiClient, request: Request) {
  const values = formValues(await request.formData());
  const body = new FormData();
  for (const [name, value] of Object.entries(values)) body.set(name, value);

  const reply = await replyTo(api, 'POST', '/api/manufacturer/register', body);
  if (reply?.ok && reply.status === 200 && reply.data.message === MESSAGES.shortRegistrationSuccess) {
    const { message, reference, bankName } = reply.data;
    return { ok: true, message, reference, ...(bankName ? { bankName } : {}) } satisfies RegistrationResult;
  }
  const status = reply?.status ?? 0;
  const answer = reply ? (reply.ok ? reply.data : reply.body) : null;
  // A message the server meant for the person (a refusal, or any other answer under 500) is shown as it is.
  const readable = status > 0 && status < 500 && isRecord(answer) && typeof answer.message === 'string' && answer.message !== '';
  const refused = status >= 400 && status < 500;
  const message = readable ? (answer as { message: string }).message : MESSAGES.shortRegistrationFailed;
  const fields = refused ? apiFieldErrors(answer, 'any') : {};
  return data<RegistrationResult>({ ok: false, message, fields, values }, { status: refused ? status : 502 });
}
