import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/account';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { useShellData } from '../components/layout/shell-data.ts';
import { LogoutButton, useLogoutError } from '../components/layout/logout-button.tsx';
import '../styles/screens/shells.css';

export const meta: Route.MetaFunction = () => [{ title: pageTitle('My Account') }, { name: 'robots', content: 'noindex' }];

const TABS = [
  { id: 'profile', label: 'Profile' },
  { id: 'orders', label: 'Orders' },
  { id: 'payments', label: 'Payments' },
  { id: 'edit', label: 'Edit Profile' },
  { id: 'logout', label: 'Logout' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const ORDER_LISTS = [
  { to: '/active-orders', label: 'Active Orders', text: 'Orders on their way to you.' },
  { to: '/completed-orders', label: 'Delivered Orders', text: 'Everything that has reached you.' },
  { to: '/custom-orders', label: 'Customized Orders', text: 'Your custom designs, from CAD to delivery.' },
  { to: '/cancelled-orders', label: 'Cancelled Orders', text: 'Orders that were cancelled, and their refunds.' },
];

const EDIT_FIELDS = [
  { id: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { id: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { id: 'email', label: 'E-mail', type: 'email', autoComplete: 'email' },
  { id: 'mobile', label: 'Mobile number', type: 'tel', autoComplete: 'tel' },
  { id: 'currentPassword', label: 'Current password', type: 'password', autoComplete: 'current-password' },
  { id: 'newPassword', label: 'New password', type: 'password', autoComplete: 'new-password' },
  { id: 'confirmPassword', label: 'Confirm password', type: 'password', autoComplete: 'new-password' },
] as const;

/**
 * My Account (spec §2). The tabs are links (?tab=…), so each works without script and can be bookmarked.
 * Still to come with the account issue: the session guard, the profile's e-mail (GET
 * /api/users/user-details), saving the profile, and the payments list.
 */
export default function Account() {
  const [params] = useSearchParams();
  const { user } = useShellData();
  const logoutError = useLogoutError();
  const asked = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === asked) ? (asked as TabId) : 'profile';

  return (
    <>
      <PageBanner title="My Account" />
      <div className="section">
        <div className="container account">
          <nav className="account-tabs" aria-label="My account">
            <ul>
              {TABS.map((t) => (
                <li key={t.id}>
                  <Link to={`/account?tab=${t.id}`} aria-current={t.id === tab ? 'page' : undefined} preventScrollReset>
                    {t.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>

          <section className="card card-pad account-pane" aria-labelledby="account-pane-title">
            <h2 id="account-pane-title" className="account-pane-title">
              {TABS.find((t) => t.id === tab)?.label}
            </h2>

            {tab === 'profile' &&
              (user ? (
                <dl className="profile-facts">
                  <dt>Name</dt>
                  <dd>{user.userName}</dd>
                </dl>
              ) : (
                <div className="empty-state">
                  <p>Please log in to see your account.</p>
                  <Link to="/login" className="btn btn-primary btn-sm">
                    Login
                  </Link>
                </div>
              ))}

            {tab === 'orders' && (
              <ul className="account-order-links">
                {ORDER_LISTS.map((l) => (
                  <li key={l.to}>
                    <Link to={l.to}>
                      <strong>{l.label}</strong>
                      <span>{l.text}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}

            {tab === 'payments' && (
              <div className="empty-state">
                <p className="empty-state-title">No payments yet</p>
                <p className="muted">Advances for your custom designs and your Milli Harvest instalments will be listed here.</p>
              </div>
            )}

            {tab === 'edit' && (
              <form method="post" className="form-grid">
                {EDIT_FIELDS.map((f) => (
                  <div key={f.id} className="form-field">
                    <label htmlFor={`profile-${f.id}`}>{f.label}</label>
                    <input id={`profile-${f.id}`} name={f.id} type={f.type} autoComplete={f.autoComplete} />
                  </div>
                ))}
                <p className="field-hint span-2">To change your password, fill in the current password and the new one twice.</p>
                <div className="span-2">
                  <button type="submit" className="btn btn-primary">
                    Save Changes
                  </button>
                </div>
              </form>
            )}

            {tab === 'logout' && (
              <div className="stack">
                <p>Leaving already? Your cart and wish list will be waiting for you.</p>
                {logoutError && (
                  <p className="alert-error" role="alert">
                    {logoutError}
                  </p>
                )}
                <LogoutButton className="btn btn-primary" />
              </div>
            )}
          </section>
        </div>
      </div>
    </>
  );
}
