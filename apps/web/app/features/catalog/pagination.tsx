import { Link } from 'react-router';
import { listingHref, pageItems, type ListingState } from './listing-url.ts';

/**
 * Pages of a listing (spec §9): first, last, two either side of the current page, ellipses between.
 * Nothing at all for a single page.
 */
export function Pagination({ state, totalPages }: { state: ListingState; totalPages: number }) {
  const items = pageItems(state.page, totalPages);
  if (items.length === 0) return null;
  const href = (page: number) => listingHref({ ...state, page });
  const prev = state.page > 1 ? Math.min(state.page - 1, totalPages) : null;
  const next = state.page < totalPages ? state.page + 1 : null;
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        <li>
          {prev ? (
            <Link to={href(prev)} className="page-link page-link--step" rel="prev" aria-label="Previous page">
              ‹
            </Link>
          ) : (
            <span className="page-link page-link--step is-disabled" aria-hidden="true">
              ‹
            </span>
          )}
        </li>
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              {item === state.page ? (
                <span className="page-link is-current" aria-current="page">
                  <span className="visually-hidden">Page </span>
                  {item}
                </span>
              ) : (
                <Link to={href(item)} className="page-link" aria-label={`Page ${item}`}>
                  {item}
                </Link>
              )}
            </li>
          ) : (
            <li key={item} className="page-gap" aria-hidden="true">
              …
            </li>
          ),
        )}
        <li>
          {next ? (
            <Link to={href(next)} className="page-link page-link--step" rel="next" aria-label="Next page">
              ›
            </Link>
          ) : (
            <span className="page-link page-link--step is-disabled" aria-hidden="true">
              ›
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}
