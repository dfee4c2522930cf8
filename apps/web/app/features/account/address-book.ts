/** My Account's address book: its form's fields and what its actions answer (browser-safe: types and texts only). */
export const ADDRESS_FIELDS = ['firstName', 'lastName', 'address', 'landmark', 'city', 'state', 'pincode', 'phone'] as const;
export type AddressFormField = (typeof ADDRESS_FIELDS)[number];

export interface BookAddress {
  id: number;
  firstName: string;
  lastName: string;
  address: string;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
  countryCode: string;
  phone: string;
  isDefault: boolean;
}

export interface AddressResult {
  intent: 'save-address' | 'delete-address' | 'default-address';
  ok: boolean;
  message: string;
  fields: Partial<Record<AddressFormField, string>>;
  values: Partial<Record<AddressFormField | 'isDefault' | 'id', string>>;
}

export const ADDRESS_INTENTS: readonly string[] = ['save-address', 'delete-address', 'default-address'];
export const ADDRESS_BOOK_LIMIT = 20;

/** The page after a save: the list, with the message in the address (a redirect, so a reload never saves twice). */
export const SAVED_MESSAGES: Record<string, string> = {
  added: 'The address is saved in your address book.',
  updated: 'The address is updated.',
};
