/** One store as GET /api/stores answers it ({ data: StoreLocation[] }): the contract's type. */
export type { StoreLocation } from '@milli/contracts';
import type { StoreLocation } from '@milli/contracts';

export function isStoreLocation(value: unknown): value is StoreLocation {
  if (!value || typeof value !== 'object') return false;
  const s = value as Partial<StoreLocation>;
  return typeof s.id === 'number' && typeof s.name === 'string' && typeof s.city === 'string' && typeof s.address === 'string' && typeof s.pincode === 'string';
}
