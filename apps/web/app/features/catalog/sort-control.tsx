import { useEffect, useState } from 'react';
import { Form, useSubmit } from 'react-router';
import { SORT_OPTIONS } from '@milli/contracts';
import { formTarget, listingHref, type ListingState } from './listing-url.ts';

/**
 * The sort dropdown: a GET form, so it works without JavaScript (the Sort button submits); with
 * JavaScript a change submits at once and the button steps aside. A new order starts at page 1.
 * Where scripting is on, CSS alone hides the button, from the first paint (`.sort-submit`, catalog.css), so the
 * select does not move when the page hydrates; hydration then takes it out of the tab order.
 */
export function SortControl({ state }: { state: ListingState }) {
  const submit = useSubmit();
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const { action, hidden } = formTarget(listingHref({ ...state, sort: 0, page: 1 }));
  return (
    <Form method="get" action={action} className="sort-control" preventScrollReset>
      {hidden.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="listing-sort" className="sort-label">
        Sort by
      </label>
      <select id="listing-sort" name="sort" value={String(state.sort)} onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}>
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn-outline btn-sm sort-submit" tabIndex={enhanced ? -1 : undefined}>
        Sort
      </button>
    </Form>
  );
}
