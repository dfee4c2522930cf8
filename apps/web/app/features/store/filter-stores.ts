import type { StoreLocation } from './store-location.ts';

/** Old and common spellings shoppers type, mapped to the names our stores use. */
const CITY_ALIASES: Record<string, string> = {
  bengaluru: 'bangalore',
  banglore: 'bangalore',
  bombay: 'mumbai',
  calcutta: 'kolkata',
  madras: 'chennai',
  'new delhi': 'delhi',
  poona: 'pune',
};

export function normaliseCity(name: string): string {
  const key = name.trim().toLowerCase().replace(/\s+/g, ' ');
  return CITY_ALIASES[key] ?? key;
}

/** How many stores each city has, by normalised city name. */
export function countByCity(stores: readonly StoreLocation[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of stores) {
    const city = normaliseCity(s.city);
    counts.set(city, (counts.get(city) ?? 0) + 1);
  }
  return counts;
}

/** A search for a full PIN code: six digits, spaces allowed ('600 017'). Those go to the API's pincode check. */
export function fullPincode(query: string): string | null {
  const digits = query.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

export function storesInCity(stores: readonly StoreLocation[], city: string): StoreLocation[] {
  const wanted = normaliseCity(city);
  return stores.filter((s) => normaliseCity(s.city) === wanted);
}
