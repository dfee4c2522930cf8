import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../lib/api.ts';
import { loadCheckoutPrefill } from './checkout-data.server.ts';

const HOME = {
  id: 3,
  firstName: 'Meera',
  lastName: 'Iyer',
  address: '12 Temple Street',
  landmark: null,
  city: 'Chennai',
  state: 'Tamil Nadu',
  stateCode: '33',
  pincode: '600004',
  country: 'India',
  countryCode: '91',
  phone: '9876543210',
  isDefault: true,
};
const OFFICE = {
  ...HOME,
  id: 5,
  address: '80 Feet Road',
  landmark: 'Near the metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  stateCode: '29',
  pincode: '560038',
  isDefault: false,
};

function api(book: unknown[] | null): ApiClient {
  return {
    get: <T>(path: string) => {
      if (path === '/api/account/addresses') return book ? Promise.resolve({ data: book } as T) : Promise.reject(new Error('down'));
      if (path === '/api/users/user-details/7')
        return Promise.resolve({ user: { user_name: 'meera', user_email: 'm@example.in', first_name: 'Meera', last_name: 'Iyer', mobile: '9876543210' } } as T);
      return Promise.reject(new Error(path));
    },
    post: () => Promise.reject(new Error('unused')),
    raw: () => Promise.reject(new Error('unused')),
  };
}
const user = { userId: 7, userName: 'meera' };
const url = (q = '') => new URL(`http://x/checkout${q}`);

describe('checkout starts from', () => {
  it('the default saved address, or the one picked with ?address=', async () => {
    expect((await loadCheckoutPrefill(api([HOME, OFFICE]), user, url())).prefill).toMatchObject({
      addressId: 3,
      city: 'Chennai',
      state: 'Tamil Nadu',
      landmark: '',
      phoneNumber: '9876543210',
    });
    expect((await loadCheckoutPrefill(api([HOME, OFFICE]), user, url('?address=5'))).prefill).toMatchObject({
      addressId: 5,
      city: 'Bengaluru',
      landmark: 'Near the metro',
    });
    // An id that is not the customer's falls back to the default.
    expect((await loadCheckoutPrefill(api([HOME, OFFICE]), user, url('?address=99'))).prefill.addressId).toBe(3);
  });

  it('the profile’s name and mobile without a saved address (or for a new one, or when the book does not answer)', async () => {
    const profile = { addressId: null, firstName: 'Meera', lastName: 'Iyer', address: '', city: '', state: '', phoneNumber: '9876543210' };
    expect((await loadCheckoutPrefill(api([]), user, url())).prefill).toMatchObject(profile);
    expect((await loadCheckoutPrefill(api([HOME]), user, url('?address=new'))).prefill).toMatchObject(profile);
    const down = await loadCheckoutPrefill(api(null), user, url());
    expect(down.addresses).toEqual([]);
    expect(down.prefill).toMatchObject(profile);
  });
});
