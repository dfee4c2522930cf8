import type { PincodeCheck } from '@milli/contracts';
import type { Db } from '@milli/db';
import { checkPincode, deliveryDate, rankByPincode } from './pincode.ts';
import { createStoresRepository } from './repository.ts';

/** How many stores the product page's pincode box lists. */
const NEARBY = 3;

export function createStoresService(db: Db, now: () => Date = () => new Date()) {
  const repo = createStoresRepository(db);
  return {
    list: () => repo.listActive(),

    /** Delivery date for a PIN and the stores nearest to it, or why it cannot be delivered to. */
    async checkPincode(raw: string): Promise<PincodeCheck> {
      const check = checkPincode(raw);
      if (!check.ok) {
        return check.reason === 'invalid'
          ? { ok: false, reason: 'invalid', message: 'Please enter a valid 6-digit Indian pincode.' }
          : { ok: false, reason: 'unserved', message: 'Sorry, we do not deliver to this pincode yet.' };
      }
      const [days, stores] = await Promise.all([repo.deliveryDays(), repo.listActive()]);
      return {
        ok: true,
        pincode: check.pincode,
        deliveryDays: days,
        deliveryDate: deliveryDate(now(), days),
        stores: rankByPincode(check.pincode, stores).slice(0, NEARBY),
      };
    },
  };
}
