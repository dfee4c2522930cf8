import { z } from 'zod';

/** How many addresses one customer's address book keeps. */
export const MAX_SAVED_ADDRESSES = 20;

const flag = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()).optional();
const field = (max: number) => z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().trim().max(max, `must be at most ${max} characters`));

/**
 * POST /api/account/addresses (JSON or form data): an address in India for the address book. Only shapes
 * here; the rules (PIN, Indian mobile, state from the list) are the server's, the same as checkout's.
 */
export const AddressInputSchema = z.object({
  firstName: field(60),
  lastName: field(60),
  address: field(300),
  landmark: field(120),
  city: field(80),
  /** One of INDIAN_STATES' names. */
  state: field(80),
  pincode: field(12),
  /** The phone's dial code: '91' (or '+91') for India. */
  countryCode: z.preprocess((v) => (v === null || v === undefined || v === '' ? '91' : v), z.string().trim().max(6, 'must be at most 6 characters')),
  phone: field(20),
  /** Make this the default address (the first one saved always is). */
  isDefault: flag,
});
export type AddressInput = z.infer<typeof AddressInputSchema>;
export type AddressField = 'firstName' | 'lastName' | 'address' | 'landmark' | 'city' | 'state' | 'pincode' | 'countryCode' | 'phone';

/** PATCH /api/account/addresses/{id}: the fields to change; the others stay. */
export const AddressPatchSchema = AddressInputSchema.partial();
export type AddressPatch = z.infer<typeof AddressPatchSchema>;

export const AddressParamsSchema = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int().positive().max(2_147_483_647) });

/** One saved address. */
export const SavedAddressSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  /** The state's two-digit GST code. */
  stateCode: z.string().nullable(),
  pincode: z.string(),
  country: z.string(),
  countryCode: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
});
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** GET /api/account/addresses: the default first, then the newest. */
export const AddressListSchema = z.object({ data: z.array(SavedAddressSchema) });
export type AddressList = z.infer<typeof AddressListSchema>;

/** POST, PATCH, POST …/default: the address as saved. DELETE answers the message alone. */
export const AddressAnswerSchema = z.object({ message: z.string(), address: SavedAddressSchema });
export type AddressAnswer = z.infer<typeof AddressAnswerSchema>;
