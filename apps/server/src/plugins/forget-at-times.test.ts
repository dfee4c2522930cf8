import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetAtTimes, type ReadCache } from './read-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** A cache that only counts how often it was told to forget. */
function countingCache() {
  const cache = { forgets: 0, invalidate: () => void cache.forgets++ };
  return cache;
}

describe('forgetAtTimes (the offers strip: a start or an end passing is no write)', () => {
  it('forgets at the earliest moment asked for, once, and again at the next one asked for after it', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T00:00:00Z') });
    const cache = countingCache();
    const forgetAt = forgetAtTimes(cache as unknown as ReadCache);
    forgetAt(new Date('2026-12-01T10:00:00Z'));
    forgetAt(new Date('2026-12-01T08:00:00Z'));
    forgetAt(new Date('2026-12-01T12:00:00Z'));
    forgetAt(null);
    vi.advanceTimersByTime(8 * 3_600_000 - 1_000);
    expect(cache.forgets).toBe(0);
    vi.advanceTimersByTime(2_000);
    expect(cache.forgets).toBe(1);
    // The 10:00 and 12:00 moments were not kept: the next load of the strip asks for its own next change.
    vi.advanceTimersByTime(5 * 3_600_000);
    expect(cache.forgets).toBe(1);
    forgetAt(new Date('2026-12-01T14:00:00Z'));
    vi.advanceTimersByTime(3_600_000);
    expect(cache.forgets).toBe(2);
  });

  it('waits in steps for a moment beyond what one timer can wait', () => {
    vi.useFakeTimers({ now: new Date('2026-12-01T00:00:00Z') });
    const cache = countingCache();
    forgetAtTimes(cache as unknown as ReadCache)(new Date('2027-06-01T00:00:00Z'));
    vi.advanceTimersByTime(2 ** 31 - 1 + 100);
    // Forgotten early (harmless: the strip is read again, and asks again for the same moment).
    expect(cache.forgets).toBe(1);
  });
});
