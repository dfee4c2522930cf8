import { data, redirect } from 'react-router';
import type { ApiClient } from '../../lib/api.ts';
import { replyTo } from '../../lib/api.server.ts';
import { apiFieldErrors } from '../../lib/field-errors.ts';
import { ADDRESS_FIELDS, type AddressResult, type BookAddress } from './address-book.ts';

const FAILED = 'We could not change your address book just now. Please try again.';

/** The customer's saved addresses (the default first); none when the API does not answer. */
export async function loadAddresses(api: ApiClient): Promise<BookAddress[] | null> {
  try {
    return (await api.get('/api/account/addresses')).data;
  } catch {
    return null;
  }
}

const idOf = (form: FormData) => {
  const id = Number(form.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The address book's forms (route actions, so they work without script): save (add, or edit with an id),
 * delete, and make default. A save goes back to the list with its message; a refusal keeps what was typed.
 */
export async function addressAction(api: ApiClient, form: FormData, intent: AddressResult['intent']) {
  const id = idOf(form);
  const values: AddressResult['values'] = Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]));
  if (form.get('isDefault') === 'on') values.isDefault = 'on';
  if (id) values.id = String(id);
  const fail = (status: number, message: string, fields: AddressResult['fields'] = {}) =>
    data<AddressResult>({ intent, ok: false, message, fields, values }, { status });

  if (intent === 'save-address') {
    const body = { ...Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, values[f] ?? ''])), countryCode: '91', isDefault: values.isDefault === 'on' };
    const answer = id ? await replyTo(api, 'PATCH', `/api/account/addresses/${id}`, body) : await replyTo(api, 'POST', '/api/account/addresses', body);
    if (answer?.status === 401) throw redirect('/login');
    if (answer?.ok) return redirect(`/account?tab=addresses&saved=${id ? 'updated' : 'added'}`);
    const refusal = answer && answer.status < 500 ? (answer.body as { message?: string } | null) : null;
    return fail(answer && answer.status < 500 ? answer.status : 502, refusal?.message ?? FAILED, apiFieldErrors(refusal, ADDRESS_FIELDS));
  }

  if (!id) return fail(400, 'This address is not in your address book.');
  const answer =
    intent === 'delete-address'
      ? await replyTo(api, 'DELETE', `/api/account/addresses/${id}`)
      : await replyTo(api, 'POST', `/api/account/addresses/${id}/default`);
  if (answer?.status === 401) throw redirect('/login');
  if (answer?.ok) return data<AddressResult>({ intent, ok: true, message: answer.data.message, fields: {}, values: {} });
  const message = (answer?.body as { message?: string } | null)?.message;
  return fail(answer && answer.status < 500 ? answer.status : 502, answer && answer.status < 500 && message ? message : FAILED);
}
