import type { Route } from './+types/harvest-mine';
import { serverApi } from '../lib/api.server.ts';
import { loadHarvestMine } from '../features/harvest/harvest-actions.server.ts';

/**
 * GET /milli-harvest/mine (issue 21): the signed-in customer's plan, their account's e-mail and the amount they
 * typed as a guest, as JSON, for the shared /milli-harvest to fill in once painted (features/harvest/
 * use-harvest-mine.ts). The session's own: a guest gets no plan. Never kept by anyone.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const mine = await loadHarvestMine(serverApi(context), request);
  return Response.json(mine, { headers: { 'Cache-Control': 'private, no-store' } });
}
