import type { FormEvent } from 'react';
import type { FetcherWithComponents } from 'react-router';

/**
 * onSubmit for a wish-list form that also works without JavaScript: the native form posts to /wishlist
 * with `redirectTo` and the action sends the visitor back; with JavaScript the same fields go through the
 * fetcher without `redirectTo`, so the action answers the fetcher and the page does not move.
 */
export function submitThroughFetcher(fetcher: Pick<FetcherWithComponents<unknown>, 'submit'>) {
  return (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    form.delete('redirectTo');
    void fetcher.submit(form, { method: 'post', action: '/wishlist' });
  };
}
