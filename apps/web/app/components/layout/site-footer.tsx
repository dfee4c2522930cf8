import { memo } from 'react';
import { Link } from 'react-router';
import { MATERIALS } from '@milli/contracts';
import { mailHref, telHref } from './contact.ts';
import { MailIcon, PhoneIcon, PinIcon } from './icons.tsx';
import { LogoMark } from './logo.tsx';
import { GIFTING_HREF, GIFT_OCCASIONS, LEGAL_LINKS, QUICK_LINKS, WEDDING_GIFTS, filterHref } from './nav-links.ts';
import type { StoreShell } from './shell-data.ts';

/** Footer: the vision, how to reach us (help line, two e-mails, the Chennai office), quick links, ©. */
export const SiteFooter = memo(function SiteFooter({ data }: { data: StoreShell }) {
  const { year } = data;
  // Without the settings (the API could not give them) the contact details are left out, and the footer says so.
  const settings = data.settings ?? { storeName: '', helpLine: '', emailPrimary: '', emailSecondary: '', officeAddress: '', bisRegistration: '' };
  const name = settings.storeName || 'Milli';
  const emails = [settings.emailPrimary, settings.emailSecondary].filter(Boolean);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div className="footer-brand">
          <Link to="/" className="footer-logo" aria-label={`${name}, home`}>
            <LogoMark title={name} />
          </Link>
          <p className="footer-vision">
            Our vision is to become a jewellery lifestyle brand admired the world over: designs that feel at home in Chennai, Paris or New York, crafted with
            care and priced so that fine jewellery is a joy rather than a luxury.
          </p>
        </div>

        <div className="footer-col">
          <h2 className="footer-heading">Get in touch</h2>
          <ul className="footer-contact">
            {settings.helpLine && (
              <li>
                <PhoneIcon size={18} />
                <span>
                  <span className="footer-label">Help line</span>
                  <a href={telHref(settings.helpLine)}>{settings.helpLine}</a>
                </span>
              </li>
            )}
            {emails.length > 0 && (
              <li>
                <MailIcon size={18} />
                <span>
                  <span className="footer-label">Write to us</span>
                  {emails.map((email) => (
                    <a key={email} href={mailHref(email)} className="footer-email">
                      {email}
                    </a>
                  ))}
                </span>
              </li>
            )}
            {settings.officeAddress && (
              <li>
                <PinIcon size={18} />
                <span>
                  <span className="footer-label">Office</span>
                  <address>{settings.officeAddress}</address>
                </span>
              </li>
            )}
            {!settings.helpLine && emails.length === 0 && !settings.officeAddress && (
              <li>
                <span>Our contact details will be back shortly. Meanwhile, visit a store near you.</span>
              </li>
            )}
          </ul>
        </div>

        <nav className="footer-col" aria-labelledby="footer-quick">
          <h2 className="footer-heading" id="footer-quick">
            Quick links
          </h2>
          <ul className="footer-links">
            {QUICK_LINKS.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="footer-col" aria-labelledby="footer-policies">
          <h2 className="footer-heading" id="footer-policies">
            Policies
          </h2>
          <ul className="footer-links">
            {LEGAL_LINKS.map((l) => (
              <li key={l.href}>
                <Link to={l.href}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav className="footer-col" aria-labelledby="footer-shop">
          <h2 className="footer-heading" id="footer-shop">
            Shop
          </h2>
          <ul className="footer-links">
            {MATERIALS.map((m) => (
              <li key={m}>
                <Link to={filterHref({ material: m })}>{m} jewellery</Link>
              </li>
            ))}
            <li>
              <Link to="/alljewellery">All jewellery</Link>
            </li>
          </ul>
        </nav>

        {/* Where the header's Gifting entry leads without JavaScript (its panel needs it). */}
        <nav className="footer-col" aria-labelledby={GIFTING_HREF.slice(1)}>
          <h2 className="footer-heading" id={GIFTING_HREF.slice(1)}>
            Gifting
          </h2>
          <ul className="footer-links">
            {[...GIFT_OCCASIONS, WEDDING_GIFTS].map((gift) => (
              <li key={gift.href}>
                <Link to={gift.href}>{gift.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="footer-bottom">
        <div className="container footer-bottom-inner">
          <p>
            © {year} {name}. All rights reserved.
          </p>
          {/* Issue 38: the BIS registration (a setting) only when the store has one; diamonds are not all certified, so no such claim. */}
          <p className="footer-made">
            {settings.bisRegistration && <span className="footer-bis">BIS registered jeweller, registration {settings.bisRegistration} · </span>}
            Hallmarked gold · Prices in Indian rupees
          </p>
        </div>
      </div>
    </footer>
  );
});
