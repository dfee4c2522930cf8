import { describe, expect, it } from 'vitest';
import { ago, dueText, span } from './desk-format.ts';

const NOW = '2026-11-29T12:00:00.000Z';

describe('the desk’s timers in words', () => {
  it('say how long ago, and how long is left or how far past', () => {
    expect(span(30_000)).toBe('1 min');
    expect(span(45 * 60_000)).toBe('45 min');
    expect(span(47 * 3_600_000 + 59 * 60_000)).toBe('47 h');
    expect(span(49 * 3_600_000)).toBe('2 days');
    expect(ago('2026-11-29T07:00:00.000Z', NOW)).toBe('5 h ago');
    expect(dueText('2026-12-01T12:00:00.000Z', NOW)).toBe('in 2 days');
    expect(dueText('2026-11-29T09:30:00.000Z', NOW)).toBe('2 h overdue');
  });
});
