/**
 * One store as GET /api/stores answers it ({ data: StoreLocation[] }). Kept here until the stores API
 * publishes its type in @milli/contracts; then this file re-exports that type instead.
 */
export interface StoreLocation {
  id: number;
  name: string;
  city: string;
  address: string;
  pincode: string;
  phone: string;
  hours: string;
  latitude: number;
  longitude: number;
}

export function isStoreLocation(value: unknown): value is StoreLocation {
  if (!value || typeof value !== 'object') return false;
  const s = value as Partial<StoreLocation>;
  return (
    typeof s.id === 'number' &&
    typeof s.name === 'string' &&
    typeof s.city === 'string' &&
    typeof s.address === 'string' &&
    typeof s.pincode === 'string'
  );
}
