import { describe, expect, it } from 'vitest';
import { compact, distanceKm, placeNamed, placeOfPin } from './places.ts';

describe('places', () => {
  it('compares text without case, spaces or stops', () => {
    expect(compact('Milli T. Nagar')).toContain(compact('t nagar'));
  });
  it('knows the other names of cities', () => {
    for (const [other, name] of [
      ['Gurgaon', 'Gurugram'],
      ['bengaluru', 'Bangalore'],
      ['Bombay', 'Mumbai'],
      ['MADRAS', 'Chennai'],
      ['Calcutta', 'Kolkata'],
      ['Trivandrum', 'Thiruvananthapuram'],
    ]) {
      expect(placeNamed(other!)?.name).toBe(name);
    }
  });
  it('finds a PIN’s city by its longest leading digits', () => {
    expect(placeOfPin('122002')?.name).toBe('Gurugram');
    expect(placeOfPin('201301')?.name).toBe('Noida');
    expect(placeOfPin('999999')).toBeNull();
  });
  it('measures great-circle distances (Chennai to Delhi is about 1,760 km)', () => {
    const km = distanceKm({ latitude: 13.0827, longitude: 80.2707 }, { latitude: 28.6139, longitude: 77.209 });
    expect(km).toBeGreaterThan(1740);
    expect(km).toBeLessThan(1780);
  });
});
