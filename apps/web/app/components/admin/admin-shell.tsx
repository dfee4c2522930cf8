/**
 * The back office's frame (issue 17), rendered by routes/admin/layout.tsx around every admin screen: a skip
 * link, the header (store name, the search box of issue 39, the member's name and role, Sign out), the navigation of what the member's
 * role holds (lib/admin-nav.ts) and the main landmark. Screens render inside it and start with a PageHeader:
 *
 *   <PageHeader title="Products" description="Everything the storefront sells." actions={<Link className="adm-button adm-button--primary" to={ADMIN_PATHS.newProduct}>New product</Link>} />
 *
 * Sign out is a plain form posting `intent=logout` to the layout's action (/admin), so it works before hydration.
 * Below 900 px the navigation folds behind a Menu button (open without JavaScript, where it simply stacks).
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Form, Link, NavLink, useLocation, useNavigation } from 'react-router';
import { DESK_LABELS, rolesLabel, type StaffMe } from '@milli/contracts';
import type { DeskCounts } from '@milli/contracts/schemas';
import { ADMIN_PATHS, adminNavFor } from '../../lib/admin-nav.ts';

export const ADMIN_MAIN_ID = 'adm-main';

export function AdminShell({
  me,
  storeName,
  deskCounts = {},
  children,
}: {
  me: StaffMe;
  storeName: string;
  /** What waits at each desk the member may see (issue 39): a count beside the desk's link when above zero. */
  deskCounts?: DeskCounts;
  children: ReactNode;
}) {
  const nav = adminNavFor(me.permissions);
  const [open, setOpen] = useState(false);
  const [js, setJs] = useState(false);
  const location = useLocation();
  const navigation = useNavigation();
  useEffect(() => setJs(true), []);
  // A followed link closes the phone menu.
  useEffect(() => setOpen(false), [location.pathname]);
  const signingOut = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'logout';

  return (
    <div className="adm-shell" data-js={js || undefined} data-menu={open ? 'open' : undefined}>
      <a href={`#${ADMIN_MAIN_ID}`} className="adm-skip">
        Skip to content
      </a>
      <header className="adm-header">
        <div className="adm-header__brand">
          <button type="button" className="adm-menu-button" aria-expanded={open} aria-controls="adm-nav" onClick={() => setOpen((v) => !v)}>
            <span aria-hidden="true">☰</span> Menu
          </button>
          <Link to={ADMIN_PATHS.dashboard} className="adm-header__store">
            {storeName} <span className="adm-header__tag">Back office</span>
          </Link>
        </div>
        {/* Issue 39: one search box for whatever a caller gives, on every screen; a GET form, so Enter works before hydration. */}
        <Form method="get" action={ADMIN_PATHS.search} className="adm-header__search" role="search" aria-label="Search the back office">
          <label htmlFor="adm-header-q" className="adm-visually-hidden">
            Search orders, customers, products and requests
          </label>
          <input
            id="adm-header-q"
            type="search"
            name="q"
            className="adm-header__search-input"
            placeholder="Phone, order, HUID, AWB, name…"
            maxLength={100}
            defaultValue={location.pathname === ADMIN_PATHS.search ? (new URLSearchParams(location.search).get('q') ?? '') : ''}
            key={location.pathname === ADMIN_PATHS.search ? location.search : 'elsewhere'}
            autoComplete="off"
            enterKeyHint="search"
          />
          <button type="submit" className="adm-header__search-button">
            Search
          </button>
        </Form>
        <div className="adm-header__member">
          <p className="adm-header__who">
            <span className="adm-header__name">{me.name}</span>
            <span className="adm-role">{rolesLabel(me.roles)}</span>
          </p>
          <Form method="post" action={ADMIN_PATHS.dashboard} className="adm-header__signout">
            <input type="hidden" name="intent" value="logout" />
            <button type="submit" className="adm-button adm-button--ghost" aria-disabled={signingOut || undefined}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </button>
          </Form>
        </div>
      </header>
      <div className="adm-body">
        <nav id="adm-nav" className="adm-nav" aria-label="Back office">
          {nav.map((group) => (
            <div key={group.label ?? 'top'} className="adm-nav__group">
              {group.label && <p className="adm-nav__heading">{group.label}</p>}
              <ul>
                {group.items.map((item) => (
                  <li key={item.to} className="adm-nav__item">
                    <NavLink to={item.to} end={item.end ?? false} className="adm-nav__link" prefetch="intent">
                      {item.label}
                    </NavLink>
                    {/* Beside the link, not in it: the link keeps its name ('Returns'), the count is read after it. */}
                    <DeskCount count={item.desk ? deskCounts[item.desk] : undefined} what={item.desk ? DESK_LABELS[item.desk] : ''} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id={ADMIN_MAIN_ID} className="adm-main" tabIndex={-1}>
          {me.mustEnrolTwoFactor && (
            <div className="adm-banner adm-banner--warning" role="status">
              <p>The store requires two-factor sign-in. Set up your authenticator app below before anything else.</p>
            </div>
          )}
          {children}
        </main>
      </div>
    </div>
  );
}

/** The number waiting at a desk, beside its link; nothing when none waits. */
function DeskCount({ count, what }: { count: number | undefined; what: string }) {
  if (!count) return null;
  return (
    <span className="adm-nav__count">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="adm-visually-hidden">
        {' '}
        ({count} {what} waiting)
      </span>
    </span>
  );
}

/** A screen's title, a line saying what it is for, and its main actions (a "New …" link). */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <div className="adm-page-header">
      <div>
        {back && (
          <Link to={back.to} className="adm-back">
            ‹ {back.label}
          </Link>
        )}
        <h1 className="adm-page-title">{title}</h1>
        {description && <p className="adm-page-description">{description}</p>}
      </div>
      {actions && <div className="adm-page-actions">{actions}</div>}
    </div>
  );
}

/** A boxed section of a screen with its own heading (the dashboard's cards, a form's side panel). */
export function Panel({ title, children, actions, id, tone }: { title: string; children: ReactNode; actions?: ReactNode; id?: string; tone?: 'warning' }) {
  const headingId = `${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-title`;
  return (
    <section className={`adm-panel${tone ? ` adm-panel--${tone}` : ''}`} aria-labelledby={headingId} id={id}>
      <div className="adm-panel__head">
        <h2 id={headingId} className="adm-panel__title">
          {title}
        </h2>
        {actions}
      </div>
      <div className="adm-panel__body">{children}</div>
    </section>
  );
}

/** A small coloured label for a status ('Active', 'Archived', 'Out of stock'). */
export function StatusBadge({ tone = 'neutral', children }: { tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info'; children: ReactNode }) {
  return <span className={`adm-badge adm-badge--${tone}`}>{children}</span>;
}

/**
 * A back-office page without a member yet (the sign-in page, /admin/login): the store's name over one centred
 * card, with the same skip link and main landmark. Its route module imports '../../styles/admin.css' itself,
 * being outside the admin layout.
 */
export function AdminBarePage({ storeName, title, children }: { storeName: string; title: string; children: ReactNode }) {
  return (
    <div className="adm-shell adm-shell--bare">
      <a href={`#${ADMIN_MAIN_ID}`} className="adm-skip">
        Skip to content
      </a>
      <main id={ADMIN_MAIN_ID} className="adm-bare" tabIndex={-1}>
        <p className="adm-bare__store">
          {storeName} <span className="adm-header__tag">Back office</span>
        </p>
        <div className="adm-bare__card">
          <h1 className="adm-page-title">{title}</h1>
          {children}
        </div>
      </main>
    </div>
  );
}
