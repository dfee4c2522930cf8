import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { SessionUser } from '../../lib/session.ts';
import { Drawer } from './drawer.tsx';
import { PhoneIcon } from './icons.tsx';
import { GIFTING_HREF, GIFT_OCCASIONS, MOBILE_CATEGORIES, MOBILE_MATERIALS, WEDDING_GIFTS, filterHref } from './nav-links.ts';
import { useHydrated } from './use-hydrated.ts';
import { LogoutButton } from './logout-button.tsx';
import { telHref } from './contact.ts';

export const MOBILE_MENU_ID = 'mobile-menu';

/** Birthday, Wedding, Anniversary, Self, Personalized: the mobile menu's gifting order (spec §2). */
const MOBILE_GIFTS = [GIFT_OCCASIONS[0], WEDDING_GIFTS, GIFT_OCCASIONS[1], GIFT_OCCASIONS[2], GIFT_OCCASIONS[3]];

/**
 * A material or Gifting in the drawer: with JavaScript a <details> whose links exist only while it is open (the
 * drawer is in every page's HTML, closed); without it a link to the material's listing (or the footer's gifts).
 */
function MobileGroup({ label, href, children }: { label: string; href: string; children: ReactNode }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) {
    // A fragment stays a bare fragment (nav-dropdown.tsx says why).
    return href.startsWith('#') ? (
      <a href={href} className="mm-link">
        {label}
      </a>
    ) : (
      <Link to={href} className="mm-link">
        {label}
      </Link>
    );
  }
  return (
    <details className="mm-group" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="mm-link">{label}</summary>
      {open && <ul className="mm-sub">{children}</ul>}
    </details>
  );
}

/**
 * The drawer navigation of small screens (≤ 991 px). Materials and gifting expand in place (MobileGroup); counts
 * are repeated here because the header's icons are small on a phone.
 */
export function MobileMenu({
  open,
  onClose,
  user,
  personalKnown,
  cartCount,
  wishlistCount,
  helpLine,
}: {
  open: boolean;
  onClose: () => void;
  user: SessionUser | null;
  /** False on a shared page until the visitor's summary has arrived: counts hidden, only My account. */
  personalKnown: boolean;
  cartCount: number;
  wishlistCount: number;
  helpLine: string;
}) {
  return (
    <Drawer id={MOBILE_MENU_ID} open={open} onClose={onClose} side="left" title="Menu" className="mobile-menu">
      <nav aria-label="Mobile">
        <ul className="mm-list">
          <li>
            <NavLink to="/" end className="mm-link">
              Home
            </NavLink>
          </li>
          {MOBILE_MATERIALS.map((material) => (
            <li key={material}>
              <MobileGroup label={material} href={filterHref({ material })}>
                {MOBILE_CATEGORIES.map((category) => (
                  <li key={category}>
                    <Link to={filterHref({ material, category })}>{category}</Link>
                  </li>
                ))}
                <li>
                  <Link to={filterHref({ material })} className="mm-all">
                    All {material.toLowerCase()}
                  </Link>
                </li>
              </MobileGroup>
            </li>
          ))}
          <li>
            <MobileGroup label="Gifting" href={GIFTING_HREF}>
              {MOBILE_GIFTS.map((gift) => (
                <li key={gift.short}>
                  <Link to={gift.href}>{gift.short}</Link>
                </li>
              ))}
            </MobileGroup>
          </li>
          <li>
            <NavLink to="/milli-harvest" className="mm-link">
              Milli Harvest
            </NavLink>
          </li>
          <li>
            <NavLink to="/store" className="mm-link">
              Shop by Store
            </NavLink>
          </li>
          <li>
            <NavLink to="/wishlist" className="mm-link">
              Wish List {personalKnown && <span className="mm-count">{wishlistCount}</span>}
            </NavLink>
          </li>
          <li>
            <NavLink to="/cart" className="mm-link">
              Cart {personalKnown && <span className="mm-count">{cartCount}</span>}
            </NavLink>
          </li>
          <li>
            <NavLink to="/gold-rate" className="mm-link">
              Today’s gold rate
            </NavLink>
          </li>
          <li>
            <NavLink to="/about-us" className="mm-link">
              About
            </NavLink>
          </li>
        </ul>
      </nav>
      <div className="mm-account">
        {!personalKnown ? (
          <Link to="/account" className="btn btn-outline">
            My account
          </Link>
        ) : user ? (
          <>
            <Link to="/account" className="btn btn-outline">
              My account
            </Link>
            <LogoutButton className="btn btn-primary" />
          </>
        ) : (
          <>
            <Link to="/login" className="btn btn-primary">
              Login
            </Link>
            <Link to="/register" className="btn btn-outline">
              Signup
            </Link>
          </>
        )}
      </div>
      {helpLine && (
        <a className="mm-help" href={telHref(helpLine)}>
          <PhoneIcon size={18} /> {helpLine}
        </a>
      )}
    </Drawer>
  );
}
