import { describe, expect, it } from 'vitest';
import { isAbortRejection, quietAbortedLoads } from './aborted-loads.ts';

/** An unhandled rejection as the browser dispatches it: cancelable, with the rejection's reason. */
function rejection(reason: unknown): Event {
  return Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason });
}

describe('loads the router called off', () => {
  it('are aborts: a DOMException named AbortError, and nothing else', () => {
    const controller = new AbortController();
    controller.abort();
    expect(isAbortRejection(controller.signal.reason)).toBe(true);
    expect(isAbortRejection(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(true);
    expect(isAbortRejection(new DOMException('quota', 'QuotaExceededError'))).toBe(false);
    expect(isAbortRejection(Object.assign(new Error('aborted'), { name: 'AbortError' }))).toBe(false);
    expect(isAbortRejection(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortRejection(undefined)).toBe(false);
  });

  it('stay out of the console; every other unhandled rejection still reaches it', () => {
    const window = new EventTarget() as unknown as Window;
    quietAbortedLoads(window);
    const aborted = rejection(new DOMException('signal is aborted without reason', 'AbortError'));
    const failed = rejection(new Error('the summary could not be read'));
    window.dispatchEvent(aborted);
    window.dispatchEvent(failed);
    expect(aborted.defaultPrevented).toBe(true);
    expect(failed.defaultPrevented).toBe(false);
  });
});
