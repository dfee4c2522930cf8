import type { ReactNode } from 'react';
import type { StoreSettings } from '@milli/contracts';
import { formatRupees } from '@milli/pricing';

/** Line icons for the nine promises, drawn on a 48-unit grid in currentColor. */
function FeatureIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width="44"
      height="44"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

const ICONS = {
  value: (
    <FeatureIcon>
      <path d="M8 30l8-8 7 6 15-15" />
      <path d="M30 13h8v8" />
      <path d="M8 40h32" />
    </FeatureIcon>
  ),
  authentic: (
    <FeatureIcon>
      <path d="M24 5l15 6v11c0 10-6.5 17-15 21-8.5-4-15-11-15-21V11Z" />
      <path d="M17 24l5 5 9-10" />
    </FeatureIcon>
  ),
  custom: (
    <FeatureIcon>
      <path d="M9 39l4-12L32 8l8 8-19 19Z" />
      <path d="M28 12l8 8M13 27l8 8" />
      <path d="M9 39l5-1" />
    </FeatureIcon>
  ),
  moneyBack: (
    <FeatureIcon>
      <path d="M40 24a16 16 0 1 1-4.7-11.3" />
      <path d="M38 6v8h-8" />
      <path d="M19 17h10M19 22h10M23 17c4 0 5 5 0 5h-4l9 9" />
    </FeatureIcon>
  ),
  exchange: (
    <FeatureIcon>
      <path d="M8 17h28l-6-6" />
      <path d="M40 31H12l6 6" />
    </FeatureIcon>
  ),
  savings: (
    <FeatureIcon>
      <rect x="6" y="12" width="36" height="24" rx="3" />
      <path d="M6 19h36" />
      <path d="M12 29h8M26 29h4" />
    </FeatureIcon>
  ),
  shipping: (
    <FeatureIcon>
      <path d="M4 12h24v20H4Z" />
      <path d="M28 18h8l6 7v7H28" />
      <circle cx="12" cy="35" r="4" />
      <circle cx="35" cy="35" r="4" />
    </FeatureIcon>
  ),
  buyBack: (
    <FeatureIcon>
      <path d="M14 8h20l7 9-17 23L7 17Z" />
      <path d="M7 17h34M19 8l-4 9 9 23 9-23-4-9" />
    </FeatureIcon>
  ),
  transparency: (
    <FeatureIcon>
      <path d="M4 24s7-13 20-13 20 13 20 13-7 13-20 13S4 24 4 24Z" />
      <circle cx="24" cy="24" r="6" />
    </FeatureIcon>
  ),
};

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
}

/**
 * The nine feature boxes (spec §2). Numbers that are store settings (the return window, the shipping fee,
 * delivery days, what exchange, buy-back and trade-in give) come from the settings, so this page never promises what
 * the cart, checkout or the order page denies; without the settings (the API could not give them) the two boxes that
 * are nothing but a setting are left out, and the others say no number.
 *
 * Issue 38, each claim as the code bears it out: a gold piece's HUID is recorded at packing and printed on the
 * invoice, but a diamond has a lab certificate only when one was uploaded for it (so none is promised for every
 * diamond); old gold from elsewhere is estimated online and tested in a store at the trade-in percent of the day's
 * rate, not at the full rate; buy-back pays the buy-back percent of the metal's value, for as long as the piece is
 * yours; and the spec's "Financing Options" is Milli Harvest, a savings plan, not credit.
 */
export function featureList(settings: StoreSettings | null): Feature[] {
  const shipping: Feature | null = !settings
    ? null
    : settings.shippingFeePaise === 0
      ? {
          icon: ICONS.shipping,
          title: 'Free Shipping',
          text: `Every order travels free, insured and tracked, and reaches you within ${settings.deliveryDays} days.`,
        }
      : {
          icon: ICONS.shipping,
          title: 'Insured Shipping',
          text: `A flat ${formatRupees(settings.shippingFeePaise)} covers insured, tracked delivery to your door within ${settings.deliveryDays} days.`,
        };
  const moneyBack: Feature | null = settings && {
    icon: ICONS.moneyBack,
    title: `${settings.returnWindowDays} Days Money Back`,
    text: `Not in love with it? Return it within ${settings.returnWindowDays} days of delivery for a refund, from your order page.`,
  };
  const tradeIn = settings ? `${settings.tradeInPercent} % of` : 'a set share of';
  const buyback = settings ? `${settings.buybackPercent} % of` : 'a set share of';
  const features: (Feature | null)[] = [
    {
      icon: ICONS.value,
      title: 'Value for Money',
      text: 'Making charges are shown apart in every piece’s price breakup. You pay for gold and craft, never for a famous label.',
    },
    {
      icon: ICONS.authentic,
      title: 'Authenticity',
      text: 'Each gold piece carries its BIS hallmark and HUID, printed on your invoice. Where a diamond has a lab certificate, you download it from your order.',
    },
    {
      icon: ICONS.custom,
      title: 'Customized Design',
      text: 'Share a sketch or a memory. We send a CAD design for your approval before anything is cast.',
    },
    moneyBack,
    {
      icon: ICONS.exchange,
      title: 'Exchange the Old',
      text: `Estimate your old gold online, then bring it to a store: we test its purity in front of you and give ${tradeIn} the day’s rate towards a new piece.`,
    },
    {
      icon: ICONS.savings,
      title: 'Gold Savings Plan',
      text: 'Save towards a piece with Milli Harvest: pay ten monthly instalments and we add the eleventh, to spend within 365 days of your first.',
    },
    shipping,
    {
      icon: ICONS.buyBack,
      title: 'Buy Back',
      text: `A piece bought here can come back to us for as long as you own it: we pay ${buyback} its metal’s value at that day’s rate.`,
    },
    {
      icon: ICONS.transparency,
      title: 'Transparency',
      text: 'Weight, purity, stones and making charges (with the hallmarking charge of a hallmarked piece) are itemised on every invoice, at the weight actually packed.',
    },
  ];
  return features.filter((f): f is Feature => f !== null);
}

export function FeatureBoxes({ settings }: { settings: StoreSettings | null }) {
  return (
    <section className="section features" aria-labelledby="features-title">
      <div className="container">
        <span className="section-eyebrow center">The Milli promise</span>
        <h2 id="features-title" className="section-title">
          Why shop with us
        </h2>
        <ul className="feature-grid">
          {featureList(settings).map((f) => (
            <li key={f.title} className="feature-box">
              <span className="feature-icon">{f.icon}</span>
              <h3 className="feature-title">{f.title}</h3>
              <p className="feature-text">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
