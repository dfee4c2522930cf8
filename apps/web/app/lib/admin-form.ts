/**
 * The form kit's value side, browser-safe and shared by actions and screens (issue 17). Money is typed in
 * rupees and sent in paise (the API only ever takes whole paise):
 *
 *   const paise = parseRupees(form.get('pricePaise'));   // '1,23,456.5' → 12345650; '' → null; 'abc' → NaN
 *   <MoneyField name="pricePaise" defaultPaise={row.pricePaise} … />     // shows 123456.50 in the box
 *
 * and actions read the rest of a posted form with `formText` / `formNumber` / `formFlag`.
 */

/** The rupees a person typed as whole paise: null when empty, NaN when not an amount (at most two decimals; commas and 'Rs.'/'₹' allowed). */
export function parseRupees(value: FormDataEntryValue | null | undefined): number | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/^\s*(?:rs\.?|₹|inr)\s*/i, '').replace(/[,\s]/g, '');
  if (text === '') return null;
  const match = /^(-?)(\d{1,13})(?:\.(\d{0,2}))?$/.exec(text);
  if (!match) return Number.NaN;
  const paise = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -paise : paise;
}

/** Paise as the rupees a money box shows for editing: 12345650 → '123456.50', 500 → '5.00'. */
export function paiseToRupeesInput(paise: number | null | undefined): string {
  if (paise === null || paise === undefined || !Number.isSafeInteger(paise)) return '';
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A posted text field, trimmed ('' when missing). */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A posted number: null when empty, NaN when not a number (so the API's message names the field). */
export function formNumber(form: FormData, name: string): number | null {
  const text = formText(form, name).replace(/,/g, '');
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : Number.NaN;
}

/** A posted checkbox: true when it was ticked (any value sent). */
export function formFlag(form: FormData, name: string): boolean {
  return form.has(name);
}
