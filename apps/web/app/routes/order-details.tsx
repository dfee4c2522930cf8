import { useState } from 'react';
import { Form, Link, data, useActionData, useNavigation, useRevalidator } from 'react-router';
import type { OrderAdjustment } from '@milli/contracts';
import { formatGrams, formatRupees, payableOf } from '@milli/pricing';
import type { Route } from './+types/order-details';
import { serverApi } from '../lib/api.server.ts';
import { pageTitle } from '../lib/meta.ts';
import { PageBanner } from '../components/layout/page-banner.tsx';
import { FormAlert } from '../components/forms/form-bits.tsx';
import { cancelOrder, loadOrderDetail, orderNumberParam, requestReturn, requireUser, type CancelResult } from '../features/orders/orders.server.ts';
import { OrderReturns, type ReturnFormResult } from '../features/orders/order-returns.tsx';
import { OrderPaymentPanel } from '../features/orders/order-payment.tsx';
import { BuybackPanel } from '../features/orders/buyback-panel.tsx';
import { askExchange, loadBuybackQuote, type ExchangeAskResult } from '../features/orders/buyback.server.ts';
import { useGatewayCheckout } from '../features/payments/gateway-checkout.tsx';
import { AdjustmentsPanel, adjustmentPayPath, CreditNotes, HuidNote, InvoiceLink, LinePieces, ShipmentPanel } from '../features/orders/order-fulfilment.tsx';
import { ReviewLink } from '../features/orders/review-link.tsx';
import { AddressLines, StatusBadge, TrackingTimeline, optionsText, orderDate, stepTime } from '../features/orders/order-parts.tsx';
import '../styles/screens/shells.css';
import '../styles/screens/orders.css';

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: pageTitle(loaded?.order ? `Order ${loaded.order.order.orderNumber}` : 'Order Details') },
  { name: 'robots', content: 'noindex' },
];

/**
 * Order tracking (spec §2; DECISIONS §2: the real status history). /order-details?order={number}; guests
 * go to /login, an unknown or someone else's order is the 404 screen. `&cancel=1` is the confirmation step
 * of Cancel order, so cancelling works without script as well.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const orderNumber = orderNumberParam(url);
  const api = serverApi(context);
  await requireUser(api, request);
  if (orderNumber === null) return { orderNumber: null, order: null, confirming: false, cancelled: false, returned: false, buyback: null };
  const order = await loadOrderDetail(api, orderNumber);
  // Lifetime exchange and buy-back open once delivered.
  const buyback = order?.order.status === 'Delivered' ? await loadBuybackQuote(api, orderNumber) : null;
  return data(
    {
      orderNumber,
      order,
      confirming: url.searchParams.get('cancel') === '1',
      cancelled: url.searchParams.get('cancelled') === '1',
      returned: url.searchParams.get('returned') === '1',
      buyback,
    },
    { status: order ? 200 : 503 },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const orderNumber = orderNumberParam(new URL(request.url));
  const form = await request.formData();
  if (orderNumber && form.get('intent') === 'exchange') return askExchange(serverApi(context), orderNumber, form);
  if (orderNumber && form.get('intent') === 'return') return requestReturn(serverApi(context), orderNumber, form);
  if (!orderNumber || form.get('intent') !== 'cancel') return data<CancelResult>({ ok: false, message: 'Unknown request.' }, { status: 400 });
  return cancelOrder(serverApi(context), orderNumber);
}

const CANCELLED_TEXT = 'Your order has been cancelled. A confirmation has been sent to your e-mail.';

export default function OrderDetails({ loaderData }: Route.ComponentProps) {
  const { orderNumber, order: detail, confirming, cancelled, returned, buyback } = loaderData;
  const answer = useActionData<typeof action>() as (CancelResult & Partial<ExchangeAskResult>) | ReturnFormResult | undefined;
  const returnResult = answer && 'intent' in answer ? answer : undefined;
  const result = answer && !('intent' in answer) ? answer : undefined;
  const submitting = useNavigation().state === 'submitting';
  // Pay the difference (a weight charge found at packing): the shared gateway checkout, then the order afresh.
  const revalidator = useRevalidator();
  const [differencePaid, setDifferencePaid] = useState(false);
  const checkout = useGatewayCheckout({
    onPaid: () => {
      setDifferencePaid(true);
      void revalidator.revalidate();
    },
    onSettled: () => void revalidator.revalidate(),
  });
  const payDifference = (a: OrderAdjustment) => {
    if (!orderNumber) return;
    void checkout.pay(adjustmentPayPath(orderNumber, a.id), {
      name: 'Milli',
      description: `Weight difference on order ${orderNumber}`,
    });
  };

  if (!orderNumber) {
    return (
      <>
        <PageBanner title="Order Details" parents={[{ label: 'My Account', href: '/account?tab=orders' }]} />
        <div className="section">
          <div className="container">
            <div className="card card-pad empty-state">
              <p className="empty-state-title">Which order would you like to follow?</p>
              <p className="muted">Choose an order from your lists to see where it is.</p>
              <Link to="/active-orders" className="btn btn-primary btn-sm">
                Active Orders
              </Link>
            </div>
          </div>
        </div>
      </>
    );
  }

  const self = `/order-details?order=${encodeURIComponent(orderNumber)}`;
  return (
    <>
      <PageBanner title="Order Details" parents={[{ label: 'My Account', href: '/account?tab=orders' }]} />
      <div className="section">
        <div className="container stack-lg order-details">
          {!detail ? (
            <FormAlert tone="error">We could not load this order just now. Please try again in a moment.</FormAlert>
          ) : (
            <>
              {cancelled && detail.order.status === 'Cancelled' && <FormAlert tone="success">{CANCELLED_TEXT}</FormAlert>}
              {result && !result.ok && !buyback && <FormAlert tone="error">{result.message}</FormAlert>}

              <section className="card card-pad" aria-labelledby="tracking-title">
                <div className="order-head">
                  <div>
                    <h2 id="tracking-title" className="shell-h2 order-title">
                      Order {detail.order.orderNumber}
                    </h2>
                    <p className="muted">
                      {/* Not placed until paid (or, on delivery, confirmed by our call). */}
                      {detail.order.status.startsWith('Awaiting') ? 'Ordered' : 'Placed'} on{' '}
                      <time dateTime={detail.order.date}>{orderDate(detail.order.date)}</time> · <StatusBadge status={detail.order.displayStatus} />
                    </p>
                  </div>
                  <div className="order-actions">
                    <InvoiceLink detail={detail} />
                    {detail.order.canCancel && !confirming && (
                      <Link to={`${self}&cancel=1#cancel-order`} className="btn btn-outline btn-sm">
                        Cancel order
                      </Link>
                    )}
                  </div>
                </div>

                {detail.order.canCancel && confirming && (
                  <div id="cancel-order" className="order-confirm alert-info" role="region" aria-labelledby="cancel-title">
                    <h3 id="cancel-title" className="order-confirm-title">
                      Cancel order {detail.order.orderNumber}?
                    </h3>
                    <p>The order will be cancelled and any amount paid refunded to the way you paid. This cannot be undone.</p>
                    <Form method="post" action={self} className="order-confirm-actions">
                      <input type="hidden" name="intent" value="cancel" />
                      <button type="submit" className="btn btn-primary btn-sm" disabled={submitting}>
                        {submitting ? 'Cancelling…' : 'Yes, cancel this order'}
                      </button>
                      <Link to={self} className="btn btn-outline btn-sm">
                        Keep my order
                      </Link>
                    </Form>
                  </div>
                )}

                <OrderPaymentPanel orderNumber={detail.order.orderNumber} payment={detail.payment} />

                <h3 className="visually-hidden">Tracking</h3>
                <TrackingTimeline steps={detail.tracking} cancelled={detail.order.status === 'Cancelled'} />
                {detail.order.status === 'Cancelled' && (
                  <p className="order-cancelled-note" role="note">
                    This order was cancelled
                    {detail.history.at(-1)?.status === 'Cancelled' ? ` on ${stepTime(detail.history.at(-1)!.at)}` : ''}.
                  </p>
                )}
              </section>

              <section className="card card-pad" aria-labelledby="items-title">
                <h2 id="items-title" className="shell-h2">
                  Items
                </h2>
                <div className="table-wrap">
                  <table className="table order-lines">
                    <thead>
                      <tr>
                        <th scope="col">Product name</th>
                        <th scope="col">Quantity</th>
                        <th scope="col" className="num">
                          Price
                        </th>
                        <th scope="col" className="num">
                          Total
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {detail.lines.map((line, i) => (
                        <tr key={`${line.sku}-${i}`}>
                          <td data-label="Product name">
                            <div className="order-item">
                              {line.image && <img src={line.image} alt="" width={56} height={56} loading="lazy" className="order-item-image" />}
                              <div>
                                <p className="order-item-name">{line.name}</p>
                                {optionsText(line.options) && <p className="muted order-item-meta">{optionsText(line.options)}</p>}
                                {line.rateLock && (
                                  <p className="muted order-item-meta">
                                    Rate lock: {formatGrams(line.rateLock.lockedWeightMg)} a piece at {formatRupees(line.rateLock.lockedRatePaisePerGram)}/g
                                    {line.rateLock.dayRatePaisePerGram !== null && ` (the day’s rate ${formatRupees(line.rateLock.dayRatePaisePerGram)}/g)`}
                                  </p>
                                )}
                                <LinePieces detail={detail} lineId={line.lineId} />
                                <ReviewLink detail={detail} productId={line.productId} name={line.name} />
                              </div>
                            </div>
                          </td>
                          <td data-label="Quantity">{line.quantity}</td>
                          <td data-label="Price" className="num">
                            {formatRupees(line.unitPricePaise)}
                          </td>
                          <td data-label="Total" className="num">
                            {formatRupees(line.lineTotalPaise)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
                <HuidNote detail={detail} />
              </section>

              <OrderReturns detail={detail} self={self} result={returnResult} submitting={submitting} requested={returned} />
              <ShipmentPanel detail={detail} />
              {buyback && <BuybackPanel quote={buyback} action={self} result={result} />}
              <AdjustmentsPanel
                detail={detail}
                onPay={payDifference}
                busy={checkout.busy}
                error={checkout.error}
                paid={differencePaid}
                dialog={checkout.dialog}
              />

              <div className="order-grid">
                <section className="card card-pad" aria-labelledby="facts-title">
                  <h2 id="facts-title" className="shell-h2">
                    Delivery and invoice
                  </h2>
                  <table className="table table--facts">
                    <tbody>
                      <tr>
                        <th scope="row">Shipping address</th>
                        <td>
                          <AddressLines address={detail.shippingAddress} />
                        </td>
                      </tr>
                      <tr>
                        <th scope="row">Billing address</th>
                        <td>
                          <AddressLines address={detail.billingAddress} />
                        </td>
                      </tr>
                      {detail.order.companyGstin && (
                        <tr>
                          <th scope="row">Company GSTIN</th>
                          <td>
                            {detail.order.companyName ? `${detail.order.companyName} · ` : ''}
                            {detail.order.companyGstin}
                          </td>
                        </tr>
                      )}
                      {/* The number comes with the invoice, at dispatch (issue 40): none before, the invoice's sentence says when. */}
                      {detail.order.invoiceNumber && (
                        <tr>
                          <th scope="row">Invoice number</th>
                          <td>{detail.order.invoiceNumber}</td>
                        </tr>
                      )}
                      <CreditNotes detail={detail} />
                    </tbody>
                  </table>
                </section>

                <section className="card card-pad" aria-labelledby="totals-title">
                  <h2 id="totals-title" className="shell-h2">
                    Payment summary
                  </h2>
                  <dl className="order-totals">
                    <dt>Subtotal</dt>
                    <dd>{formatRupees(detail.totals.subtotalPaise)}</dd>
                    {detail.totals.discountPaise > 0 && (
                      <>
                        <dt>Discount{detail.order.couponCode ? ` (${detail.order.couponCode})` : ''}</dt>
                        <dd>-{formatRupees(detail.totals.discountPaise)}</dd>
                      </>
                    )}
                    <dt>Shipping</dt>
                    <dd>{formatRupees(detail.totals.shippingPaise)}</dd>
                    <dt className="order-total">Total</dt>
                    <dd className="order-total">{formatRupees(detail.totals.totalPaise)}</dd>
                    {detail.advancePaise > 0 && (
                      <>
                        <dt>Advance paid on your design</dt>
                        <dd>-{formatRupees(detail.advancePaise)}</dd>
                        <dt>Balance against the total</dt>
                        <dd>{formatRupees(Math.max(0, detail.totals.totalPaise - detail.advancePaise))}</dd>
                      </>
                    )}
                    {detail.totals.metalAccountPaise > 0 && (
                      <>
                        <dt>Old gold from your metal account ({formatGrams(detail.totals.metalAccountMg)} fine)</dt>
                        <dd>-{formatRupees(detail.totals.metalAccountPaise)}</dd>
                      </>
                    )}
                    {detail.totals.rateLockAdvancePaise > 0 && (
                      <>
                        <dt>Advance paid on your rate lock</dt>
                        <dd>-{formatRupees(detail.totals.rateLockAdvancePaise)}</dd>
                      </>
                    )}
                    {detail.totals.harvestCreditPaise > 0 && (
                      <>
                        <dt>Paid from Milli Harvest</dt>
                        <dd>-{formatRupees(detail.totals.harvestCreditPaise)}</dd>
                      </>
                    )}
                    {detail.totals.storeCreditPaise > 0 && (
                      <>
                        <dt>Paid from store credit</dt>
                        <dd>-{formatRupees(detail.totals.storeCreditPaise)}</dd>
                      </>
                    )}
                    {(detail.totals.harvestCreditPaise > 0 ||
                      detail.totals.storeCreditPaise > 0 ||
                      detail.totals.rateLockAdvancePaise > 0 ||
                      detail.totals.metalAccountPaise > 0) && (
                      <>
                        <dt>Paid by you</dt>
                        <dd>{formatRupees(payableOf(detail.totals))}</dd>
                      </>
                    )}
                  </dl>
                  <p className="muted order-gst-note">Prices include GST{detail.totals.taxPaise > 0 ? ` of ${formatRupees(detail.totals.taxPaise)}` : ''}.</p>
                </section>
              </div>
            </>
          )}
        </div>
      </div>
    </>
  );
}
