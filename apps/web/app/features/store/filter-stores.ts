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

/**
 * The stores that answer a search by words or a partial PIN (a full PIN is ranked by the server's
 * pincode module, see routes/store.tsx):
 *  - fewer than six digits: stores whose PIN starts with them;
 *  - words: the city (old names too: Madras, Bombay…), or a store's name or address containing them.
 */
export function searchStores(stores: readonly StoreLocation[], query: string): StoreLocation[] {
  const q = query.trim();
  if (q === '' || fullPincode(q)) return [];
  const digits = q.replace(/\s+/g, '');
  if (/^\d{1,5}$/.test(digits)) return stores.filter((s) => s.pincode.startsWith(digits));
  const city = normaliseCity(q);
  const byCity = stores.filter((s) => normaliseCity(s.city) === city);
  if (byCity.length > 0) return byCity;
  const words = q.toLowerCase();
  return stores.filter((s) => `${s.name} ${s.address} ${s.city}`.toLowerCase().includes(words));
}

export function storesInCity(stores: readonly StoreLocation[], city: string): StoreLocation[] {
  const wanted = normaliseCity(city);
  return stores.filter((s) => normaliseCity(s.city) === wanted);
}
