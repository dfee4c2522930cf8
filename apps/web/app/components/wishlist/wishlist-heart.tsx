import type { CSSProperties } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useShellData } from '../layout/shell-data.ts';

/** The /wishlist action's answer, as far as the heart reads it. */
interface HeartAnswer {
  ok: boolean;
  message: string;
}

/**
 * The wish-list heart of a product card and the product page: a real button in a small form posting to
 * the /wishlist action, so it works before and without JavaScript (the action then sends the visitor back
 * here, named in the form's address with the heart's fields). With JavaScript the same form goes through a fetcher: the page stays put, the heart fills at
 * once, and the header's count follows when the root loader revalidates.
 */
export function WishlistHeart({
  productId,
  productName,
  className = '',
  size = 20,
}: {
  productId: number;
  productName: string;
  className?: string;
  size?: number;
}) {
  const { wishlistIds } = useShellData();
  const location = useLocation();
  // One key per piece: every heart for the same piece on a page shows the same state.
  const fetcher = useFetcher<HeartAnswer>({ key: `wishlist-heart-${productId}` });
  const saved = wishlistIds.includes(productId);
  const pending = fetcher.formData?.get('productId') === String(productId) ? fetcher.formData.get('intent') === 'add' : null;
  const on = pending ?? saved;
  const failed = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok ? fetcher.data.message : null;

  const fields = { intent: on ? 'remove' : 'add', productId: String(productId) };
  // The fields travel in the form's address rather than in hidden inputs: a listing of twelve cards is 36 elements
  // lighter (issue 40). With JavaScript the fetcher posts the same fields, without the way back.
  const action = `/wishlist?${new URLSearchParams({ ...fields, redirectTo: `${location.pathname}${location.search}` })}`;
  return (
    <form
      method="post"
      action={action}
      className={`wish-form ${className}`.trim()}
      onSubmit={(event) => {
        event.preventDefault();
        void fetcher.submit(fields, { method: 'post', action: '/wishlist' });
      }}
    >
      <button
        type="submit"
        className="wish-btn"
        aria-pressed={on}
        aria-label={on ? `Remove ${productName} from wish list` : `Add ${productName} to wish list`}
        title={on ? 'In your wish list' : 'Add to wish list'}
        style={size === 20 ? undefined : ({ '--heart-size': `${size}px` } as CSSProperties)}
      />
      {failed && (
        <span className="wish-error" role="alert">
          {failed}
        </span>
      )}
    </form>
  );
}
