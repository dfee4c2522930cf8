import { Link } from 'react-router';
import type { Route } from './+types/wishlist';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('Wish List') }, { name: 'robots', content: 'noindex' }];

const SHARE = ['WhatsApp', 'Facebook', 'X', 'Pinterest'];

/**
 * The wish list (spec §2; DECISIONS §2: a real per-customer list). Loading it, remove, Add to Cart and
 * sharing arrive with the wish-list issue; until then it is empty and says so.
 */
export default function Wishlist() {
  return (
    <>
      <PageBanner title="Wish List" />
      <div className="section">
        <div className="container stack-lg">
          <div className="table-wrap card">
            <table className="table">
              <caption className="visually-hidden">Your wish list</caption>
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">Price</th>
                  <th scope="col">Availability</th>
                  <th scope="col">Total</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <td colSpan={5}>
                    <div className="empty-state">
                      <p className="empty-state-title">Your wish list is empty</p>
                      <p className="muted">Tap the heart on any piece to keep it here for later.</p>
                      <Link to="/alljewellery" className="btn btn-outline btn-sm">
                        Discover jewellery
                      </Link>
                    </div>
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <section className="card card-pad share" aria-labelledby="share-title">
            <h2 id="share-title" className="shell-h3">
              Share Your Wishlist
            </h2>
            <p className="muted">Sharing opens once your wish list has pieces in it.</p>
            <ul className="share-list">
              {SHARE.map((s) => (
                <li key={s}>
                  <button type="button" className="btn btn-outline btn-sm" disabled>
                    {s}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </div>
    </>
  );
}
