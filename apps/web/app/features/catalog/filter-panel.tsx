import { useState, type FormEvent, type ReactNode } from 'react';
import { Form, Link, useNavigate } from 'react-router';
import { COLOUR_FILTERS, MATERIALS, PRICE_BANDS, STONE_AND_METAL_FILTERS, categoryQueryName, type ProductFacets } from '@milli/contracts';
import { CloseIcon } from '../../components/layout/icons.tsx';
import { activeFilters, priceBandIndex, screenCategory } from './catalog-text.ts';
import { useNarrow } from './filters-drawer.tsx';
import {
  CHOICE_KEYS,
  hrefWithFilter,
  isChosen,
  listingHref,
  parseListing,
  priceChoiceValue,
  toggleFilter,
  withoutKeys,
  type ChoiceKey,
  type ListingState,
} from './listing-url.ts';

/** Where the panel's form goes without JavaScript: the listing reads its fields and answers with the state's one address. */
const FORM_ACTION = '/alljewellery';

/**
 * How many pieces a value would give (decision 026): undefined when the counts are not known (show the value
 * uncounted), 0 when it would give none (hide it, unless it is a chosen one).
 */
function countIn(counts: Record<string, number> | undefined, key: string): number | undefined {
  return counts === undefined ? undefined : (counts[key] ?? 0);
}

function Count({ n }: { n: number | undefined }) {
  if (n === undefined) return null;
  // Part of the option's name ('Gold (84)'), so a screen reader hears the count with the value; plain text, not an
  // element: the listing's fifty values would be fifty more elements (issue 40).
  return <> ({n})</>;
}

/** One value of a group: a checkbox, so several of a group can be chosen before Apply (issue 40). */
function Option({ state, name, value, label, count }: { state: ListingState; name: ChoiceKey; value: string; label?: string; count?: number }) {
  const active = isChosen(state.filter, name, value);
  if (count === 0 && !active) return null;
  return (
    <label className="filter-option">
      <input type="checkbox" name={name} value={value} defaultChecked={active} />
      {label ?? value}
      <Count n={count} />
    </label>
  );
}

/** Whether a group has a value to show: counts unknown, a value that gives pieces, or a chosen one. */
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
      {/* Labels side by side, not list items: one element less for each of the listing's fifty values (issue 40). */}
      <div className={`filter-list${inline ? ' filter-list--inline' : ''}`}>{children}</div>
    </section>
  );
}

/** The chosen filters as chips, each removable (a group of several values has a chip for each), and a way to clear them all. */
export function ActiveFilters({ state }: { state: ListingState }) {
  const chips = activeFilters(state.filter);
  if (chips.length === 0) return null;
  return (
    <div className="active-filters" aria-label="Chosen filters" role="region">
      <ul>
        {chips.map((chip) => (
          <li key={chip.choice ? `${chip.choice.key}:${chip.choice.value}` : chip.keys.join()}>
            <Link
              to={hrefWithFilter(state, chip.choice ? toggleFilter(state.filter, chip.choice.key, chip.choice.value) : withoutKeys(state.filter, ...chip.keys))}
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

/** How many values the form has chosen: its checked boxes and a price band. */
function chosenIn(form: HTMLFormElement): number {
  const data = new FormData(form);
  const price = data.get('price');
  return CHOICE_KEYS.reduce((n, key) => n + data.getAll(key).length, 0) + (typeof price === 'string' && price !== '' ? 1 : 0);
}

/** The number the Apply button shows before anything is changed: the address's chosen values. */
function chosenOf(state: ListingState): number {
  const band = state.filter.minPrice !== undefined || state.filter.maxPrice !== undefined ? 1 : 0;
  return CHOICE_KEYS.reduce((n, key) => n + (state.filter[key]?.length ?? 0), 0) + band;
}

/**
 * The listing's filter side panel (spec §2, §9): material, category, the chosen category's style tags, metal &
 * stone, price bands and colour, with each value's count. One GET form (issue 40): on a phone the drawer keeps it
 * open while several values are ticked (two categories and a metal), and Apply shows them in one navigation;
 * Clear leaves them all. Beside the grid on a wide screen a tick applies at once, as the links it replaces did.
 * Without JavaScript Apply posts the form to the listing, which answers with the chosen state's one address.
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
  const navigate = useNavigate();
  const narrow = useNarrow();
  const [chosen, setChosen] = useState<number | null>(null);
  const chosenCategory = state.filter.category?.length === 1 ? screenCategory(state.filter.category[0]!) : undefined;
  const tags = chosenCategory ? (tagsByCategory[chosenCategory] ?? []) : [];
  const stones = [...STONE_AND_METAL_FILTERS, ...otherStones.filter((s) => !(STONE_AND_METAL_FILTERS as readonly string[]).includes(s))];
  const band = priceBandIndex(state.filter);
  const kept = listingHref({ ...state, filter: { q: state.filter.q, occasion: state.filter.occasion, recipient: state.filter.recipient }, page: 1 });
  const hidden = [...new URL(kept, 'http://local').searchParams.entries()];
  const count = chosen ?? chosenOf(state);

  // With JavaScript the form's values become the state's one address here: one navigation, no redirect.
  const apply = (form: HTMLFormElement) => {
    const fields = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === 'string') fields.append(name, value);
    const read = parseListing({}, fields);
    if (read.ok) navigate(listingHref(read.state), { preventScrollReset: true });
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(event.currentTarget);
  };

  return (
    <Form
      method="get"
      action={FORM_ACTION}
      className="filter-form"
      aria-label="Filters"
      // A new address draws the form again from it (the drawer closes on it too).
      key={listingHref(state)}
      onSubmit={onSubmit}
      onChange={(event) => {
        setChosen(chosenIn(event.currentTarget));
        if (!narrow) apply(event.currentTarget);
      }}
    >
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Group id="filter-material" title="Material" shown={anyShown(facets?.material, MATERIALS, (m) => isChosen(state.filter, 'material', m))}>
        {MATERIALS.map((m) => (
          <Option key={m} state={state} name="material" value={m} count={countIn(facets?.material, m)} />
        ))}
      </Group>
      <Group
        id="filter-category"
        title="Category"
        shown={anyShown(facets?.category, categories, (c) => isChosen(state.filter, 'category', categoryQueryName(c)))}
      >
        {categories.map((c) => (
          <Option key={c} state={state} name="category" value={categoryQueryName(c)} label={c} count={countIn(facets?.category, c)} />
        ))}
      </Group>
      {chosenCategory && tags.length > 0 && (
        <Group id="filter-style" title={`${chosenCategory} by style`} shown={anyShown(facets?.tag, tags, (t) => isChosen(state.filter, 'tag', t))}>
          {tags.map((t) => (
            <Option key={t} state={state} name="tag" value={t} count={countIn(facets?.tag, t)} />
          ))}
        </Group>
      )}
      <Group id="filter-stone" title="Metal & Stone" shown={anyShown(facets?.stone, stones, (st) => isChosen(state.filter, 'stone', st))}>
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
        <label className="filter-option">
          <input type="radio" name="price" value="" defaultChecked={band < 0 && state.filter.minPrice === undefined && state.filter.maxPrice === undefined} />
          Any price
        </label>
        {PRICE_BANDS.map((b, i) => {
          const active = band === i;
          const n = countIn(facets?.price, b.label);
          if (n === 0 && !active) return null;
          return (
            <label key={b.label} className="filter-option">
              <input type="radio" name="price" value={priceChoiceValue(b)} defaultChecked={active} />
              {b.label}
              <Count n={n} />
            </label>
          );
        })}
      </Group>
      <Group id="filter-colour" title="Colour" inline shown={anyShown(facets?.colour, COLOUR_FILTERS, (c) => isChosen(state.filter, 'colour', c))}>
        {COLOUR_FILTERS.map((c) => {
          const active = isChosen(state.filter, 'colour', c);
          const n = countIn(facets?.colour, c);
          if (n === 0 && !active) return null;
          return (
            <label key={c} className={`colour-swatch colour-swatch--${c.toLowerCase()}`}>
              <input type="checkbox" name="colour" value={c} defaultChecked={active} className="colour-check" />
              {c}
              <Count n={n} />
            </label>
          );
        })}
      </Group>
      <div className="filter-actions">
        <button type="submit" className="btn btn-primary btn-sm filter-apply">
          Apply{count > 0 ? ` (${count} chosen)` : ''}
        </button>
        <Link
          to={hrefWithFilter({ ...state, priceBase: undefined }, withoutKeys(state.filter, ...CHOICE_KEYS, 'minPrice', 'maxPrice'))}
          className="btn btn-outline btn-sm filter-reset"
          rel="nofollow"
        >
          Clear
        </Link>
      </div>
    </Form>
  );
}
