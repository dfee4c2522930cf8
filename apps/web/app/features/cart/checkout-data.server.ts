import { countries } from '@milli/contracts/countries';

/** The country list for checkout's selects (server only: the phone metadata stays out of the browser bundle). */
export function countryOptions() {
  return countries().map((c) => ({ iso2: c.iso2, name: c.name, dialCode: c.dialCode }));
}
