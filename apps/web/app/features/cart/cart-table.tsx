import { Form, Link } from 'react-router';
import { formatRupees } from '@milli/pricing';
import { OfferPrice } from '../../components/price/offer-price.tsx';
import { CloseIcon } from '../../components/layout/icons.tsx';
import { rateLockNote, type CartViewLine } from './cart-view.ts';

interface Props {
  lines: CartViewLine[];
  quantities: Record<string, number>;
  onStep: (key: string, delta: -1 | 1) => void;
  hydrated: boolean;
  busy: boolean;
}

/**
 * The cart table (spec §2): remove, product, price, minus / read-only quantity / plus, line total. It is one
 * form: without script each minus, plus or remove posts at once; with script minus and plus change the row
 * and the totals here, and Update Cart sends every quantity (0 removes the line).
 */
export function CartTable({ lines, quantities, onStep, hydrated, busy }: Props) {
  return (
    <Form method="post" id="cart-form" className="cart-form">
      <input type="hidden" name="intent" value="update" />
      <div className="table-wrap card">
        <table className="table cart-table">
          <caption className="visually-hidden">Pieces in your cart</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const qty = quantities[line.key] ?? line.quantity;
              const atStock = line.stock !== null && qty >= line.stock;
              return (
                <tr key={line.key} className={qty === 0 ? 'cart-row-zero' : undefined}>
                  <td className="cart-remove-cell">
                    <input type="hidden" name="line" value={line.key} />
                    <button
                      type="submit"
                      name="remove"
                      value={line.key}
                      className="icon-btn cart-remove"
                      aria-label={`Remove ${line.name} from your cart`}
                      disabled={busy}
                    >
                      <CloseIcon size={18} />
                    </button>
                  </td>
                  <td className="cart-product-cell">
                    <div className="cart-product">
                      <img src={line.image || '/placeholder-jewel.svg'} alt="" width={64} height={64} loading="lazy" />
                      <div>
                        <Link to={`/product-detail/${line.productId}`}>{line.name}</Link>
                        {line.choices && <p className="cart-choices">{line.choices}</p>}
                        {line.rateLock && <p className="cart-choices cart-rate-lock">{rateLockNote(line.rateLock)}</p>}
                      </div>
                    </div>
                  </td>
                  <td className="price" data-label="Price">
                    <OfferPrice nowPaise={line.unitPricePaise} beforePaise={line.beforePaise} percentOff={line.percentOff} />
                    {line.addedPricePaise !== null && (
                      <small className="price-note">Was {formatRupees(line.addedPricePaise)} when added; today’s rate or offer changed the price.</small>
                    )}
                  </td>
                  <td data-label="Quantity">
                    <div className="stepper">
                      <button
                        type="submit"
                        name="step"
                        value={`${line.key}:-1`}
                        className="stepper-btn"
                        aria-label={`One fewer ${line.name}`}
                        disabled={busy || qty <= 0}
                        onClick={(e) => {
                          if (!hydrated) return;
                          e.preventDefault();
                          onStep(line.key, -1);
                        }}
                      >
                        −
                      </button>
                      <label htmlFor={`qty-${line.key}`} className="visually-hidden">
                        Quantity of {line.name}
                      </label>
                      <input id={`qty-${line.key}`} name={`qty-${line.key}`} className="qty-box" type="number" value={qty} readOnly />
                      <button
                        type="submit"
                        name="step"
                        value={`${line.key}:1`}
                        className="stepper-btn"
                        aria-label={`One more ${line.name}`}
                        disabled={busy || atStock}
                        onClick={(e) => {
                          if (!hydrated) return;
                          e.preventDefault();
                          onStep(line.key, 1);
                        }}
                      >
                        +
                      </button>
                    </div>
                    {atStock && line.stock !== null && line.stock > 0 && <small className="price-note">Only {line.stock} in stock</small>}
                  </td>
                  <td className="price" data-label="Total">
                    {formatRupees(line.unitPricePaise * qty)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Form>
  );
}
