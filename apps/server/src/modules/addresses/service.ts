import { indianStateByName } from '@milli/contracts';
import { MAX_SAVED_ADDRESSES, type AddressField, type AddressInput, type AddressPatch, type SavedAddress } from '@milli/contracts/schemas';
import { isKnownDialCode } from '@milli/contracts/countries';
import type { Db } from '@milli/db';
import { DomainError } from '../../domain-error.ts';
import { addressProblems, stateOrPinState, storedPhone, type AddressParts } from '../../lib/address-rules.ts';
import { lockCustomer } from '../accounts/service.ts';
import { addressRepository, type AddressValues, type CustomerAddress } from './repository.ts';

const NOT_FOUND = 'This address is not in your address book.';
const FULL = `Your address book is full (${MAX_SAVED_ADDRESSES} addresses). Please delete one you no longer use first.`;

export function savedAddressOf(row: CustomerAddress): SavedAddress {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    address: row.address,
    landmark: row.landmark,
    city: row.city,
    state: row.state,
    stateCode: indianStateByName(row.state)?.code ?? null,
    pincode: row.pincode,
    country: row.country,
    countryCode: row.countryCode,
    phone: row.phone,
    isDefault: row.isDefault,
  };
}

/** Deletes the customer's address book, inside the transaction that erases their data (issue 38). */
export function forgetAddressBook(tx: Db, customerId: number): Promise<void> {
  return addressRepository(tx).removeAll(customerId);
}

/**
 * An address for the book, checked by checkout's rules (an address in India: PIN, the state from the list
 * agreeing with the PIN, a mobile that fits its dial code), as stored: the state's own spelling, the phone's digits.
 */
export function checkedAddress(given: Required<Omit<AddressInput, 'isDefault'>>): AddressValues {
  const input = { ...given, state: stateOrPinState(given.state, given.pincode, true) };
  const dialCode = input.countryCode.replace(/^\+/, '');
  const fields: Partial<Record<AddressField, string>> = {};
  if (!isKnownDialCode(dialCode)) fields.countryCode = 'Please choose a country code from the list.';
  const parts: AddressParts = { ...input };
  Object.assign(fields, addressProblems(parts, { inIndia: true, dialCode: fields.countryCode ? '' : dialCode }));
  if (Object.keys(fields).length > 0) throw new DomainError('INVALID_REQUEST', Object.values(fields)[0]!, fields);
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    address: input.address,
    landmark: input.landmark || null,
    city: input.city,
    state: indianStateByName(input.state)!.name,
    pincode: input.pincode,
    country: 'India',
    countryCode: dialCode,
    phone: storedPhone(input.phone, dialCode),
  };
}

/** Saves an address in the customer's book on `tx` (which must hold the customer's row): the first is the default. */
export async function addToBook(tx: Db, customerId: number, values: AddressValues, isDefault: boolean): Promise<CustomerAddress> {
  const repo = addressRepository(tx);
  const held = await repo.count(customerId);
  if (held >= MAX_SAVED_ADDRESSES) throw new DomainError('ADDRESS_BOOK_FULL', FULL);
  const row = await repo.insert(customerId, values, false);
  return isDefault || held === 0 ? (await repo.makeDefault(customerId, row.id))! : row;
}

/**
 * Keeps an address a checkout used, in the order's transaction: an exact copy already saved is left as it
 * is, and a full book keeps what it has (the order matters more than the book).
 */
export async function keepFromCheckout(tx: Db, customerId: number, values: AddressValues): Promise<void> {
  const repo = addressRepository(tx);
  await lockCustomer(tx, customerId);
  if (await repo.same(customerId, values)) return;
  if ((await repo.count(customerId)) >= MAX_SAVED_ADDRESSES) return;
  await addToBook(tx, customerId, values, false);
}

/** The address book of My Account (GET/POST/PATCH/DELETE /api/account/addresses). */
export function createAddressService(db: Db) {
  return {
    async list(customerId: number): Promise<SavedAddress[]> {
      return (await addressRepository(db).list(customerId)).map(savedAddressOf);
    },

    async add(customerId: number, input: AddressInput): Promise<SavedAddress> {
      const values = checkedAddress(input);
      return db.transaction(async (tx) => {
        await lockCustomer(tx, customerId);
        return savedAddressOf(await addToBook(tx, customerId, values, Boolean(input.isDefault)));
      });
    },

    async update(customerId: number, id: number, patch: AddressPatch): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        const repo = addressRepository(tx);
        await lockCustomer(tx, customerId);
        const row = await repo.find(customerId, id);
        if (!row) throw new DomainError('ADDRESS_NOT_FOUND', NOT_FOUND);
        const given = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as AddressPatch;
        const values = checkedAddress({
          firstName: row.firstName,
          lastName: row.lastName,
          address: row.address,
          landmark: row.landmark ?? '',
          city: row.city,
          state: row.state,
          pincode: row.pincode,
          countryCode: row.countryCode,
          phone: row.phone,
          ...given,
        });
        let saved = (await repo.update(customerId, id, values))!;
        if (patch.isDefault && !saved.isDefault) saved = (await repo.makeDefault(customerId, id))!;
        return savedAddressOf(saved);
      });
    },

    async remove(customerId: number, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const repo = addressRepository(tx);
        await lockCustomer(tx, customerId);
        const gone = await repo.remove(customerId, id);
        if (!gone) throw new DomainError('ADDRESS_NOT_FOUND', NOT_FOUND);
        // The book keeps a default while it has addresses: the newest left takes over.
        if (gone.isDefault) await repo.promoteNewest(customerId);
      });
    },

    async makeDefault(customerId: number, id: number): Promise<SavedAddress> {
      return db.transaction(async (tx) => {
        const repo = addressRepository(tx);
        await lockCustomer(tx, customerId);
        const row = await repo.makeDefault(customerId, id);
        if (!row) throw new DomainError('ADDRESS_NOT_FOUND', NOT_FOUND);
        return savedAddressOf(row);
      });
    },
  };
}
