/**
 * An address's rules, shared by checkout's billing and delivery addresses and the address book (issue 36: they lived
 * in checkout and closed an import circle through the address book).
 */
import { indianStateByName, INDIAN_MOBILE_PATTERN, isPincode } from '@milli/contracts';
import { isValidPhone } from '@milli/contracts/countries';
import { stateOfPincode } from './pin-state.ts';

/** The parts of an address every form checks alike: checkout's billing and delivery addresses and the address book. */
export interface AddressParts {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
  phone: string;
}
export type AddressProblems = Partial<Record<keyof AddressParts, string>>;

const REQUIRED: [keyof AddressParts, string][] = [
  ['firstName', 'Please enter the first name.'],
  ['lastName', 'Please enter the last name.'],
  ['address', 'Please enter the address.'],
  ['city', 'Please enter the city.'],
  ['pincode', 'Please enter the pincode.'],
  ['phone', 'Please enter the phone number.'],
];

/**
 * An address's rules, one message per part: the required parts, then what a real delivery needs. In India a
 * six-digit PIN, a state from the list that agrees with the PIN's own state, and a ten-digit mobile; elsewhere a
 * postal code and a phone number that fits its dial code.
 */
export function addressProblems(a: AddressParts, { inIndia, dialCode }: { inIndia: boolean; dialCode: string }): AddressProblems {
  const problems: AddressProblems = {};
  for (const [name, message] of REQUIRED) if (!a[name]) problems[name] = message;

  if (a.pincode && inIndia && !isPincode(a.pincode)) problems.pincode = 'Please enter a valid 6-digit PIN code.';
  if (a.pincode && !inIndia && !/^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/.test(a.pincode)) problems.pincode = 'Please enter a valid postal code.';

  if (inIndia) {
    const state = a.state ? indianStateByName(a.state) : null;
    if (!a.state) problems.state = 'Please choose the state.';
    else if (!state) problems.state = 'Please choose a state or union territory from the list.';
    else if (!problems.pincode) {
      const ofPin = stateOfPincode(a.pincode);
      if (ofPin && ofPin.code !== state.code)
        problems.state = `PIN ${a.pincode.trim()} is in ${ofPin.name}, not ${state.name}. Please check the state or the PIN.`;
    }
  }

  if (a.phone && dialCode) {
    const digits = a.phone.replace(/[\s()-]/g, '');
    if (dialCode === '91') {
      if (!INDIAN_MOBILE_PATTERN.test(digits.replace(/^(\+91|0)/, ''))) problems.phone = 'Please enter a valid 10-digit mobile number.';
    } else if (!isValidPhone(dialCode, digits)) {
      problems.phone = `This is not a valid phone number for +${dialCode}.`;
    }
  }
  return problems;
}

/**
 * The state as given, or, when none is given for an address in India, the state its PIN lies in (issue 38: a client
 * that sends no state, as the specification's checkout asks none, is not refused when the PIN says where it is).
 */
export function stateOrPinState(state: string, pincode: string, inIndia: boolean): string {
  if (state.trim() || !inIndia || !isPincode(pincode)) return state;
  return stateOfPincode(pincode)?.name ?? state;
}

/** A phone number as stored: without spaces, brackets or dashes (and, for India, without +91 or a leading 0). */
export function storedPhone(phone: string, dialCode: string): string {
  const digits = phone.replace(/[\s()-]/g, '');
  return dialCode === '91' ? digits.replace(/^(\+91|0)/, '') : digits;
}
