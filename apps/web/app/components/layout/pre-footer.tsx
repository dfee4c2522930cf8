import { memo } from 'react';
import { Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import type { StoreSettings } from '@milli/contracts';
import { CertifiedIcon, DiamondIcon, ExchangeIcon, MoneyBackIcon, SketchIcon, TruckIcon } from './icons.tsx';
import { useStoreShell } from './shell-data.ts';

/**
 * The pre-footer every page shares: the store's promises, then a call to design a piece or visit a
 * store. Numbers come from the store settings (DECISIONS §4), so no page promises what another denies:
 * "free shipping" is only said while the shipping fee is zero. Without the settings (the API could not give them), the
 * promises that need their numbers are left out.
 */
export const PreFooter = memo(function PreFooter({ settings: given }: { settings?: StoreSettings | null }) {
  const shell = useStoreShell();
  const settings = given ?? shell.settings;
  const promises = [
    ...(settings
      ? [
          {
            icon: <MoneyBackIcon size={30} />,
            title: `${settings.returnWindowDays}-day money-back`,
            text: 'Changed your mind? Return it from your order page for a refund',
          },
        ]
      : []),
    // Issue 38: what the exchange desk gives (the settings' percents of the metal's value at the day's rate), and what
    // every gold piece carries; diamonds have a certificate only where one was uploaded, so none is promised.
    {
      icon: <ExchangeIcon size={30} />,
      title: 'Lifetime exchange & buy-back',
      text: settings
        ? `${settings.exchangePercent} % of the metal’s value in exchange, ${settings.buybackPercent} % bought back, at today’s rate`
        : 'Pieces bought here, valued at today’s rate',
    },
    { icon: <CertifiedIcon size={30} />, title: 'Hallmarked gold', text: 'BIS hallmark and HUID on every gold piece and its invoice' },
    ...(settings
      ? [
          {
            icon: <TruckIcon size={30} />,
            ...(settings.shippingFeePaise === 0
              ? { title: 'Free shipping', text: `Insured delivery in ${settings.deliveryDays} days` }
              : { title: `Delivery in ${settings.deliveryDays} days`, text: `Insured, flat ${formatRupees(settings.shippingFeePaise)} shipping` }),
          },
        ]
      : []),
  ];
  return (
    <aside className="pre-footer" aria-label="Our promise">
      <div className="container">
        <ul className="promise-strip">
          {promises.map((p) => (
            <li key={p.title} className="promise">
              <span className="promise-icon">{p.icon}</span>
              <span>
                <strong className="promise-title">{p.title}</strong>
                <span className="promise-text">{p.text}</span>
              </span>
            </li>
          ))}
        </ul>
        <div className="cta-band">
          <div className="cta-copy">
            <DiamondIcon size={34} className="cta-gem" />
            <div>
              <p className="cta-title">A piece that exists nowhere else</p>
              <p className="cta-text">Tell us your idea. Our designers draw it, you approve the CAD, and our karigars craft it in gold, platinum or silver.</p>
            </div>
          </div>
          <div className="cta-actions">
            <Link to="/custom-design" className="btn btn-gold">
              <SketchIcon size={18} /> Design yours
            </Link>
            <Link to="/store" className="btn btn-ghost-light">
              Find a store
            </Link>
          </div>
        </div>
      </div>
    </aside>
  );
});
