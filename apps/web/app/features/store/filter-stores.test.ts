import { describe, expect, it } from 'vitest';
import { countByCity, fullPincode, storesInCity } from './filter-stores.ts';
import type { StoreLocation } from './store-location.ts';

const store = (id: number, city: string, pincode: string, name = `Milli ${city} ${id}`): StoreLocation => ({
  id,
  name,
  city,
  address: `${id} Main Road`,
  pincode,
  phone: '+91 44 4000 0000',
  hours: '10:30 am - 8:30 pm',
  latitude: 0,
  longitude: 0,
});

const STORES = [
  store(1, 'Chennai', '600017', 'Milli T. Nagar'),
  store(2, 'Chennai', '600040', 'Milli Anna Nagar'),
  store(3, 'Mumbai', '400050'),
  store(4, 'Bengaluru', '560001'),
  store(5, 'Chennai', '603103'),
];

describe('store search', () => {
  it('leaves a full PIN code to the server’s pincode check', () => {
    expect(fullPincode('600 020')).toBe('600020');
    expect(fullPincode('60002')).toBeNull();
  });
});

describe('city tiles', () => {
  it('count every spelling of a city together', () => {
    const counts = countByCity([...STORES, store(6, 'Bangalore', '560034')]);
    expect(counts.get('bangalore')).toBe(2);
    expect(counts.get('chennai')).toBe(3);
    expect(counts.get('delhi')).toBeUndefined();
  });
  it('list a city’s stores', () => {
    expect(storesInCity(STORES, 'Bangalore').map((s) => s.id)).toEqual([4]);
  });
});
