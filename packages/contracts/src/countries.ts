/**
 * Countries with their international dial codes, for every phone field's country-code dropdown
 * (checkout, trade-partner forms). The list comes from libphonenumber-js's maintained metadata (245
 * regions) and the names from the platform's Unicode data (Intl.DisplayNames), so neither is typed by
 * hand. India (+91) comes first, as the spec preselects it; the rest follow by name.
 *
 * Server-only entry ('@milli/contracts/countries'): loaders hand the list to the screen, so the phone
 * metadata never reaches a storefront bundle.
 */
import { getCountries, getCountryCallingCode, isValidPhoneNumber, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_COUNTRY } from './constants.ts';

export interface Country {
  /** ISO 3166-1 alpha-2, e.g. 'IN'. */
  iso2: string;
  name: string;
  /** Without the plus sign, as the spec's payloads send it: '91'. */
  dialCode: string;
}

let cached: Country[] | null = null;

export function countries(): Country[] {
  if (cached) return cached;
  const names = new Intl.DisplayNames(['en'], { type: 'region' });
  const all = getCountries().map((iso2) => ({ iso2, name: names.of(iso2) ?? iso2, dialCode: getCountryCallingCode(iso2) }));
  const india = all.filter((c) => c.iso2 === DEFAULT_COUNTRY.iso2);
  const rest = all.filter((c) => c.iso2 !== DEFAULT_COUNTRY.iso2).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  cached = [...india, ...rest];
  return cached;
}

/** Every dial code in use (several countries share +1, +7, +44 …). */
export function isKnownDialCode(dialCode: string): boolean {
  const code = dialCode.replace(/^\+/, '');
  return countries().some((c) => c.dialCode === code);
}

/**
 * Whether `number` is a valid phone number for the dial code (and, when given, the country). With a
 * shared dial code and no country, any country that uses the code may accept it.
 */
export function isValidPhone(dialCode: string, number: string, iso2?: string): boolean {
  const code = dialCode.replace(/^\+/, '');
  const digits = number.replace(/[\s()-]/g, '');
  if (!/^\+?\d{4,17}$/.test(digits)) return false;
  const candidates = countries().filter((c) => c.dialCode === code && (!iso2 || c.iso2 === iso2));
  return candidates.some((c) => {
    try {
      return isValidPhoneNumber(digits.startsWith('+') ? digits : `+${code}${digits.replace(/^0+/, '')}`, c.iso2 as CountryCode);
    } catch {
      return false;
    }
  });
}

/** The country of a name as the checkout's country select sends it ('India'), or undefined. */
export function countryByName(name: string): Country | undefined {
  const wanted = name.trim().toLowerCase();
  return countries().find((c) => c.name.toLowerCase() === wanted || c.iso2.toLowerCase() === wanted);
}
