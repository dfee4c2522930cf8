import { Form, Link } from 'react-router';
import type { MyReviewState } from '@milli/contracts';
import { FormAlert, useSubmitting } from '../../components/forms/form-bits.tsx';
import { fieldErrorId, fieldErrorProps } from '../../lib/field-errors.ts';
import type { ReviewResult } from './review-actions.server.ts';

/** The table's limits (packages/contracts REVIEW_TITLE_MAX, REVIEW_TEXT_MAX), as the form's own. */
const TITLE_MAX = 120;
const TEXT_MAX = 4000;
const PHOTOS_MAX = 4;
const RATINGS = [1, 2, 3, 4, 5] as const;

/** The review box starts afresh when the review it shows changes (written, edited) or becomes known. */
export function reviewKey(state: MyReviewState | null | 'unknown'): string {
  if (state === 'unknown') return 'unknown';
  return String(state?.review?.edited_at ?? state?.review?.review_id ?? 'new');
}

/** The per-person page where a buyer writes or edits their review of a piece (works without JavaScript). */
export const reviewPageHref = (productId: number) => `/review/${productId}`;

/**
 * Who may review this piece, and the form for those who may (issue 20): a customer who received it writes one
 * review and may edit it; anyone else is told why not. A plain form (multipart, the page's action), so it works
 * without JavaScript; the rating is five labelled radio buttons drawn as stars.
 *
 * `state` 'unknown' is the shared product page as the server sends it (decision 032), before or without the
 * browser asking who is here: the rule, and a link to the buyer's own review page (`reviewPage`), where the
 * server knows who they are and shows their review to edit. With JavaScript the browser soon knows, and this
 * box becomes the form itself (or the reason, or the guest's line).
 */
export function ReviewBox({ state, reviewPage, result }: { state: MyReviewState | null | 'unknown'; reviewPage: string; result: ReviewResult | null }) {
  const submitting = useSubmitting();
  if (state === 'unknown') {
    return (
      <div className="pd-review-write" data-review-unknown>
        <p className="pd-review-who muted">Only customers who received this piece can review it.</p>
        <Link to={reviewPage} className="btn btn-outline pd-review-toggle">
          Write or edit your review
        </Link>
      </div>
    );
  }
  if (!state) {
    return (
      <p className="pd-review-who muted">
        Only customers who received this piece can review it. <Link to={`/login?next=${encodeURIComponent(reviewPage)}`}>Log in</Link> to review a piece you
        bought.
      </p>
    );
  }
  if (!state.canReview) {
    return (
      <p className="pd-review-who muted" data-review-refused>
        {state.reason}
      </p>
    );
  }
  const review = state.review;
  const failed = result && !result.ok ? result : null;
  const fields = failed?.fields ?? {};
  const values = failed?.values ?? (review ? { rating: String(review.rating), title: review.title, text: review.text } : { rating: '', title: '', text: '' });
  const heading = review ? 'Edit your review' : 'Write a review';
  return (
    <div className="pd-review-write">
      {result?.ok && <FormAlert tone="success">{result.message}</FormAlert>}
      {review?.hidden && (
        <p className="muted">
          The store has hidden your review from this page. Editing it does not show it again; please write to us if you think this is a mistake.
        </p>
      )}
      <details open={!!failed || (!review && !result?.ok)}>
        <summary className="btn btn-outline pd-review-toggle">{heading}</summary>
        <Form method="post" encType="multipart/form-data" className="pd-review-form" preventScrollReset aria-label={heading} noValidate>
          <input type="hidden" name="intent" value="review" />
          {failed && <FormAlert tone="error">{failed.message}</FormAlert>}
          <fieldset className="pd-rating-input" {...(fields.rating ? { 'aria-describedby': fieldErrorId('review-rating') } : {})}>
            <legend>Your rating</legend>
            <div className="rating-stars">
              {RATINGS.map((n) => (
                <span key={n} className="rating-star">
                  <input type="radio" id={`review-rating-${n}`} name="rating" value={n} defaultChecked={values.rating === String(n)} required />
                  <label htmlFor={`review-rating-${n}`}>
                    <span aria-hidden="true">★</span>
                    <span className="visually-hidden">
                      {n} {n === 1 ? 'star' : 'stars'}
                    </span>
                  </label>
                </span>
              ))}
            </div>
            {fields.rating && (
              <p id={fieldErrorId('review-rating')} className="field-error">
                {fields.rating}
              </p>
            )}
          </fieldset>
          <div className="form-field">
            <label htmlFor="review-title">Title (optional)</label>
            <input
              id="review-title"
              name="title"
              type="text"
              maxLength={TITLE_MAX}
              defaultValue={values.title}
              {...fieldErrorProps('review-title', fields.title, fields.title ? undefined : 'review-title-hint')}
            />
            {fields.title ? (
              <p id={fieldErrorId('review-title')} className="field-error">
                {fields.title}
              </p>
            ) : (
              <p id="review-title-hint" className="field-hint">
                Left empty, your first words become the title.
              </p>
            )}
          </div>
          <div className="form-field">
            <label htmlFor="review-text">Your review</label>
            <textarea
              id="review-text"
              name="text"
              rows={5}
              maxLength={TEXT_MAX}
              required
              defaultValue={values.text}
              {...fieldErrorProps('review-text', fields.text)}
            />
            {fields.text && (
              <p id={fieldErrorId('review-text')} className="field-error">
                {fields.text}
              </p>
            )}
          </div>
          <div className="form-field">
            <label htmlFor="review-photo">Photos (optional)</label>
            <input
              id="review-photo"
              name="photo"
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif,image/heic,image/heif"
              {...fieldErrorProps('review-photo', fields.photo, fields.photo ? undefined : 'review-photo-hint')}
            />
            {fields.photo ? (
              <p id={fieldErrorId('review-photo')} className="field-error">
                {fields.photo}
              </p>
            ) : (
              <p id="review-photo-hint" className="field-hint">
                Up to {PHOTOS_MAX} pictures of the piece, 10 MB each.{review?.photos.length ? ' New photos replace the ones you sent before.' : ''}
              </p>
            )}
          </div>
          {review && review.photos.length > 0 && (
            <div className="form-field pd-review-own-photos">
              <ul className="pd-review-photos" aria-label="Your photos">
                {review.photos.map((p, i) => (
                  <li key={p.url}>
                    <img src={p.thumbUrl} alt={`Your photo ${i + 1}`} {...thumbSize(p)} loading="lazy" decoding="async" />
                  </li>
                ))}
              </ul>
              <div className="check-field">
                <input type="checkbox" id="review-remove-photos" name="removePhotos" value="1" />
                <label htmlFor="review-remove-photos">Remove my photos</label>
              </div>
            </div>
          )}
          <button type="submit" className="btn btn-primary" disabled={submitting}>
            {submitting ? 'Saving…' : review ? 'Save changes' : 'Publish review'}
          </button>
        </Form>
      </details>
    </div>
  );
}

/** A thumbnail's box: at most 96 px on its long side, in its own proportions (no layout shift). */
export function thumbSize(p: { width: number; height: number }): { width: number; height: number } {
  const scale = 96 / Math.max(p.width, p.height, 1);
  return { width: Math.max(1, Math.round(p.width * scale)), height: Math.max(1, Math.round(p.height * scale)) };
}
