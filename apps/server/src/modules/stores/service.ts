import type { PincodeCheck, StoreNear, StoreSearch } from '@milli/contracts';
import type { SizerRequestSchema } from '@milli/contracts/schemas';
import type { z } from 'zod';
import type { Db } from '@milli/db';
import { checkPincode, deliveryDate, rankByPincode } from './pincode.ts';
import { compact, distanceKm, hasPosition, placeNamed, placeOfPin, type Position } from './places.ts';
import type { SettingsService } from '../settings/service.ts';
import { createStoresRepository } from './repository.ts';

/** How many stores the product page's pincode box and a search for a city without a store list. */
const NEARBY = 3;

type Store = Awaited<ReturnType<ReturnType<typeof createStoresRepository>['listActive']>>[number];

const withoutDistance = (s: Store): StoreNear => ({ ...s, distanceKm: null });

/** Nearest first; stores without a position last, with no distance. Kilometres to one decimal. */
function byDistance(from: Position, stores: readonly Store[]): StoreNear[] {
  return stores
    .map((s) => ({ ...s, distanceKm: hasPosition(s) ? Math.round(distanceKm(from, s) * 10) / 10 : null }))
    .sort((a, b) => (a.distanceKm ?? Infinity) - (b.distanceKm ?? Infinity));
}

/** Before the store is set up, deliveries are promised in the spec's fifteen days. */
const DEFAULT_DELIVERY_DAYS = 15;

/** The contact details of the customer's sizer requests made anonymous, inside the transaction that erases their data (issue 38). */
export function anonymiseSizerRequests(tx: Db, customerId: number, name: string): Promise<void> {
  return createStoresRepository(tx).anonymiseSizerRequestsOf(customerId, name);
}

export function createStoresService(db: Db, settings: SettingsService, now: () => Date = () => new Date()) {
  const repo = createStoresRepository(db);
  return {
    list: () => repo.listActive(),

    /** 'Get Free Sizer' (product page): kept for staff, who post a ring sizer. */
    requestSizer: (request: z.infer<typeof SizerRequestSchema>, customerId: number | null) => repo.addSizerRequest({ ...request, customerId }),

    /** Delivery date for a PIN and the stores nearest to it, or why it cannot be delivered to. */
    async checkPincode(raw: string): Promise<PincodeCheck> {
      const check = checkPincode(raw);
      if (!check.ok) {
        return check.reason === 'invalid'
          ? { ok: false, reason: 'invalid', message: 'Please enter a valid 6-digit Indian pincode.' }
          : { ok: false, reason: 'unserved', message: 'Sorry, we do not deliver to this pincode yet.' };
      }
      const [days, stores] = await Promise.all([settings.get().then((s) => s?.deliveryDays ?? DEFAULT_DELIVERY_DAYS), repo.listActive()]);
      // The PIN's position: a store's own when one has this very PIN, else its city's.
      const own = stores.find((s) => s.pincode === check.pincode && hasPosition(s));
      const from = own ?? placeOfPin(check.pincode);
      return {
        ok: true,
        pincode: check.pincode,
        deliveryDays: days,
        deliveryDate: deliveryDate(now(), days),
        stores: from ? byDistance(from, stores).slice(0, NEARBY) : rankByPincode(check.pincode, stores).slice(0, NEARBY).map(withoutDistance),
      };
    },

    /**
     * The store locator's search by words: a city by any of its names (Gurgaon or Gurugram, Madras or
     * Chennai), or a locality or store name, compared without spaces and stops ('T Nagar' finds 'Milli
     * T. Nagar'). A city with no store of its own gets the stores nearest to it.
     */
    async search(query: string): Promise<StoreSearch> {
      const words = compact(query);
      if (words === '') return { data: [], place: null, nearest: false };
      const stores = await repo.listActive();
      const place = placeNamed(query);
      const matches = stores.filter((s) => (place && placeNamed(s.city) === place) || compact(`${s.name} ${s.address} ${s.city}`).includes(words));
      if (matches.length > 0) {
        return { data: place ? byDistance(place, matches) : matches.map(withoutDistance), place: place?.name ?? null, nearest: false };
      }
      if (place) return { data: byDistance(place, stores).slice(0, NEARBY), place: place.name, nearest: true };
      return { data: [], place: null, nearest: false };
    },
  };
}

/**
 * Where a PIN lies, as the store locator places it: the centre of its city (places.ts), or null for a PIN of
 * no known city. The back office's store form offers it as a starting position.
 */
export function positionOfPincode(pincode: string): { pincode: string; place: string; latitude: number; longitude: number } | null {
  const check = checkPincode(pincode);
  if (!check.ok && check.reason === 'invalid') return null;
  const place = placeOfPin(pincode.trim());
  return place ? { pincode: pincode.trim(), place: place.name, latitude: place.latitude, longitude: place.longitude } : null;
}
