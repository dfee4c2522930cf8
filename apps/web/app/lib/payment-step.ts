import { redirect, redirectDocument } from 'react-router';

/**
 * The payment step's addresses (issue 18), shared by checkout, the order page, thank-you and the step itself
 * (routes/checkout-pay.tsx, features/payments/).
 */
export const payPagePath = (orderNumber: string) => `/checkout/pay/${encodeURIComponent(orderNumber)}`;
export const orderPagePath = (orderNumber: string) => `/order-details?order=${encodeURIComponent(orderNumber)}`;
export const thankYouPath = (orderNumber: string) => `/thank-you?order=${encodeURIComponent(orderNumber)}`;

const holdFormat = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Until when an order holds its pieces, as '14:05' in India's time (the same on the server and in the browser). */
export const holdTime = (iso: string) => holdFormat.format(new Date(iso));

/**
 * After Place Order: where its answer leads. An order awaiting payment goes to the payment step as a whole
 * new document (only that page's Content-Security-Policy lets the gateway's checkout in); one to pay on
 * delivery (Awaiting confirmation) or with nothing to pay (Placed) to the thank-you page.
 */
export function afterPlaceOrder(answer: { orderNumber: string; status?: string }, headers: HeadersInit): Response {
  if (answer.status === 'Awaiting payment') return redirectDocument(payPagePath(answer.orderNumber), { headers });
  return redirect(thankYouPath(answer.orderNumber), { headers });
}
