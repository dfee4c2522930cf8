import { countries } from '@milli/contracts/countries';

/**
 * Issue 38: the countries a piece's country of origin is chosen from (the store's one list, India first), as names:
 * read on the server, so the phone metadata behind the list never reaches a browser bundle.
 */
export function countryNames(): string[] {
  return countries().map((c) => c.name);
}
