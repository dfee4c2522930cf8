import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, indianStateByCode, indianStateByName } from './indian-states.ts';

describe('INDIAN_STATES', () => {
  it('lists the 28 states and 8 union territories once each, by name, with distinct two-digit GST codes', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES.map((s) => s.code)).size).toBe(36);
    expect(new Set(INDIAN_STATES.map((s) => s.name)).size).toBe(36);
    for (const s of INDIAN_STATES) expect(s.code).toMatch(/^(0[1-9]|[12][0-9]|3[0-8])$/);
    expect([...INDIAN_STATES].map((s) => s.name)).toEqual([...INDIAN_STATES].map((s) => s.name).sort((a, b) => a.localeCompare(b)));
  });

  it('finds a state by its name as typed, and by its code', () => {
    expect(indianStateByName('  tamil   nadu ')).toEqual({ name: 'Tamil Nadu', code: '33' });
    expect(indianStateByName('Jammu & Kashmir')?.code).toBe('01');
    expect(indianStateByName('Madras')).toBeNull();
    expect(indianStateByCode('29')?.name).toBe('Karnataka');
    expect(indianStateByCode('25')).toBeNull();
  });
});
