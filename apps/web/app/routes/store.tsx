import type { Route } from './+types/store';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import type { StoreNear, StoreSearch as StoreSearchAnswer } from '@milli/contracts';
import { countByCity, fullPincode, storesInCity } from '../features/store/filter-stores.ts';
import { isStoreLocation, type StoreLocation } from '../features/store/store-location.ts';
import { CityTiles, StoreResults, StoreSearch } from '../features/store/store-finder.tsx';
import '../styles/screens/store.css';

export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Find a Store') },
  { name: 'description', content: 'Find a Milli jewellery store near you by PIN code or city: Mumbai, Delhi, Bangalore, Chennai, Pune and Kolkata.' },
];

async function loadStores(context: Route.LoaderArgs['context']): Promise<StoreLocation[] | null> {
  try {
    const answer = await serverApi(context).get('/api/stores');
    return Array.isArray(answer?.data) ? answer.data.filter(isStoreLocation) : null;
  } catch {
    return null;
  }
}

/** What words find (the server matches names loosely and knows cities' other names), with distances. */
async function searchWords(context: Route.LoaderArgs['context'], q: string): Promise<StoreSearchAnswer | null> {
  try {
    const answer = await serverApi(context).get(`/api/stores/search?q=${encodeURIComponent(q)}`);
    return { ...answer, data: answer.data.filter(isStoreLocation) };
  } catch {
    return null;
  }
}

/** What a full PIN code finds: the nearest stores (the server ranks them), or why there are none. */
async function nearPincode(context: Route.LoaderArgs['context'], pin: string): Promise<{ stores: StoreNear[]; notice: string | null } | null> {
  try {
    const check = await serverApi(context).get(`/api/stores/pincode/${pin}`);
    if (!check.ok) {
      return {
        stores: [],
        notice:
          check.reason === 'unserved' ? `PIN code ${pin} is not served yet: we have no store near it and our couriers do not reach it yet.` : check.message,
      };
    }
    return { stores: check.stores.filter(isStoreLocation), notice: null };
  } catch {
    return null;
  }
}

/**
 * GET /api/stores, once: the count per city for the tiles and, when `city` or `q` is in the address,
 * the matching stores. A full PIN code in `q` asks the API for the nearest stores instead (the same
 * ranking as the product page's pincode box). `failed` means a list could not be fetched.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const city = params.get('city')?.trim().slice(0, 60) || null;
  const q = params.get('q')?.trim().slice(0, 60) || null;
  const pin = q ? fullPincode(q) : null;
  const [stores, near, found] = await Promise.all([
    loadStores(context),
    pin ? nearPincode(context, pin) : Promise.resolve(null),
    q && !pin ? searchWords(context, q) : Promise.resolve(null),
  ]);
  const counts = stores ? Object.fromEntries(countByCity(stores)) : null;
  if (pin) {
    return { city, q, pin, counts, matches: near?.stores ?? [], notice: near?.notice ?? null, nearestTo: null, failed: near === null };
  }
  if (q) {
    return { city, q, pin, counts, matches: found?.data ?? [], notice: null, nearestTo: found?.nearest ? found.place : null, failed: found === null };
  }
  const matches: (StoreLocation | StoreNear)[] = stores && city ? storesInCity(stores, city) : [];
  return { city, q, pin, counts, matches, notice: null, nearestTo: null, failed: stores === null };
}

export default function Store({ loaderData }: Route.ComponentProps) {
  const { city, q, pin, counts, matches, notice, nearestTo, failed } = loaderData;
  const heading = pin
    ? notice
      ? `PIN code ${pin}`
      : `Stores nearest to PIN ${pin}`
    : nearestTo
      ? `No store in ${nearestTo} yet: the nearest`
      : q
        ? `Stores for “${q}”`
        : city
          ? `Our stores in ${city}`
          : null;
  return (
    <>
      <PageBanner title="Store Locator" crumb="Shop by Store" />
      <section className="section store-finder" aria-labelledby="store-finder-title">
        <div className="container store-finder-inner">
          <h2 id="store-finder-title">Find a Store near you</h2>
          <p className="store-finder-lead">
            Our family of stores grows every day. Drop in to try a piece before you buy it, have your ring size measured, or bring your old gold for an exchange
            over a cup of filter coffee.
          </p>
          <StoreSearch query={q ?? ''} />
          {heading && (
            <StoreResults
              heading={heading}
              stores={matches}
              failed={failed}
              notice={notice}
              place={pin ? null : (q ?? city)}
              from={pin ? `PIN ${pin}` : (nearestTo ?? q)}
            />
          )}
        </div>
      </section>
      <CityTiles counts={counts} selected={q ? null : city} />
    </>
  );
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
