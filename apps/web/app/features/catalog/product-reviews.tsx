import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductReviews as Reviews } from '@milli/contracts';
import { thumbSize } from './review-form.tsx';

const REVIEW_DATE = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });

function Stars({ value, label }: { value: number; label: string }) {
  return (
    <span className="stars" role="img" aria-label={label}>
      <span className="stars-fill" style={{ width: `${(Math.min(5, Math.max(0, value)) / 5) * 100}%` }} />
    </span>
  );
}

/** The page of reviews at ?reviews=N, keeping the rest of the address (a pincode asked for, say). */
function pageHref(path: string, search: string, page: number): string {
  const params = new URLSearchParams(search);
  if (page <= 1) params.delete('reviews');
  else params.set('reviews', String(page));
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}#reviews`;
}

/**
 * What shoppers wrote about the piece (decision 024), newest first, a page at a time: the stars and the
 * count at the top of the page are these reviews'. Null reviews means they could not be fetched.
 */
export function ProductReviews({ reviews, path, search, children }: { reviews: Reviews | null; path: string; search: string; children?: ReactNode }) {
  return (
    <section id="reviews" className="pd-reviews" aria-labelledby="reviews-title">
      <h3 id="reviews-title" className="pd-reviews-title">
        Reviews
      </h3>
      {children}
      {!reviews ? (
        <p className="muted">We could not load the reviews just now.</p>
      ) : reviews.totalResults === 0 ? (
        <p className="muted">0 Reviews. Nobody has reviewed this piece yet.</p>
      ) : (
        <>
          <p className="pd-reviews-summary">
            <Stars value={reviews.averageRating} label={`Rated ${reviews.averageRating.toFixed(1)} out of 5`} />
            <span>
              {reviews.averageRating.toFixed(1)} out of 5 from {reviews.totalResults} {reviews.totalResults === 1 ? 'review' : 'reviews'}
            </span>
          </p>
          <ol className="pd-review-list">
            {reviews.data.map((r) => (
              <li key={r.review_id}>
                <article className="pd-review">
                  <p className="pd-review-head">
                    <Stars value={r.rating} label={`${r.rating} out of 5`} />
                    {r.verified && <span className="pd-review-verified">Verified buyer</span>}
                  </p>
                  <h4 className="pd-review-title">{r.title}</h4>
                  <p className="pd-review-text">{r.text}</p>
                  {r.photos.length > 0 && (
                    <ul className="pd-review-photos" aria-label={`Photos from ${r.author}`}>
                      {r.photos.map((p, i) => (
                        <li key={p.url}>
                          <a href={p.url} target="_blank" rel="noopener">
                            <img
                              src={p.thumbUrl}
                              alt={`Photo ${i + 1} of ${r.photos.length} from ${r.author}'s review`}
                              {...thumbSize(p)}
                              loading="lazy"
                              decoding="async"
                            />
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                  <p className="pd-review-by muted">
                    {r.author}, <time dateTime={r.created_at}>{REVIEW_DATE.format(new Date(r.created_at))}</time>
                    {r.edited && ' (edited)'}
                  </p>
                </article>
              </li>
            ))}
          </ol>
          {reviews.totalPages > 1 && (
            <nav className="pd-reviews-pages" aria-label="Pages of reviews">
              {reviews.currentPage > 1 && (
                <Link to={pageHref(path, search, reviews.currentPage - 1)} preventScrollReset>
                  Newer reviews
                </Link>
              )}
              <span>
                Page {reviews.currentPage} of {reviews.totalPages}
              </span>
              {reviews.currentPage < reviews.totalPages && (
                <Link to={pageHref(path, search, reviews.currentPage + 1)} preventScrollReset>
                  Older reviews
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </section>
  );
}
