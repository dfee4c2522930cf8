import { memo, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { MATERIALS, STICKY_HEADER_AFTER_PX } from '@milli/contracts';
import { syncStoredUser } from '../../lib/session.ts';
import { telHref } from './contact.ts';
import { BagIcon, HeartIcon, MenuIcon, PhoneIcon, SearchIcon } from './icons.tsx';
import { LogoMark } from './logo.tsx';
import { LogoutButton, useLogoutError } from './logout-button.tsx';
import { GiftingMenu, MegaMenu } from './mega-menu.tsx';
import { MOBILE_MENU_ID, MobileMenu } from './mobile-menu.tsx';
import { NavDropdown } from './nav-dropdown.tsx';
import { GIFTING_HREF, filterHref } from './nav-links.ts';
import type { ShellData, StoreShell } from './shell-data.ts';
import { SIDE_PANEL_ID, SidePanel } from './side-panel.tsx';
import { useScrollPast } from './use-scroll-past.ts';

type Panel = 'search' | 'cart' | 'menu' | null;

/**
 * Without JavaScript the drawers' triggers lead to real places (issue 40): the menu icon to the footer's
 * navigation (every material, gifting and the store's pages), the search icon to the listing's search field, the
 * cart icon to the cart page.
 */
const NO_SCRIPT_MENU_HREF = '#footer-shop';
const NO_SCRIPT_SEARCH_HREF = '/alljewellery#listing-q';

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A header count: hidden until the visitor's summary says what it is, and hidden when it is nothing: an empty wish
 * list or cart shows its icon alone, not a '0' (issue 40). The badge sits over the icon, so showing it moves nothing.
 */
function CountBadge({ count, known }: { count: number; known: boolean }) {
  const shown = known && count > 0;
  return (
    <span className={`count-badge${shown ? '' : ' count-badge--hidden'}`} aria-hidden="true">
      {shown ? count : ''}
    </span>
  );
}

function TopBar({ data }: { data: ShellData }) {
  const { settings } = data;
  const logoutError = useLogoutError();
  return (
    <div className="topbar">
      <div className="container topbar-inner">
        {settings?.helpLine ? (
          <p className="topbar-help">
            <PhoneIcon size={15} />
            <span className="topbar-help-label">Help line</span>
            <a href={telHref(settings.helpLine)}>{settings.helpLine}</a>
          </p>
        ) : (
          <p className="topbar-help">Certified jewellery{settings && <> · {settings.returnWindowDays}-day money-back</>}</p>
        )}
        <nav aria-label="Account" className="topbar-nav">
          <ul>
            <li>
              <NavLink to="/gold-rate">Gold rate</NavLink>
            </li>
            <li>
              <NavLink to="/about-us">About</NavLink>
            </li>
            {/*
              Spec §2's order: About, then the account links, in a slot of fixed width: on a shared page the server
              sends the neutral link (My account: a guest is asked to log in there) and the visitor's own links
              replace it once their summary arrives, each set a new element, so nothing already shown moves.
            */}
            <li className="topbar-me-slot">
              <AccountLinks data={data} />
            </li>
          </ul>
        </nav>
      </div>
      {logoutError && (
        <p className="container alert-error topbar-alert" role="alert">
          {logoutError}
        </p>
      )}
    </div>
  );
}

/** The top bar's account links: the visitor's own once known, else the one link that works for anyone. */
function AccountLinks({ data }: { data: ShellData }) {
  const { user, personalKnown } = data;
  if (!personalKnown) {
    return (
      <ul className="topbar-me" key="unknown">
        <li>
          <NavLink to="/account">My account</NavLink>
        </li>
      </ul>
    );
  }
  if (!user) {
    return (
      <ul className="topbar-me" key="guest">
        <li>
          <NavLink to="/login">Login</NavLink>
        </li>
        <li>
          <NavLink to="/register">Signup</NavLink>
        </li>
      </ul>
    );
  }
  return (
    <ul className="topbar-me" key="customer">
      <li className="topbar-greet" title={`Hi, ${user.userName}`}>
        Hi, {user.userName}
      </li>
      <li>
        <NavLink to="/account">My account</NavLink>
      </li>
      <li>
        <LogoutButton className="link-button" />
      </li>
    </ul>
  );
}

/**
 * The site header: top bar, then the main bar (logo, mega-menus, gifting, links, wish list, cart,
 * search) that becomes fixed after 110 px of scroll. Its slot keeps the bar's height, so nothing jumps.
 */
/**
 * The main navigation: each material's mega-menu, Gifting, Milli Harvest and Shop by Store. The same for every
 * visitor, so it is not rendered again when the header is (the visitor's summary arriving, the bar sticking on
 * scroll, a panel opening): it is most of the header (decision 035).
 */
const MainNav = memo(function MainNav({ categories, tagsByCategory, otherStones }: Pick<StoreShell, 'categories' | 'tagsByCategory' | 'otherStones'>) {
  return (
    <nav className="main-nav" aria-label="Main">
      <ul className="nav-list">
        {MATERIALS.map((material) => (
          <NavDropdown key={material} id={`mega-${material.toLowerCase()}`} label={material} href={filterHref({ material })} panelClassName="mega">
            <MegaMenu material={material} categories={categories} tagsByCategory={tagsByCategory} otherStones={otherStones} />
          </NavDropdown>
        ))}
        <NavDropdown id="mega-gifting" label="Gifting" href={GIFTING_HREF} panelClassName="mega mega--gifting">
          <GiftingMenu />
        </NavDropdown>
        <li className="nav-item">
          <NavLink to="/milli-harvest" className="nav-link">
            Milli Harvest
          </NavLink>
        </li>
        <li className="nav-item">
          <NavLink to="/store" className="nav-link">
            Shop by Store
          </NavLink>
        </li>
      </ul>
    </nav>
  );
});

export function SiteHeader({ data }: { data: ShellData }) {
  const { categories, tagsByCategory, otherStones, cart, wishlistCount, user, settings, personalKnown } = data;
  const [panel, setPanel] = useState<Panel>(null);
  const stuck = useScrollPast(STICKY_HEADER_AFTER_PX);
  const location = useLocation();

  // The stored greeting follows the session cookie: written after login, gone after logout (once known).
  const userId = user?.userId;
  const userName = user?.userName;
  useEffect(() => {
    if (!personalKnown) return;
    syncStoredUser(userId !== undefined && userName !== undefined ? { userId, userName } : null);
  }, [personalKnown, userId, userName]);

  const lastKey = useRef(location.key);
  useEffect(() => {
    if (location.key === lastKey.current) return;
    lastKey.current = location.key;
    setPanel(null);
  }, [location.key]);

  /** Triggers are links to real places (works without JS); with JS they open the modal drawer instead. */
  const opener = (which: Exclude<Panel, null>) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setPanel(which);
  };
  const close = () => setPanel(null);

  return (
    <>
      {/* data-personal: whether the account links and counts are the visitor's yet (decision 032). */}
      <header className="site-header" data-personal={personalKnown ? 'known' : 'pending'}>
        <TopBar data={data} />
        <div className="header-slot">
          <div className={`header-bar${stuck ? ' is-stuck' : ''}`}>
            <div className="container header-inner">
              <a
                href={NO_SCRIPT_MENU_HREF}
                className="icon-btn hamburger"
                aria-label="Open menu"
                aria-haspopup="dialog"
                aria-controls={MOBILE_MENU_ID}
                aria-expanded={panel === 'menu'}
                onClick={opener('menu')}
              >
                <MenuIcon />
              </a>
              <Link to="/" className="logo" aria-label={`${settings?.storeName || 'Milli'}, home`}>
                <LogoMark className="logo-mark" title={settings?.storeName || 'Milli'} />
              </Link>
              <MainNav categories={categories} tagsByCategory={tagsByCategory} otherStones={otherStones} />
              <div className="header-actions">
                <a
                  href={NO_SCRIPT_SEARCH_HREF}
                  className="icon-btn"
                  aria-label="Search"
                  aria-haspopup="dialog"
                  aria-controls={SIDE_PANEL_ID}
                  aria-expanded={panel === 'search' || panel === 'cart'}
                  onClick={opener('search')}
                >
                  <SearchIcon />
                </a>
                <Link
                  to="/wishlist"
                  className="icon-btn icon-btn--count"
                  aria-label={personalKnown ? `Wish list, ${plural(wishlistCount, 'item', 'items')}` : 'Wish list'}
                >
                  <HeartIcon />
                  <CountBadge count={wishlistCount} known={personalKnown} />
                </Link>
                <a
                  href="/cart"
                  className="icon-btn icon-btn--count"
                  aria-label={personalKnown ? `Cart, ${plural(cart.count, 'item', 'items')}` : 'Cart'}
                  aria-haspopup="dialog"
                  aria-controls={SIDE_PANEL_ID}
                  aria-expanded={panel === 'search' || panel === 'cart'}
                  onClick={opener('cart')}
                >
                  <BagIcon />
                  <CountBadge count={cart.count} known={personalKnown} />
                </a>
              </div>
            </div>
          </div>
        </div>
      </header>
      <SidePanel open={panel === 'search' || panel === 'cart'} focusSearch={panel === 'search'} onClose={close} cart={cart} cartKnown={personalKnown} />
      <MobileMenu
        open={panel === 'menu'}
        onClose={close}
        user={user}
        personalKnown={personalKnown}
        cartCount={cart.count}
        wishlistCount={wishlistCount}
        helpLine={settings?.helpLine ?? ''}
      />
    </>
  );
}
