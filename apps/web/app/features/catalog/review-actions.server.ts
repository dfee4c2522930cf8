import type { MyReviewState } from '@milli/contracts';
import { refusalMessage, type ApiClient } from '../../lib/api.ts';
import { replyTo } from '../../lib/api.server.ts';
import { apiFieldErrors, type FieldErrors } from '../../lib/field-errors.ts';

export const REVIEW_FIELDS = ['rating', 'title', 'text', 'photo'] as const;
export type ReviewField = (typeof REVIEW_FIELDS)[number];

export interface ReviewResult {
  intent: 'review';
  ok: boolean;
  message: string;
  fields?: FieldErrors<ReviewField>;
  /** What was typed, so a refused form keeps it. */
  values?: { rating: string; title: string; text: string };
}

/** Four photos of 10 MB and the text: a body declaring more is refused before it is read. */
const MAX_REVIEW_BYTES = 41 * 1024 * 1024;
const FAILED = 'We could not save your review just now. Please try again.';

/** A review form larger than four photos and its text can ever be: refused before the page's action reads it. */
export function reviewTooLarge(request: Request): ReviewResult | null {
  if (Number(request.headers.get('content-length') ?? 0) <= MAX_REVIEW_BYTES) return null;
  return { intent: 'review', ok: false, message: 'The photos are too large. Please send at most four photos of 10 MB each.' };
}

/** Whether the request carries a shop session at all (a guest's page never asks the API about their review). */
export const hasSession = (request: Request) => /(?:^|;\s*)milli_session=/.test(request.headers.get('cookie') ?? '');

/** GET /api/product/{id}/reviews/mine for a signed-in shopper; null for a guest or when it cannot be read. */
export async function loadMyReview(api: ApiClient, request: Request, productId: number): Promise<MyReviewState | null> {
  if (!hasSession(request)) return null;
  // A session that has ended (401) or an API that cannot answer: the page shows the guest's line.
  return api.get(`/api/product/${productId}/reviews/mine`).catch(() => null);
}

/**
 * The review form (works without JavaScript): sends rating, title, text and up to four photos to
 * POST /api/product/{id}/reviews as multipart; the API decides who may (REVIEW_NOT_BUYER) and checks every field.
 */
export async function submitReview(api: ApiClient, request: Request, productId: number, form: FormData): Promise<{ result: ReviewResult; status: number }> {
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : '';
  };
  const values = { rating: text('rating'), title: text('title'), text: text('text') };
  const fail = (message: string, status: number, fields: FieldErrors<ReviewField> = {}) => ({
    result: { intent: 'review' as const, ok: false, message, fields, values },
    status,
  });
  const body = new FormData();
  body.set('rating', values.rating);
  body.set('title', values.title);
  body.set('text', values.text);
  if (text('removePhotos')) body.set('removePhotos', '1');
  for (const file of form.getAll('photo')) {
    // An empty file input arrives as a nameless, empty file: not sent on.
    if (typeof file !== 'string' && file.size > 0) body.append('photo', file, file.name || 'photo.jpg');
  }
  const reply = await replyTo(api, 'POST', `/api/product/${productId}/reviews`, body);
  if (!reply) return fail(FAILED, 502);
  if (reply.ok) return { result: { intent: 'review', ok: true, message: reply.data.message || 'Thank you: your review is published.' }, status: 200 };
  if (reply.status === 401) return fail('Please log in to write a review.', 401);
  const refused = reply.status < 500;
  return fail((refused && refusalMessage(reply.body)) || FAILED, refused ? reply.status : 502, refused ? apiFieldErrors(reply.body, REVIEW_FIELDS) : {});
}
