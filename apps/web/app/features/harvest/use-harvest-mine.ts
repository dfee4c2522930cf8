import { useEffect, useState } from 'react';
import type { HarvestPlan } from '@milli/contracts';
import { HARVEST_MINE_PATH } from './harvest-text.ts';

/** The signed-in customer's side of /milli-harvest, as the browser learns it. */
export interface HarvestMineState {
  plan: HarvestPlan | null;
  email: string;
  /** The amount they typed as a guest before logging in, or null. */
  amount: string | null;
}

function toMine(value: unknown): HarvestMineState | null {
  if (!value || typeof value !== 'object') return null;
  const { plan, email, amount } = value as Record<string, unknown>;
  const planOk = plan === null || (!!plan && typeof plan === 'object' && Array.isArray((plan as HarvestPlan).instalments));
  if (!planOk || typeof email !== 'string') return null;
  return { plan: plan as HarvestPlan | null, email, amount: typeof amount === 'string' && /^\d{1,7}$/.test(amount) ? amount : null };
}

/**
 * The customer's plan, e-mail and remembered amount for the shared /milli-harvest (decision 032): asked by the
 * browser (GET /milli-harvest/mine, routes/harvest-mine.ts) once it knows someone is signed in, and again when who
 * is signed in changes. 'unknown' until then, and when it could not be had (the page keeps the form, which works
 * for anyone: the action decides); null for a guest.
 */
export function useHarvestMine(personalKnown: boolean, userId: number | null): HarvestMineState | null | 'unknown' {
  const [fetched, setFetched] = useState<{ userId: number; mine: HarvestMineState | 'unknown' } | null>(null);
  useEffect(() => {
    if (!personalKnown || userId === null) return;
    let live = true;
    fetch(HARVEST_MINE_PATH, { credentials: 'same-origin', headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(async (res) => (res.ok ? toMine(await res.json()) : null))
      .catch(() => null)
      .then((mine) => {
        if (live) setFetched({ userId, mine: mine ?? 'unknown' });
      });
    return () => {
      live = false;
    };
  }, [personalKnown, userId]);
  if (!personalKnown) return 'unknown';
  if (userId === null) return null;
  return fetched && fetched.userId === userId ? fetched.mine : 'unknown';
}
