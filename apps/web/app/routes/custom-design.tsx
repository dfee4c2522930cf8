import { Link } from 'react-router';
import { STONE_AND_METAL_FILTERS } from '@milli/contracts';
import type { Route } from './+types/custom-design';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { bookingHref } from '../lib/booking-href.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import { sendCustomRequest } from '../features/custom-design/actions.server.ts';
import { CustomRequestForm } from '../features/custom-design/request-form.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/custom-design.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Manufacturer') }];

/** Gem stones offered for a custom piece: the fixed stone filters (not the metal colours) plus the catalogue's other stones. */
const BASE_STONES = STONE_AND_METAL_FILTERS.filter((s) => !s.endsWith('Gold'));

export async function action({ request, context }: Route.ActionArgs) {
  return sendCustomRequest(serverApi(context), request);
}

/**
 * The custom jewellery request (spec §2: title 'Manufacturer', banner 'Customize'). A logged-in customer
 * sends it as multipart to /api/admin/cutom-jewelry/new-request; a guest is asked to log in first.
 */
export default function CustomDesign({ actionData }: Route.ComponentProps) {
  const { categories, otherStones, user } = useShellData();
  const stones = [...new Set([...BASE_STONES, ...otherStones])];
  return (
    <>
      <PageBanner title="Customize" />
      <div className="section">
        <div className="container custom">
          <header className="shell-intro">
            <h2>Design a piece that is only yours</h2>
            <p className="muted">
              Tell us what you have in mind. Our designers reply within 48 hours with a CAD design for your approval;
              making starts only when you are happy with it. Fields marked * are needed to start.
            </p>
            <p className="muted">
              Rather talk it through? <Link to={bookingHref({ kind: 'video', purpose: 'custom_design' })}>Book a video call</Link> or{' '}
              <Link to={bookingHref({ kind: 'store', purpose: 'custom_design' })}>a visit to a store</Link> with our designers.
            </p>
          </header>
          {user ? (
            <CustomRequestForm result={actionData} categories={categories} stones={stones} />
          ) : (
            <section className="card card-pad custom-login" aria-labelledby="custom-login-title">
              <h2 id="custom-login-title" className="shell-h2">
                Log in to request a custom design
              </h2>
              <p>
                Your design requests, our CAD designs and your approvals live in your account, so we need to know who
                you are before you send one.
              </p>
              <p className="custom-login-actions">
                <Link to="/login" className="btn btn-primary">
                  Log in
                </Link>
                <Link to="/register" className="btn btn-outline">
                  Create an account
                </Link>
              </p>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
