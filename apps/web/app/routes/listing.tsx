import { Link, data, isRouteErrorResponse, redirect, useRouteError } from 'react-router';
import type { Route } from './+types/listing';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { MESSAGES, categoryQueryName, type ProductPage } from '@milli/contracts';
import { ApiError } from '../lib/api.ts';
import { serverApi } from '../lib/api.server.ts';
import { STORE_DESCRIPTION, pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData, useStoreShell } from '../components/layout/shell-data.ts';
import { ErrorScreen } from '../components/layout/status-screens.tsx';
import { listingHeading } from '../features/catalog/catalog-text.ts';
import { ActiveFilters, FilterPanel } from '../features/catalog/filter-panel.tsx';
import { ListingCartBlock, ListingSearch } from '../features/catalog/listing-sidebar.tsx';
import { facetsPath, fromFilterForm, listingHref, parseListing, productListPath, showingRange } from '../features/catalog/listing-url.ts';
import { Pagination } from '../features/catalog/pagination.tsx';
import { ProductCard } from '../features/catalog/product-card.tsx';
import { SortControl } from '../features/catalog/sort-control.tsx';
import { useFiltersDrawer } from '../features/catalog/filters-drawer.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/catalog.css';

export const meta: Route.MetaFunction = ({ data: loaded, error }) => {
  if (error) return [{ title: pageTitle('Page not found') }, { name: 'robots', content: 'noindex' }];
  const heading = loaded ? listingHeading(loaded.state.filter) : 'All Jewellery';
  const q = loaded?.state.filter.q;
  return [
    { title: pageTitle(q ? `Results for ‘${loaded.page.correctedQuery ?? q}’` : 'All Jewellery') },
    {
      name: 'description',
      content: heading === 'All Jewellery' ? STORE_DESCRIPTION : `${heading} from Milli: certified, hallmarked and priced at today’s rates.`,
    },
  ];
};

/** The price-band routes keep their own address in links (jewellery-by-price, jewellery-by-price1…6). */
function priceBaseOf(pathname: string): string | undefined {
  return /^\/(jewellery-by-price[1-6]?)\//i.exec(pathname)?.[1]?.toLowerCase();
}

const EMPTY_PAGE: ProductPage = { data: [], currentPage: 1, totalPages: 0, totalResults: 0 };

/**
 * GET /api/product/productList with the address's filters, sort and page. An address that cannot be
 * read (bad JSON, words for numbers, min above max) is a 404 with the reason; the API refusing the
 * query is the same; an API failure shows the layout with an apology instead of products.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseListing(params, url.searchParams, priceBaseOf(url.pathname));
  if (!parsed.ok) throw data({ reason: parsed.reason }, { status: 404 });
  const { state } = parsed;
  // The filter panel's form, sent without JavaScript (issue 40): the chosen state's one address, as Apply gives it with.
  if (fromFilterForm(url.searchParams)) throw redirect(listingHref(state));
  try {
    const api = serverApi(context);
    // The filter panel's counts (decision 026) come alongside; without them the panel shows every value, uncounted.
    const [page, facets] = await Promise.all([api.get(productListPath(state)), api.get(facetsPath(state)).catch(() => null)]);
    const safe = page && Array.isArray(page.data) ? page : EMPTY_PAGE;
    return { state, page: safe, facets, failed: false };
  } catch (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      throw data({ reason: error.message }, { status: 404 });
    }
    return data({ state, page: EMPTY_PAGE, facets: null, failed: true }, { status: 503 });
  }
}

function Results({ loaderData }: { loaderData: Route.ComponentProps['loaderData'] }) {
  const { state, page, failed } = loaderData;
  const { categories } = useStoreShell();
  const total = page.totalResults;
  if (failed) {
    return (
      <div className="alert-error" role="alert">
        We could not load the jewellery just now. Please <Link to={listingHref(state)}>try again</Link> in a moment.
      </div>
    );
  }
  if (total === 0) {
    const searchFor = (q: string) => listingHref({ ...state, page: 1, filter: { ...state.filter, q } });
    return (
      <div className="empty-state listing-empty">
        <p className="empty-state-title">No products match</p>
        {page.didYouMean ? (
          <p className="did-you-mean">
            Did you mean <Link to={searchFor(page.didYouMean)}>“{page.didYouMean}”</Link>?
          </p>
        ) : (
          <p className="muted">Try fewer filters, another price band or a different word.</p>
        )}
        {!page.didYouMean && state.filter.q && categories.length > 0 && (
          <p className="muted">
            Or browse{' '}
            {categories.slice(0, 5).map((c, i) => (
              <span key={c}>
                {i > 0 && ', '}
                <Link to={listingHref({ filter: { category: [categoryQueryName(c)] }, sort: 0, page: 1 })}>{c}</Link>
              </span>
            ))}
            .
          </p>
        )}
        {page.suggestions && page.suggestions.length > 0 && (
          <p className="muted">
            Or try{' '}
            {page.suggestions.map((s, i) => (
              <span key={s}>
                {i > 0 && ', '}
                <Link to={searchFor(s)}>{s}</Link>
              </span>
            ))}
            .
          </p>
        )}
        <Link to="/alljewellery" className="btn btn-primary">
          Clear filters
        </Link>
      </div>
    );
  }
  if (page.data.length === 0) {
    return (
      <div className="empty-state listing-empty">
        <p className="empty-state-title">This page is past the end</p>
        <p className="muted">There {page.totalPages === 1 ? 'is 1 page' : `are ${page.totalPages} pages`} of results.</p>
        <Link to={listingHref({ ...state, page: Math.max(1, page.totalPages) })} className="btn btn-primary">
          Go to the last page
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul className="product-grid">
        {page.data.map((product, i) => (
          <li key={product.product_id}>
            <ProductCard product={product} eager={i < 4} priority={i === 0} />
          </li>
        ))}
      </ul>
      <Pagination state={state} totalPages={page.totalPages} />
    </>
  );
}

/** The shopper’s mini cart beside the filters: with the hearts, all of the listing rendered again when their summary arrives. */
function ShoppersCartBlock() {
  const { cart, personalKnown } = useShellData();
  return <ListingCartBlock cart={cart} known={personalKnown} />;
}

/**
 * Under a search's heading (issue 40): how many pieces it found, and when it corrected a typo, what it searched
 * for instead ("Showing results for necklace, not neckalce").
 */
function SearchNote({ q, page, failed }: { q: string; page: ProductPage; failed: boolean }) {
  if (failed) return null;
  const count = `${page.totalResults} ${page.totalResults === 1 ? 'piece' : 'pieces'}`;
  return (
    <p className="page-banner-note">
      {count}
      {page.correctedQuery && (
        <>
          {' · '}Showing results for <strong>{page.correctedQuery}</strong>, not {q}
        </>
      )}
    </p>
  );
}

/** The listing (spec §2) for all-jewellery, page, filter and price-band addresses. */
export default function Listing({ loaderData }: Route.ComponentProps) {
  const { categories, tagsByCategory, otherStones } = useStoreShell();
  const { state, page, facets } = loaderData;
  const { start, end } = showingRange(state.page, page.totalResults);
  const heading = listingHeading(state.filter);
  const q = state.filter.q;
  const filters = useFiltersDrawer(
    <>
      <ListingSearch state={state} />
      <FilterPanel state={state} categories={categories} tagsByCategory={tagsByCategory} otherStones={otherStones} facets={facets} />
      <ShoppersCartBlock />
    </>,
  );
  return (
    <>
      {q ? (
        <PageBanner title={`Results for ‘${page.correctedQuery ?? q}’`} crumb="Search" note={<SearchNote q={q} page={page} failed={loaderData.failed} />} />
      ) : (
        <PageBanner title="All Jewellery" crumb="Products" />
      )}
      <div className="section listing-section">
        <div className="container listing">
          <section className="listing-main" aria-labelledby="listing-title">
            <h2 id="listing-title" className="listing-title">
              {heading}
              {state.filter.q && <span className="listing-title-q"> matching “{state.filter.q}”</span>}
            </h2>
            <div className="listing-toolbar">
              <p className="listing-count" role="status">
                {page.totalResults > 0 && page.data.length > 0 ? `Showing ${start} to ${end} of ${page.totalResults} results` : `${page.totalResults} results`}
              </p>
              {filters.button}
              <SortControl state={state} />
            </div>
            <ActiveFilters state={state} />
            <Results loaderData={loaderData} />
          </section>

          {filters.place}
        </div>
      </div>
    </>
  );
}

/** An address the listing cannot read: the 404 screen, with the reason, and a way back to everything. */
export function ErrorBoundary() {
  const error = useRouteError();
  const reason =
    isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'reason' in error.data
      ? String((error.data as { reason: unknown }).reason)
      : null;
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    if (import.meta.env.DEV && !isRouteErrorResponse(error)) console.error(error);
    return <ErrorScreen status={isRouteErrorResponse(error) ? error.status : 500} />;
  }
  return (
    <section className="status-screen" aria-labelledby="status-title">
      <div className="container status-inner">
        <p className="status-code" aria-hidden="true">
          404
        </p>
        <h1 id="status-title" className="status-title">
          <span className="visually-hidden">404: </span>
          {MESSAGES.notFound}
        </h1>
        <p className="status-text">{reason ?? 'This listing address cannot be read.'}</p>
        <div className="status-actions">
          <Link to="/alljewellery" className="btn btn-primary">
            See all jewellery
          </Link>
          <Link to="/" className="btn btn-outline">
            Back to Home
          </Link>
        </div>
      </div>
    </section>
  );
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
