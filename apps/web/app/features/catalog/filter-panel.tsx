import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { COLOUR_FILTERS, MATERIALS, PRICE_BANDS, STONE_AND_METAL_FILTERS, categoryQueryName, type ProductFacets } from '@milli/contracts';
import { CloseIcon } from '../../components/layout/icons.tsx';
import { activeFilters, priceBandIndex, screenCategory } from './catalog-text.ts';
import { hrefWithFilter, toggleFilter, withoutKeys, type ListingState } from './listing-url.ts';

type TextKey = 'material' | 'category' | 'tag' | 'stone' | 'colour';

/**
 * How many pieces a value would give (decision 026): undefined when the counts are not known (show the value
 * uncounted), 0 when it would give none (hide it, unless it is the chosen one).
 */
function countIn(counts: Record<string, number> | undefined, key: string): number | undefined {
  return counts === undefined ? undefined : (counts[key] ?? 0);
}

function Count({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  // Part of the link's name ('Gold (84)'), so a screen reader hears the count with the value; plain text, not an
  // element: the listing's fifty values would be fifty more elements (issue 40).
  return <> ({n})</>;
}

/** One filter value: a link that sets it, or, when it is already chosen, removes it. */
function Option({ state, name, value, label, count }: { state: ListingState; name: TextKey; value: string; label?: string; count?: number }) {
  const active = state.filter[name] === value;
  if (count === 0 && !active) return null;
  return (
    <li>
      <Link
        to={hrefWithFilter(state, toggleFilter(state.filter, name, value))}
        className={`filter-option${active ? ' is-active' : ''}`}
        aria-current={active ? 'true' : undefined}
        preventScrollReset
        rel="nofollow"
      >
        {label ?? value}
        {!active && <Count n={count} />}
        {active && <span className="visually-hidden"> (chosen: select to remove)</span>}
      </Link>
    </li>
  );
}

/** Whether a group has a value to show: counts unknown, a value that gives pieces, or the chosen one. */
function anyShown(counts: Record<string, number> | undefined, keys: readonly string[], chosen: (key: string) => boolean): boolean {
  return counts === undefined || keys.some((k) => (counts[k] ?? 0) > 0 || chosen(k));
}

function Group({ id, title, children, inline = false, shown = true }: { id: string; title: string; children: ReactNode; inline?: boolean; shown?: boolean }) {
  if (!shown) return null;
  return (
    <section className="side-block filter-group" aria-labelledby={id}>
      <h3 id={id} className="side-title">
        {title}
      </h3>
      <ul className={`filter-list${inline ? ' filter-list--inline' : ''}`}>{children}</ul>
    </section>
  );
}

/** The chosen filters as chips, each removable, and a way to clear them all. */
export function ActiveFilters({ state }: { state: ListingState }) {
  const chips = activeFilters(state.filter);
  if (chips.length === 0) return null;
  return (
    <div className="active-filters" aria-label="Chosen filters" role="region">
      <ul>
        {chips.map((chip) => (
          <li key={chip.keys.join()}>
            <Link
              to={hrefWithFilter(state, withoutKeys(state.filter, ...chip.keys))}
              className="filter-chip"
              aria-label={`Remove ${chip.label}`}
              preventScrollReset
              rel="nofollow"
            >
              {chip.label}
              <CloseIcon size={14} />
            </Link>
          </li>
        ))}
      </ul>
      {chips.length > 1 && (
        <Link to={hrefWithFilter({ ...state, priceBase: undefined }, {})} className="filter-clear">
          Clear all filters
        </Link>
      )}
    </div>
  );
}

/**
 * The listing's filter side panel (spec §2, §9): material, category, the chosen category's style tags,
 * metal & stone, price bands and colour. Every option is a link, so filtering works without JavaScript
 * and every filtered page has an address to share.
 */
export function FilterPanel({
  state,
  categories,
  tagsByCategory,
  otherStones,
  facets,
}: {
  state: ListingState;
  categories: string[];
  tagsByCategory: Record<string, string[]>;
  otherStones: string[];
  /** Counts per value for the current query and filters; without them every value shows, uncounted. */
  facets?: ProductFacets | null;
}) {
  const chosenCategory = state.filter.category ? screenCategory(state.filter.category) : undefined;
  const tags = chosenCategory ? (tagsByCategory[chosenCategory] ?? []) : [];
  const stones = [...STONE_AND_METAL_FILTERS, ...otherStones.filter((s) => !(STONE_AND_METAL_FILTERS as readonly string[]).includes(s))];
  const band = priceBandIndex(state.filter);
  return (
    <>
      <Group id="filter-material" title="Material" shown={anyShown(facets?.material, MATERIALS, (m) => state.filter.material === m)}>
        {MATERIALS.map((m) => (
          <Option key={m} state={state} name="material" value={m} count={countIn(facets?.material, m)} />
        ))}
      </Group>
      <Group id="filter-category" title="Category" shown={anyShown(facets?.category, categories, (c) => state.filter.category === categoryQueryName(c))}>
        {categories.map((c) => (
          <Option key={c} state={state} name="category" value={categoryQueryName(c)} label={c} count={countIn(facets?.category, c)} />
        ))}
      </Group>
      {chosenCategory && tags.length > 0 && (
        <Group id="filter-style" title={`${chosenCategory} by style`} shown={anyShown(facets?.tag, tags, (t) => state.filter.tag === t)}>
          {tags.map((t) => (
            <Option key={t} state={state} name="tag" value={t} count={countIn(facets?.tag, t)} />
          ))}
        </Group>
      )}
      <Group id="filter-stone" title="Metal & Stone" shown={anyShown(facets?.stone, stones, (st) => state.filter.stone === st)}>
        {stones.map((s) => (
          <Option key={s} state={state} name="stone" value={s} count={countIn(facets?.stone, s)} />
        ))}
      </Group>
      <Group
        id="filter-price"
        title="Price"
        shown={anyShown(
          facets?.price,
          PRICE_BANDS.map((b) => b.label),
          (label) => PRICE_BANDS[band]?.label === label,
        )}
      >
        {PRICE_BANDS.map((b, i) => {
          const active = band === i;
          const count = countIn(facets?.price, b.label);
          if (count === 0 && !active) return null;
          const range = b.max === null ? { minPrice: b.min } : { minPrice: b.min, maxPrice: b.max };
          const base = withoutKeys(state.filter, 'minPrice', 'maxPrice');
          return (
            <li key={b.label}>
              <Link
                to={hrefWithFilter(state, active ? base : { ...base, ...range })}
                className={`filter-option filter-option--round${active ? ' is-active' : ''}`}
                aria-current={active ? 'true' : undefined}
                preventScrollReset
                rel="nofollow"
              >
                {b.label}
                {!active && <Count n={count} />}
                {active && <span className="visually-hidden"> (chosen: select to remove)</span>}
              </Link>
            </li>
          );
        })}
      </Group>
      <Group id="filter-colour" title="Colour" inline shown={anyShown(facets?.colour, COLOUR_FILTERS, (c) => state.filter.colour === c)}>
        {COLOUR_FILTERS.map((c) => {
          const active = state.filter.colour === c;
          const count = countIn(facets?.colour, c);
          if (count === 0 && !active) return null;
          return (
            <li key={c}>
              <Link
                to={hrefWithFilter(state, toggleFilter(state.filter, 'colour', c))}
                className={`colour-swatch colour-swatch--${c.toLowerCase()}${active ? ' is-active' : ''}`}
                aria-current={active ? 'true' : undefined}
                preventScrollReset
                rel="nofollow"
              >
                {c}
                {!active && <Count n={count} />}
                {active && <span className="visually-hidden"> (chosen: select to remove)</span>}
              </Link>
            </li>
          );
        })}
      </Group>
    </>
  );
}
