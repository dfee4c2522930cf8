import { countries } from '@milli/contracts/countries';
import { type SavedAddress } from '@milli/contracts/schemas';
import type { ApiClient } from '../../lib/api.ts';
import type { SessionUser } from '../../lib/session.ts';
import type { CheckoutPrefill } from './checkout-form.ts';

/** The country list for checkout's selects (server only: the phone metadata stays out of the browser bundle). */
export function countryOptions() {
  return countries().map((c) => ({ iso2: c.iso2, name: c.name, dialCode: c.dialCode }));
}

/** A saved address as the checkout's picker shows it. */
export type PickableAddress = Pick<
  SavedAddress,
  'id' | 'firstName' | 'lastName' | 'address' | 'landmark' | 'city' | 'state' | 'pincode' | 'phone' | 'isDefault'
>;

/**
 * What the billing form starts from: the saved address picked (?address=id), else the default one, else
 * the profile's name and mobile. No answer from the API leaves the form empty, never the page broken.
 */
export async function loadCheckoutPrefill(api: ApiClient, user: SessionUser, url: URL): Promise<{ addresses: PickableAddress[]; prefill: CheckoutPrefill }> {
  const book = await api.get('/api/account/addresses').catch(() => ({ data: [] as SavedAddress[] }));
  const addresses = book.data.map(({ id, firstName, lastName, address, landmark, city, state, pincode, phone, isDefault }) => ({
    id,
    firstName,
    lastName,
    address,
    landmark,
    city,
    state,
    pincode,
    phone,
    isDefault,
  }));
  // ?address=new: an empty form (the profile's name and mobile), whatever the book holds.
  const asked = url.searchParams.get('address');
  const chosen = asked === 'new' ? null : (addresses.find((a) => String(a.id) === asked) ?? addresses.find((a) => a.isDefault) ?? null);
  if (chosen) {
    return {
      addresses,
      prefill: {
        addressId: chosen.id,
        firstName: chosen.firstName,
        lastName: chosen.lastName,
        address: chosen.address,
        landmark: chosen.landmark ?? '',
        city: chosen.city,
        state: chosen.state,
        pincode: chosen.pincode,
        phoneNumber: chosen.phone,
      },
    };
  }
  const details = await api.get(`/api/users/user-details/${user.userId}`).catch(() => null);
  const profile = details?.user;
  return {
    addresses,
    prefill: {
      addressId: null,
      firstName: profile?.first_name ?? '',
      lastName: profile?.last_name ?? '',
      address: '',
      landmark: '',
      city: '',
      state: '',
      pincode: '',
      phoneNumber: profile?.mobile ?? '',
    },
  };
}
