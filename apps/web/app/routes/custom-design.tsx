import { Link } from 'react-router';
import { STONE_AND_METAL_FILTERS } from '@milli/contracts';
import type { Route } from './+types/custom-design';
import { serverApi } from '../lib/api.server.ts';
import { SHARED_PAGE, sharedPageHeaders } from '../lib/shared-page.ts';
import { pageTitle } from '../lib/meta.ts';
import { bookingHref } from '../lib/booking-href.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import { sendCustomRequest } from '../features/custom-design/actions.server.ts';
import { CustomRequestForm } from '../features/custom-design/request-form.tsx';
import { WhoCard, type Visitor } from '../features/custom-design/who-card.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/custom-design.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Manufacturer') }];

/** Gem stones offered for a custom piece: the fixed stone filters (not the metal colours) plus the catalogue's other stones. */
const BASE_STONES = STONE_AND_METAL_FILTERS.filter((s) => !s.endsWith('Gold'));

/** The request (multipart, with pictures): answered for the one who sent it; a guest's is refused with a line asking them to log in. */
export async function action({ request, context }: Route.ActionArgs) {
  return sendCustomRequest(serverApi(context), request);
}

/**
 * Shared (decision 032): the same HTML for everyone who asks. It used to be a login card for a guest and the form
 * for a customer; the server no longer knows which, so it sends what is true for both: the form, which works
 * without JavaScript for a logged-in customer, under a card saying requests are sent from an account (log in
 * first if you are not). Once the browser knows who is here, a guest's card asks them to log in and their form is
 * disabled (the server would refuse it), a customer's says where the request will be. The card keeps its height
 * and the form its place (features/custom-design/who-card.tsx), so nothing in the first screen moves.
 */
export const handle = SHARED_PAGE;

/** Marked public, so the server and a CDN may keep it (lib/shared-page.ts). */
export function headers(args: Route.HeadersArgs) {
  return sharedPageHeaders(args);
}

/**
 * The custom jewellery request (spec §2: title 'Manufacturer', banner 'Customize'). A logged-in customer
 * sends it as multipart to /api/admin/cutom-jewelry/new-request; a guest is asked to log in first.
 */
export default function CustomDesign({ actionData }: Route.ComponentProps) {
  const { categories, otherStones, user, personalKnown } = useShellData();
  const visitor: Visitor = !personalKnown ? 'unknown' : user ? 'customer' : 'guest';
  const stones = [...new Set([...BASE_STONES, ...otherStones])];
  return (
    <>
      <PageBanner title="Customize" />
      <div className="section">
        <div className="container custom">
          <header className="shell-intro">
            <h2>Design a piece that is only yours</h2>
            <p className="muted">
              Tell us what you have in mind. Our designers reply within 48 hours with a CAD design for your approval; making starts only when you are happy with
              it. Fields marked * are needed to start.
            </p>
            <p className="muted">
              Rather talk it through? <Link to={bookingHref({ kind: 'video', purpose: 'custom_design' })}>Book a video call</Link> or{' '}
              <Link to={bookingHref({ kind: 'store', purpose: 'custom_design' })}>a visit to a store</Link> with our designers.
            </p>
          </header>
          <WhoCard visitor={visitor} />
          <CustomRequestForm result={actionData} categories={categories} stones={stones} locked={visitor === 'guest'} />
        </div>
      </div>
    </>
  );
}
