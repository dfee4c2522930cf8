import { useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { DEFAULT_SALE_TAB, SALE_TABS, saleEyebrow, type RunningSale, type SaleShelves, type SaleTabId } from './sale-shelves.ts';
import { SaleCard } from './sale-card.tsx';

/**
 * 'Jewel On Sale' (spec §2): four tabs over real products on sale, Pendant first. The tabs follow the
 * WAI-ARIA tabs pattern: one tab stop, arrow keys (and Home/End) move between tabs and show their panel.
 * The eyebrow says what the running sale takes off (issue 38: the spec's "50 % Discount" read as 50 % off the
 * price, over tiles of a few percent off); with no sale running it says nothing.
 */
export function JewelOnSale({ shelves, sales }: { shelves: SaleShelves; sales: readonly RunningSale[] | null }) {
  const eyebrow = saleEyebrow(sales);
  const [selected, setSelected] = useState<SaleTabId>(DEFAULT_SALE_TAB);
  const tabRefs = useRef(new Map<SaleTabId, HTMLButtonElement>());

  function select(id: SaleTabId, focus: boolean) {
    setSelected(id);
    if (focus) tabRefs.current.get(id)?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = SALE_TABS.findIndex((t) => t.id === selected);
    const last = SALE_TABS.length - 1;
    const next: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = next[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = SALE_TABS[target];
    if (tab) select(tab.id, true);
  }

  return (
    <section className="section section--warm on-sale" aria-labelledby="on-sale-title">
      <div className="container">
        {eyebrow && <span className="section-eyebrow center">{eyebrow}</span>}
        <h2 id="on-sale-title" className="section-title">
          Jewel On Sale
        </h2>
        <div className="sale-tabs" role="tablist" aria-label="Pieces on sale" onKeyDown={onKeyDown}>
          {SALE_TABS.map((tab) => {
            const isSelected = tab.id === selected;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  if (el) tabRefs.current.set(tab.id, el);
                  else tabRefs.current.delete(tab.id);
                }}
                type="button"
                role="tab"
                id={`sale-tab-${tab.id}`}
                aria-controls={`sale-panel-${tab.id}`}
                aria-selected={isSelected}
                tabIndex={isSelected ? 0 : -1}
                className="sale-tab"
                onClick={() => select(tab.id, false)}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {SALE_TABS.map((tab) => {
          const shelf = shelves[tab.id];
          // Only the shown tab's cards are in the page: the hidden three would add some 400 elements that
          // every phone styles and hydrates before the first screen settles. Their data is already here.
          if (tab.id !== selected) {
            return <div key={tab.id} role="tabpanel" id={`sale-panel-${tab.id}`} aria-labelledby={`sale-tab-${tab.id}`} hidden className="sale-panel" />;
          }
          return (
            <div key={tab.id} role="tabpanel" id={`sale-panel-${tab.id}`} aria-labelledby={`sale-tab-${tab.id}`} tabIndex={0} className="sale-panel">
              {shelf.status === 'ok' && shelf.products.length > 0 ? (
                <ul className="sale-grid">
                  {shelf.products.map((product) => (
                    <li key={product.product_id}>
                      <SaleCard product={product} />
                    </li>
                  ))}
                </ul>
              ) : (
                <div className="sale-empty">
                  <p className="sale-empty-title">
                    {shelf.status === 'error' ? 'We could not fetch these pieces just now.' : `No ${tab.label.toLowerCase()} pieces are on sale at the moment.`}
                  </p>
                  <p className="muted">
                    {shelf.status === 'error'
                      ? 'Please try again in a little while, or browse the whole collection meanwhile.'
                      : 'New offers arrive often. The whole collection is a click away.'}
                  </p>
                  <Link to="/alljewellery" className="btn btn-outline btn-sm">
                    Browse all jewellery
                  </Link>
                </div>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
