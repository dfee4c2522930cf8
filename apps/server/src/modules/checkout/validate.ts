import { gstinMessage, gstinProblem, INDIAN_MOBILE_PATTERN, isPincode, type PlaceOrder, type PlaceOrderField } from '@milli/contracts';
import { countryByName, isKnownDialCode, isValidPhone } from '@milli/contracts/countries';

export type OrderFormProblems = Partial<Record<PlaceOrderField, string>>;

const REQUIRED: [PlaceOrderField, string][] = [
  ['firstName', 'Please enter your first name.'],
  ['lastName', 'Please enter your last name.'],
  ['country', 'Please choose your country.'],
  ['address', 'Please enter your address.'],
  ['city', 'Please enter your city.'],
  ['countryCode', 'Please choose your phone’s country code.'],
  ['phoneNumber', 'Please enter your phone number.'],
  ['pincode', 'Please enter your pincode.'],
];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * The billing form's rules, one message per field: the spec's required fields (§5), then what a real
 * delivery needs: an Indian PIN and a ten-digit mobile in India, a phone number that fits its dial code
 * elsewhere, and a GSTIN whose check character is right when the order is a company's.
 */
export function orderFormProblems(input: PlaceOrder): OrderFormProblems {
  const problems: OrderFormProblems = {};
  for (const [name, message] of REQUIRED) if (!input[name]) problems[name] = message;

  const country = input.country ? countryByName(input.country) : undefined;
  if (input.country && !country) problems.country = 'Please choose a country from the list.';
  const dialCode = input.countryCode.replace(/^\+/, '');
  if (input.countryCode && !isKnownDialCode(dialCode)) problems.countryCode = 'Please choose a country code from the list.';

  const inIndia = country?.iso2 === 'IN';
  if (input.pincode && inIndia && !isPincode(input.pincode)) problems.pincode = 'Please enter a valid 6-digit PIN code.';
  if (input.pincode && !inIndia && !/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/.test(input.pincode)) problems.pincode = 'Please enter a valid postal code.';

  if (input.phoneNumber && !problems.countryCode) {
    const digits = input.phoneNumber.replace(/[\s()-]/g, '');
    if (dialCode === '91') {
      if (!INDIAN_MOBILE_PATTERN.test(digits.replace(/^(\+91|0)/, ''))) problems.phoneNumber = 'Please enter a valid 10-digit mobile number.';
    } else if (!isValidPhone(dialCode, digits)) {
      problems.phoneNumber = `This is not a valid phone number for +${dialCode}.`;
    }
  }

  const corporate = Boolean(input.companyName || input.companyEmail || input.gstin);
  if (corporate) {
    if (!input.companyName) problems.companyName = 'Please enter the company name for a corporate order.';
    if (input.companyEmail && !EMAIL.test(input.companyEmail)) problems.companyEmail = 'Please enter a valid company e-mail address.';
    if (input.gstin) {
      const problem = gstinProblem(input.gstin);
      if (problem) problems.gstin = gstinMessage(problem);
    }
  }
  if (input.idempotencyKey && !IDEMPOTENCY_KEY.test(input.idempotencyKey)) problems.idempotencyKey = 'The checkout page has expired. Please reload it.';
  return problems;
}

/** The cartDataList field: what the checkout page showed, as { productId, quantity } per product. Null when unreadable. */
export function parseCartDataList(raw: string): Map<number, number> | null {
  if (!raw) return new Map();
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length > 200) return null;
  const wanted = new Map<number, number>();
  for (const entry of value) {
    if (!entry || typeof entry !== 'object') return null;
    const e = entry as Record<string, unknown>;
    const productId = Number(e.productId ?? e.product_id);
    const quantity = e.quantity === undefined ? 0 : Number(e.quantity);
    if (!Number.isSafeInteger(productId) || productId <= 0 || !Number.isSafeInteger(quantity) || quantity < 0) return null;
    wanted.set(productId, (wanted.get(productId) ?? 0) + quantity);
  }
  return wanted;
}
