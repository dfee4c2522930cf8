import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { Form, useNavigate } from 'react-router';
import type { ApiAnswer, ProductSummary } from '@milli/contracts';
import { formatRupees, rupeesToPaise } from '@milli/pricing';
import { SearchIcon } from './icons.tsx';
import { searchHref } from './nav-links.ts';
import './header-search.css';

/** Wait this long after the last key before asking for suggestions. */
export const SUGGEST_DEBOUNCE_MS = 200;
/** Fewer letters than this rarely say what the shopper means. */
export const SUGGEST_MIN_CHARS = 2;
const MAX_SUGGESTIONS = 6;

type Status = 'idle' | 'loading' | 'done' | 'error';

const paiseOf = (p: ProductSummary) => (Number.isSafeInteger(p.product_price_paise) ? p.product_price_paise : rupeesToPaise(p.product_price));

/**
 * The header's product search (in the slide-out panel) with suggestions as you type: the WAI-ARIA
 * combobox pattern. Up/Down move through the products, Enter opens the highlighted one (or searches
 * the text when none is), Escape closes the list. Without JavaScript it is a plain GET form to
 * /alljewellery?q=…, which is also where submitting goes.
 */
export function HeaderSearch({ id = 'panel-search-q' }: { id?: string }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [items, setItems] = useState<ProductSummary[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The query the pieces shown are for, when the typed words found nothing (decision 026). */
  const [didYouMean, setDidYouMean] = useState<string | null>(null);

  const query = text.trim();
  useEffect(() => {
    if (query.length < SUGGEST_MIN_CHARS) {
      setItems([]);
      setDidYouMean(null);
      setStatus('idle');
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      setStatus('loading');
      try {
        const res = await fetch(`/api/product/suggest?q=${encodeURIComponent(query.slice(0, 100))}`, {
          headers: { accept: 'application/json' },
          credentials: 'same-origin',
          signal: controller.signal,
        });
        if (!res.ok) throw new Error(String(res.status));
        const body = (await res.json()) as ApiAnswer<'GET', '/api/product/suggest'>;
        const list = Array.isArray(body.data) ? body.data.slice(0, MAX_SUGGESTIONS) : [];
        setItems(list);
        setDidYouMean(typeof body.didYouMean === 'string' && list.length > 0 ? body.didYouMean : null);
        setActive(-1);
        setStatus('done');
      } catch {
        if (controller.signal.aborted) return;
        setItems([]);
        setDidYouMean(null);
        setStatus('error');
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const showList = open && query.length >= SUGGEST_MIN_CHARS && status !== 'idle';
  const optionId = (i: number) => `${listId}-opt-${i}`;

  function go(product: ProductSummary) {
    setOpen(false);
    navigate(`/product-detail/${product.product_id}`);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the text box itself: stepping past either end returns to the typed text.
      setActive((i) => {
        const next = i + step;
        if (next < -1) return items.length - 1;
        if (next >= items.length) return -1;
        return next;
      });
    } else if (event.key === 'Enter') {
      const product = showList ? items[active] : undefined;
      if (product) {
        event.preventDefault();
        go(product);
      } else {
        setOpen(false);
      }
    } else if (event.key === 'Escape') {
      if (showList) {
        // Close the list only; a second Escape closes the panel around us.
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  }

  return (
    <Form method="get" action="/alljewellery" role="search" className="panel-search header-search" onSubmit={() => setOpen(false)}>
      <label htmlFor={id} className="visually-hidden">
        Search jewellery
      </label>
      <input
        id={id}
        name="q"
        type="search"
        placeholder="Search jewellery…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={200}
        required
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <button type="submit" className="panel-search-btn" aria-label="Search">
        <SearchIcon size={20} />
      </button>
      <div className="suggest" hidden={!showList}>
        {status === 'done' && didYouMean && (
          <p className="suggest-note suggest-did-you-mean">
            No pieces match “{query}”. Did you mean{' '}
            <a
              href={searchHref(didYouMean)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => {
                event.preventDefault();
                setOpen(false);
                navigate(searchHref(didYouMean));
              }}
            >
              “{didYouMean}”
            </a>
            ?
          </p>
        )}
        <ul id={listId} role="listbox" aria-label="Suggested products" className="suggest-list">
          {items.map((product, i) => (
            <li
              key={product.product_id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`suggest-option${i === active ? ' is-active' : ''}`}
              // mousedown, not click: the text box's blur would close the list before a click lands.
              onMouseDown={(event) => {
                event.preventDefault();
                go(product);
              }}
              onMouseMove={() => setActive(i)}
            >
              <img src={product.product_parent_image || '/placeholder-jewel.svg'} alt="" width={44} height={44} loading="lazy" />
              <span className="suggest-name">{product.product_name}</span>
              <span className="suggest-price">{formatRupees(paiseOf(product))}</span>
            </li>
          ))}
        </ul>
        <p className="suggest-note" aria-live="polite">
          {status === 'loading' && items.length === 0
            ? 'Searching…'
            : status === 'error'
              ? 'Suggestions are not available just now; press Enter to search.'
              : status === 'done' && items.length === 0
                ? `No pieces match “${query}” yet; press Enter to search anyway.`
                : status === 'done'
                  ? `${items.length} suggestion${items.length === 1 ? '' : 's'}. `
                  : ''}
          {status === 'done' && items.length > 0 && !didYouMean && (
            <a
              href={searchHref(query)}
              onMouseDown={(event) => event.preventDefault()}
              onClick={(event) => {
                event.preventDefault();
                setOpen(false);
                navigate(searchHref(query));
              }}
            >
              See all results
            </a>
          )}
        </p>
      </div>
    </Form>
  );
}
