import { useEffect, useState } from 'react';
import type { MyReviewState } from '@milli/contracts';

const isReviewState = (value: unknown): value is MyReviewState =>
  !!value && typeof value === 'object' && typeof (value as MyReviewState).canReview === 'boolean';

/**
 * The signed-in shopper's right to review this piece and their review, for the shared product page (decision
 * 032): asked by the browser (GET /api/product/{id}/reviews/mine) once it knows someone is signed in, and again
 * after each review sent (`after` changes). A page rendered for this visitor (a form posted without JavaScript)
 * already has it from the server. 'unknown' until then, and when the answer could not be had (the box then
 * links to the review's own page, /review/{id}); null for a guest or a session that has just ended (401).
 */
export function useMyReview(
  productId: number | null,
  fromServer: MyReviewState | null,
  personalKnown: boolean,
  signedIn: boolean,
  after: unknown,
): MyReviewState | null | 'unknown' {
  const [fetched, setFetched] = useState<{ productId: number; state: MyReviewState | null | 'unknown' } | null>(null);
  useEffect(() => {
    if (fromServer || !personalKnown || !signedIn || productId === null) return;
    let live = true;
    fetch(`/api/product/${productId}/reviews/mine`, { credentials: 'same-origin', headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(async (res) => {
        if (res.status === 401) return null;
        const value: unknown = res.ok ? await res.json() : undefined;
        return isReviewState(value) ? value : ('unknown' as const);
      })
      .catch(() => 'unknown' as const)
      .then((state) => {
        if (live) setFetched({ productId, state });
      });
    return () => {
      live = false;
    };
  }, [productId, fromServer, personalKnown, signedIn, after]);
  if (fromServer) return fromServer;
  if (!personalKnown) return 'unknown';
  if (!signedIn) return null;
  return fetched && fetched.productId === productId ? fetched.state : 'unknown';
}
