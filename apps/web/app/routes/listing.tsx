import { Form, Link, useSearchParams } from 'react-router';
import type { Route } from './+types/listing';
import { COLOUR_FILTERS, PRICE_BANDS, SORT_OPTIONS, STONE_AND_METAL_FILTERS, categoryQueryName } from '@milli/contracts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('All Jewellery') }];

/** The filter address of one value, as the spec writes it: /alljewellery/productfilter/{json}. */
const filterHref = (filter: Record<string, string | number>) =>
  `/alljewellery/productfilter/${encodeURIComponent(JSON.stringify(filter))}`;

/**
 * The listing layout (spec §2) for all-jewellery, price-band and filter routes. Products, the 'Showing X
 * to Y of Z results' line and pagination appear with the listing issue, once there is data to show;
 * until then nothing pretends to be a result.
 */
export default function Listing() {
  const { categories } = useShellData();
  const [params] = useSearchParams();
  const sort = params.get('sort') ?? '0';
  return (
    <>
      <PageBanner title="All Jewellery" crumb="Products" />
      <div className="section">
        <div className="container listing">
          <aside className="listing-side" aria-label="Filters">
            <Form method="get" action="/alljewellery" role="search" className="side-block">
              <div className="form-field">
                <label htmlFor="listing-q">Search products</label>
                <input id="listing-q" name="q" type="search" defaultValue={params.get('q') ?? ''} />
              </div>
            </Form>
            <nav className="side-block" aria-labelledby="side-categories">
              <h2 id="side-categories" className="side-title">
                Categories
              </h2>
              <ul className="side-links">
                {categories.map((c) => (
                  <li key={c}>
                    <Link to={filterHref({ category: categoryQueryName(c) })}>{c}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <nav className="side-block" aria-labelledby="side-price">
              <h2 id="side-price" className="side-title">
                Shop by price
              </h2>
              <ul className="side-links">
                {PRICE_BANDS.map((b) => (
                  <li key={b.label}>
                    <Link to={filterHref(b.max === null ? { minPrice: b.min } : { minPrice: b.min, maxPrice: b.max })}>{b.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <nav className="side-block" aria-labelledby="side-stone">
              <h2 id="side-stone" className="side-title">
                Metal &amp; Stone
              </h2>
              <ul className="side-links">
                {STONE_AND_METAL_FILTERS.map((s) => (
                  <li key={s}>
                    <Link to={filterHref({ stone: s })}>{s}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <nav className="side-block" aria-labelledby="side-colour">
              <h2 id="side-colour" className="side-title">
                Colour
              </h2>
              <ul className="side-links side-links--inline">
                {COLOUR_FILTERS.map((c) => (
                  <li key={c}>
                    <Link to={filterHref({ colour: c })}>{c}</Link>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="side-block side-promo">
              <p className="side-title">Can’t find it?</p>
              <p className="muted">Our designers will make it for you.</p>
              <Link to="/custom-design" className="btn btn-gold btn-sm">
                Custom design
              </Link>
              <p className="side-cart-links">
                <Link to="/cart">View cart</Link> · <Link to="/checkout">Checkout</Link>
              </p>
            </div>
          </aside>

          <section className="listing-main" aria-labelledby="listing-title">
            <h2 id="listing-title" className="visually-hidden">
              Products
            </h2>
            <Form method="get" className="listing-toolbar">
              <div className="form-field">
                <label htmlFor="listing-sort">Sort by</label>
                <select id="listing-sort" name="sort" defaultValue={sort}>
                  {SORT_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
              <button type="submit" className="btn btn-outline btn-sm">
                Sort
              </button>
            </Form>
          </section>
        </div>
      </div>
    </>
  );
}
