/**
 * What a clientAction answers when its fetch to the server failed (no network, server down): the page
 * shows its own message, and nothing revalidates, since those loaders could not be reached either.
 */
export interface OfflineResult {
  offline: true;
}

export function isOfflineResult(result: unknown): result is OfflineResult {
  return !!result && typeof result === 'object' && (result as { offline?: unknown }).offline === true;
}
