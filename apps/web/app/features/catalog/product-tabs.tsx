import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { ProductDetail, StoreSettings } from '@milli/contracts';
import { screenCategory } from './catalog-text.ts';
import { hallmarkWords } from './cert-badges.tsx';

const TABS = [
  { id: 'details', label: 'Details' },
  { id: 'info', label: 'Additional Info' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const METAL_LABEL: Record<string, string> = { gold: 'Gold', platinum: 'Platinum', silver: 'Silver' };

function purityText(product: ProductDetail): string | null {
  if (product.product_purity === null) return null;
  if (product.pricing.metal === 'gold') return `${product.product_purity}kt`;
  return `${product.product_purity} (${product.product_purity / 10} % pure)`;
}

function Facts({ product }: { product: ProductDetail }) {
  const rows: [string, ReactNode][] = [];
  rows.push(['Category', screenCategory(product.product_category)]);
  rows.push(['Metal', [product.product_metal_colour, METAL_LABEL[product.product_metal] ?? product.product_metal].filter(Boolean).join(' · ')]);
  const purity = purityText(product);
  if (purity) rows.push(['Purity', purity]);
  if (product.product_metal_weight_g !== null) rows.push(['Metal weight', `${product.product_metal_weight_g} g`]);
  if (product.product_diamond_weight_ct !== null && product.product_diamond_weight_ct > 0) {
    rows.push(['Diamond weight', `${product.product_diamond_weight_ct} ct`]);
  }
  if (product.product_stones.length > 0) rows.push(['Stones', product.product_stones.join(', ')]);
  const hallmark = hallmarkWords({ metal: product.pricing.metal, purity: product.product_purity, hallmarked: product.product_hallmarked });
  if (hallmark) rows.push(['Hallmark', `${hallmark.title}: ${hallmark.detail}`]);
  rows.push(['Country of origin', product.product_country_of_origin]);
  rows.push(['SKU', product.product_sku]);
  return (
    <table className="table table--facts">
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Promises = Pick<StoreSettings, 'deliveryDays' | 'returnWindowDays' | 'exchangePercent' | 'buybackPercent'>;

/**
 * The delivery and return days, and what exchange and buy-back give, are the store's settings: without them (null) the
 * line that states them is left out. Exchange and buy-back pay a percent of the metal's value at the day's rate (issue 38).
 */
function Details({ product, settings }: { product: ProductDetail; settings: Promises | null }) {
  const paragraphs = product.product_description
    .split(/\n{2,}/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <div className="stack-sm">
      {paragraphs.length > 0 ? paragraphs.map((p, i) => <p key={i}>{p}</p>) : <p>{product.product_name}.</p>}
      {settings && (
        <p className="muted">
          Delivered in {settings.deliveryDays} days, {settings.returnWindowDays} day returnable, with lifetime exchange at {settings.exchangePercent} % and
          buyback at {settings.buybackPercent} % of the metal’s value at the day’s rate.
        </p>
      )}
    </div>
  );
}

/**
 * Details and Additional Info (spec §2) as WAI-ARIA tabs: one tab stop, arrow keys switch. Before the
 * page is interactive (or without JavaScript) both sections show one after the other, so neither is
 * ever out of reach.
 */
export function ProductTabs({ product, settings }: { product: ProductDetail; settings: Promises | null }) {
  const [enhanced, setEnhanced] = useState(false);
  const [selected, setSelected] = useState<TabId>('details');
  const refs = useRef(new Map<TabId, HTMLButtonElement>());
  useEffect(() => setEnhanced(true), []);

  const panels: Record<TabId, ReactNode> = {
    details: <Details product={product} settings={settings} />,
    info: <Facts product={product} />,
  };

  if (!enhanced) {
    return (
      <div className="pd-tabs pd-tabs--plain">
        {TABS.map((tab) => (
          <section key={tab.id} aria-labelledby={`pd-tab-${tab.id}`} className="pd-tabpanel">
            <h3 id={`pd-tab-${tab.id}`} className="pd-tabs-heading">
              {tab.label}
            </h3>
            {panels[tab.id]}
          </section>
        ))}
      </div>
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = TABS.findIndex((t) => t.id === selected);
    const last = TABS.length - 1;
    const target = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = TABS[target]!;
    setSelected(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div className="pd-tabs">
      <div role="tablist" aria-label="About this piece" className="pd-tablist" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              if (el) refs.current.set(tab.id, el);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`pd-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`pd-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="pd-tab"
            onClick={() => setSelected(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`pd-panel-${tab.id}`}
          aria-labelledby={`pd-tab-${tab.id}`}
          hidden={tab.id !== selected}
          tabIndex={0}
          className="pd-tabpanel"
        >
          {panels[tab.id]}
        </div>
      ))}
    </div>
  );
}
