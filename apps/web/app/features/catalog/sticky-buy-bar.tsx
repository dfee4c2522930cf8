import { useEffect, useState } from 'react';

/** The form the bar's button submits: the buy box's own (ProductPurchase). */
export const BUY_FORM_ID = 'pd-buy';

/**
 * The product page's Add to Cart bar (issue 40): fixed at the bottom of a phone's screen whenever the buy box's own
 * button is out of sight (below the first screen, or scrolled past), with the piece's name and price. Its button is a
 * real submit button of the buy box's form (the `form` attribute), so it adds the piece with the choices made there,
 * with or without JavaScript; the server asks for a size the shopper has not chosen, next to the size field. Without
 * JavaScript the bar stays shown on narrow screens; wide ones never show it (the buy box is beside the picture).
 */
export function StickyBuyBar({ name, price, disabled, adding }: { name: string; price: string; disabled: boolean; adding: boolean }) {
  const [state, setState] = useState<'shown' | 'hidden' | null>(null);
  useEffect(() => {
    const button = document.querySelector(`#${BUY_FORM_ID} .pd-add`);
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setState(entry?.isIntersecting ? 'hidden' : 'shown'));
    observer.observe(button);
    return () => observer.disconnect();
  }, []);
  return (
    <div className="pd-sticky" data-state={state ?? undefined} aria-hidden={state === 'hidden' || undefined}>
      <p className="pd-sticky-text">
        <span className="pd-sticky-name">{name}</span>
        <span className="pd-sticky-price">{price}</span>
      </p>
      <button
        type="submit"
        form={BUY_FORM_ID}
        className="btn btn-primary pd-sticky-add"
        disabled={disabled}
        tabIndex={state === 'hidden' ? -1 : undefined}
        aria-disabled={adding || undefined}
        onClick={(event) => {
          if (adding) event.preventDefault();
        }}
      >
        Add to Cart
      </button>
    </div>
  );
}
