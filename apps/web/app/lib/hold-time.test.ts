import { describe, expect, it } from 'vitest';
import { holdTime } from './payment-step.ts';

describe('holdTime', () => {
  it('writes the hour after midnight as 00, as every browser does (Node alone wrote 24 with hour12: false, which broke hydration)', () => {
    expect(holdTime('2026-11-24T18:35:00Z')).toBe('00:05');
    expect(holdTime('2026-11-24T18:29:00Z')).toBe('23:59');
    expect(holdTime('2026-11-25T04:30:00Z')).toBe('10:00');
  });
});
