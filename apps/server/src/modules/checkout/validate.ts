import { aadhaarDigits, aadhaarProblem, gstinMessage, gstinProblem, isPan, panProblem, type PlaceOrder, type PlaceOrderField } from '@milli/contracts';
import { countryByName, isKnownDialCode } from '@milli/contracts/countries';
import { addressProblems, stateOrPinState, type AddressParts, type AddressProblems } from '../../lib/address-rules.ts';

export type OrderFormProblems = Partial<Record<PlaceOrderField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

const BILLING_MESSAGES: Partial<Record<PlaceOrderField, string>> = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  address: 'Please enter your address.',
  city: 'Please enter your city.',
  pincode: 'Please enter your pincode.',
  phoneNumber: 'Please enter your phone number.',
  state: 'Please choose your state.',
};
const SHIPPING_MESSAGES: Partial<Record<PlaceOrderField, string>> = {
  shippingFirstName: 'Please enter the first name of the person receiving the order.',
  shippingLastName: 'Please enter the last name of the person receiving the order.',
  shippingAddress: 'Please enter the delivery address.',
  shippingCity: 'Please enter the delivery city.',
  shippingPincode: 'Please enter the delivery pincode.',
  shippingState: 'Please choose the delivery state.',
};

/** The form's field for an address part: billing's are the spec's names, the delivery address's are shipping*. */
const BILLING_FIELD: Record<keyof AddressParts, PlaceOrderField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  address: 'address',
  city: 'city',
  state: 'state',
  pincode: 'pincode',
  phone: 'phoneNumber',
};
const SHIPPING_FIELD: Record<keyof AddressParts, PlaceOrderField> = {
  firstName: 'shippingFirstName',
  lastName: 'shippingLastName',
  address: 'shippingAddress',
  city: 'shippingCity',
  state: 'shippingState',
  pincode: 'shippingPincode',
  phone: 'shippingPhoneNumber',
};

function named(
  problems: AddressProblems,
  fields: Record<keyof AddressParts, PlaceOrderField>,
  missing: Partial<Record<PlaceOrderField, string>>,
  a: AddressParts,
): OrderFormProblems {
  const out: OrderFormProblems = {};
  for (const [part, message] of Object.entries(problems) as [keyof AddressParts, string][]) {
    const field = fields[part];
    out[field] = !a[part] ? (missing[field] ?? message) : message;
  }
  return out;
}

/** The delivery address: the shipping* fields when the shopper asked to deliver elsewhere, else the billing address. */
export function shippingParts(input: PlaceOrder): AddressParts & { landmark: string } {
  if (!input.shipToDifferent) return billingParts(input);
  return {
    firstName: input.shippingFirstName,
    lastName: input.shippingLastName,
    address: input.shippingAddress,
    landmark: input.shippingLandmark,
    city: input.shippingCity,
    state: input.shippingState,
    pincode: input.shippingPincode,
    // The delivery phone may be left empty: the courier then calls the billing number.
    phone: input.shippingPhoneNumber || input.phoneNumber,
  };
}

export function billingParts(input: PlaceOrder): AddressParts & { landmark: string } {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    address: input.address,
    landmark: input.landmark,
    city: input.city,
    state: input.state,
    pincode: input.pincode,
    phone: input.phoneNumber,
  };
}

/** The order as given, with each address in India that names no state given its PIN's state. */
export function withPinStates(input: PlaceOrder): PlaceOrder {
  const inIndia = countryByName(input.country)?.iso2 === 'IN';
  return {
    ...input,
    state: stateOrPinState(input.state, input.pincode, inIndia),
    shippingState: input.shipToDifferent ? stateOrPinState(input.shippingState, input.shippingPincode, inIndia) : input.shippingState,
  };
}

/**
 * The billing form's rules, one message per field: the spec's required fields (§5), then what a real
 * delivery needs (addressProblems, for the billing address and, when it differs, the delivery address),
 * a PAN that is one when given, and a GSTIN whose check character is right when the order is a company's.
 */
export function orderFormProblems(input: PlaceOrder): OrderFormProblems {
  const problems: OrderFormProblems = {};
  if (!input.country) problems.country = 'Please choose your country.';
  if (!input.countryCode) problems.countryCode = 'Please choose your phone’s country code.';

  const country = input.country ? countryByName(input.country) : undefined;
  if (input.country && !country) problems.country = 'Please choose a country from the list.';
  const dialCode = input.countryCode.replace(/^\+/, '');
  if (input.countryCode && !isKnownDialCode(dialCode)) problems.countryCode = 'Please choose a country code from the list.';

  const inIndia = country?.iso2 === 'IN';
  const checkPhone = problems.countryCode ? '' : dialCode;
  const billing = billingParts(input);
  Object.assign(problems, named(addressProblems(billing, { inIndia, dialCode: checkPhone }), BILLING_FIELD, BILLING_MESSAGES, billing));
  if (input.shipToDifferent) {
    const shipping = shippingParts(input);
    Object.assign(problems, named(addressProblems(shipping, { inIndia, dialCode: checkPhone }), SHIPPING_FIELD, SHIPPING_MESSAGES, shipping));
    // An empty delivery phone is the billing number's, whose message is the billing field's.
    if (!input.shippingPhoneNumber) delete problems.shippingPhoneNumber;
  }

  if (input.pan && !isPan(input.pan)) problems.pan = `Please check the PAN: ${panProblem(input.pan)}`;
  if (input.form60) Object.assign(problems, form60Problems(input));

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

/**
 * Issue 38: the Form 60 declaration of a buyer without a PAN (Rule 114B): name and address, the Aadhaar number (checked,
 * of which only the last four digits are kept) or why there is none, and the declaration ticked. A PAN given as well
 * is refused: Form 60 is for those who have none. No message ever repeats the Aadhaar number.
 */
export function form60Problems(input: PlaceOrder): OrderFormProblems {
  const problems: OrderFormProblems = {};
  if (input.pan) problems.pan = 'You have ticked the Form 60 declaration, which is for buyers without a PAN: either give your PAN or clear it and declare.';
  if (!input.form60Name) problems.form60Name = 'Please enter your full name as on the Form 60 declaration.';
  if (!input.form60Address) problems.form60Address = 'Please enter your address for the Form 60 declaration.';
  if (input.form60Aadhaar) {
    const problem = aadhaarProblem(input.form60Aadhaar);
    if (problem) problems.form60Aadhaar = problem;
    if (input.form60NoAadhaarReason) problems.form60NoAadhaarReason = 'You have given an Aadhaar number: leave the reason empty.';
  } else if (!input.form60NoAadhaarReason) {
    problems.form60Aadhaar = 'Please enter your Aadhaar number, or say why you have none (for example: PAN applied for, with the acknowledgement number).';
  }
  if (!input.form60Declaration) problems.form60Declaration = 'Please tick the declaration: Form 60 is your statement that you have no PAN.';
  return problems;
}

/** What is kept of a Form 60 declaration: the Aadhaar number's last four digits only. */
export function form60Record(input: PlaceOrder): { name: string; address: string; aadhaarLast4: string | null; noAadhaarReason: string | null } {
  const digits = input.form60Aadhaar ? aadhaarDigits(input.form60Aadhaar) : '';
  return {
    name: input.form60Name,
    address: input.form60Address,
    aadhaarLast4: digits ? digits.slice(-4) : null,
    noAadhaarReason: digits ? null : input.form60NoAadhaarReason,
  };
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
