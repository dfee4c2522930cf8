import type { Route } from './+types/home';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { serverApi } from '../lib/api.server.ts';
import { STORE_DESCRIPTION, pageTitle } from '../lib/meta.ts';
import { useStoreShell } from '../components/layout/shell-data.ts';
import { HeroBanner } from '../features/home/hero-banner.tsx';
import { CollectionTiles } from '../features/home/collection-tiles.tsx';
import { JewelOnSale } from '../features/home/jewel-on-sale.tsx';
import { CraftVideo } from '../features/home/craft-video.tsx';
import { FeatureBoxes } from '../features/home/feature-boxes.tsx';
import { loadRunningSales, loadSaleShelves } from '../features/home/sale-shelves.ts';
import { loadOfferStrip, OffersStrip } from '../features/home/offers-strip.tsx';
import '../styles/screens/home.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Online Jewellery Store') }, { name: 'description', content: STORE_DESCRIPTION }];

/**
 * The four 'Jewel On Sale' shelves (GET /api/product/productList?…&onSale=1; a failed call empties its tab only) and the
 * sales running today (GET /api/sales/running), whose cut the strip states; the offers strip staff write (issue 40).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const api = serverApi(context);
  const [shelves, sales, offers] = await Promise.all([loadSaleShelves(api), loadRunningSales(api), loadOfferStrip(api)]);
  return { shelves, sales, offers };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { settings } = useStoreShell();
  return (
    <>
      <h1 className="visually-hidden">Milli: fine gold, diamond, platinum and silver jewellery</h1>
      <OffersStrip messages={loaderData.offers} />
      <HeroBanner />
      <CollectionTiles />
      <JewelOnSale shelves={loaderData.shelves} sales={loaderData.sales} />
      <CraftVideo />
      <FeatureBoxes settings={settings} />
    </>
  );
}

/** Shared (decision 032): rendered without the visitor's cookies, kept and served to everyone. */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}
