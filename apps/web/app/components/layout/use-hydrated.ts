import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's HTML and the render that hydrates it, true from then on: a control that only works with
 * JavaScript (a disclosure button) can replace its no-script form (a link to a real page) without a mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
