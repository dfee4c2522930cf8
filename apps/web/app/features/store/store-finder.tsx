import { Form, Link } from 'react-router';
import { bookingHref } from '../../lib/booking-href.ts';
import { STORE_CITIES, streetLine } from '@milli/contracts';
import { telHref } from '../../components/layout/contact.ts';
import { CityArt } from './city-art.tsx';
import { normaliseCity } from './filter-stores.ts';
import type { StoreLocation } from './store-location.ts';

const SEARCH_LABEL = 'Enter your Pincode or City';

export function StoreSearch({ query }: { query: string }) {
  return (
    <Form method="get" action="/store" className="store-search" role="search" aria-label="Find a store">
      <div className="form-field">
        <label htmlFor="store-q">{SEARCH_LABEL}</label>
        <div className="store-search-row">
          <input
            key={query}
            id="store-q"
            name="q"
            type="search"
            defaultValue={query}
            placeholder="e.g. 600017 or Chennai"
            autoComplete="postal-code"
            enterKeyHint="search"
            maxLength={60}
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </div>
    </Form>
  );
}

/** A store count, or nothing when the list could not be fetched (never a made-up number). */
function countLabel(count: number | undefined): string | null {
  if (count === undefined) return null;
  if (count === 0) return 'No store yet';
  return `${count} ${count === 1 ? 'Store' : 'Stores'}`;
}

export function CityTiles({ counts, selected }: { counts: Record<string, number> | null; selected: string | null }) {
  const current = selected ? normaliseCity(selected) : null;
  return (
    <section className="section section--warm" aria-labelledby="cities-title">
      <div className="container">
        <span className="section-eyebrow center">Shop by store</span>
        <h2 id="cities-title" className="section-title">
          Our cities
        </h2>
        <ul className="city-grid">
          {STORE_CITIES.map((city) => {
            const label = countLabel(counts ? (counts[normaliseCity(city)] ?? 0) : undefined);
            const isCurrent = current === normaliseCity(city);
            return (
              <li key={city}>
                <Link to={`/store?city=${encodeURIComponent(city)}`} className="city-tile" aria-current={isCurrent ? 'page' : undefined}>
                  <CityArt city={city} />
                  <span className="city-name">{city}</span>
                  {label && <span className="city-count">{label}</span>}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function directionsHref(store: StoreLocation): string {
  return `https://www.google.com/maps/search/?api=1&query=${store.latitude},${store.longitude}`;
}

/** '850 m', '4.2 km', '1,760 km': straight-line, as the card says. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.max(100, Math.round((km * 1000) / 50) * 50)} m`;
  if (km < 10) return `${km.toFixed(1)} km`;
  return `${Math.round(km).toLocaleString('en-IN')} km`;
}

export function StoreResults({
  stores,
  heading,
  failed,
  notice = null,
  place = null,
  from = null,
}: {
  stores: (StoreLocation & { distanceKm?: number | null })[];
  /** What the distances are measured from ('PIN 600017', 'Gurugram'), named on each card. */
  from?: string | null;
  heading: string;
  failed: boolean;
  /** Why nothing was found, when the server said (an unserved or invalid PIN code). */
  notice?: string | null;
  /** The city or words searched for, named in the 'no store' answer. */
  place?: string | null;
}) {
  return (
    <section className="store-results" aria-labelledby="store-results-title" id="store-results">
      <h2 id="store-results-title" className="store-results-title">
        {heading}
      </h2>
      {failed ? (
        <p className="alert-error" role="alert">
          We could not load our store list just now. Please try again in a moment.
        </p>
      ) : stores.length === 0 ? (
        <div className="store-none" role="status">
          <p>
            {notice ?? (
              <>
                We do not have a store {place ? <>in “{place}”</> : 'there'} yet, but our family grows every day. Meanwhile we deliver to most PIN codes in
                India, and our team can help you <Link to={bookingHref({ kind: 'video' })}>on a video call</Link>.
              </>
            )}
          </p>
          <Link to="/alljewellery" className="btn btn-outline btn-sm">
            Shop online
          </Link>
        </div>
      ) : (
        <>
          <p className="muted store-results-count" role="status">
            {stores.length} {stores.length === 1 ? 'store' : 'stores'} found
          </p>
          <ul className="store-list">
            {stores.map((store) => (
              <li key={store.id} className="store-card">
                <h3 className="store-card-name">{store.name}</h3>
                {typeof store.distanceKm === 'number' && (
                  <p className="store-card-distance">
                    {formatDistance(store.distanceKm)} away{from ? <> from {from}</> : null}
                    <span className="visually-hidden"> in a straight line</span>
                  </p>
                )}
                <address className="store-card-address">
                  {streetLine(store.address, store.city)}
                  <br />
                  {store.city} {store.pincode}
                </address>
                <dl className="store-card-facts">
                  {store.hours && (
                    <>
                      <dt>Open</dt>
                      <dd>{store.hours}</dd>
                    </>
                  )}
                  {store.phone && (
                    <>
                      <dt>Call</dt>
                      <dd>
                        <a href={telHref(store.phone)}>{store.phone}</a>
                      </dd>
                    </>
                  )}
                </dl>
                <Link className="btn btn-outline btn-sm store-card-book" to={bookingHref({ kind: 'store', store: store.id })}>
                  Book a visit<span className="visually-hidden"> to {store.name}</span>
                </Link>
                {Number.isFinite(store.latitude) && Number.isFinite(store.longitude) && (
                  <a className="store-card-directions" href={directionsHref(store)} target="_blank" rel="noopener noreferrer">
                    Get directions<span className="visually-hidden"> to {store.name} (opens in a new tab)</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
