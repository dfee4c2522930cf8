// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { OrderDetailSchema, type OrderDetail } from '@milli/contracts/schemas';
import OrderDetails from '../../routes/order-details.tsx';

afterEach(cleanup);

const BASE = {
  order: {
    orderId: 42,
    orderNumber: 'MIL-2026-000042',
    invoiceNumber: null,
    date: '2026-11-24T06:30:00.000Z',
    status: 'Placed',
    displayStatus: 'Placed',
    couponCode: null,
    companyName: null,
    companyGstin: null,
    canCancel: true,
  },
  payment: {
    method: 'online',
    state: 'paid',
    payNowPaise: 54_000_00,
    payOnDeliveryPaise: 0,
    paidPaise: 54_000_00,
    refundedPaise: 0,
    payBy: null,
    methodLabel: 'UPI',
    paidBefore: [],
  },
  lines: [
    {
      lineId: 11,
      productId: 7,
      name: 'Lotus Ring',
      sku: 'RNG-7',
      image: '',
      quantity: 1,
      unitPricePaise: 54_000_00,
      lineTotalPaise: 54_000_00,
      options: {},
      rateLock: null,
    },
  ],
  // Typed as shoppers do: the city in the address line too.
  shippingAddress: {
    firstName: 'Meera',
    lastName: 'Iyer',
    address: '12 Temple Street, Mylapore, Chennai',
    city: 'Chennai',
    state: 'Tamil Nadu',
    landmark: null,
    pincode: '600004',
    country: 'India',
    countryCode: '91',
    phone: '9876543210',
  },
  billingAddress: null,
  totals: {
    subtotalPaise: 54_000_00,
    discountPaise: 0,
    shippingPaise: 0,
    taxPaise: 1_572_82,
    harvestCreditPaise: 0,
    storeCreditPaise: 0,
    rateLockAdvancePaise: 0,
    metalAccountMg: 0,
    metalAccountPaise: 0,
    totalPaise: 54_000_00,
  },
  history: [{ status: 'Placed', at: '2026-11-24T06:30:00.000Z', note: null }],
  tracking: [
    { label: 'Placed', status: 'Placed', done: true, current: true, at: '2026-11-24T06:30:00.000Z' },
    { label: 'Picked', status: 'Picked', done: false, current: false, at: null },
    { label: 'Out for Delivery', status: 'Out for Delivery', done: false, current: false, at: null },
    { label: 'Delivered', status: 'Delivered', done: false, current: false, at: null },
  ],
  advancePaise: 0,
  shipment: null,
  pieces: [],
  adjustments: [],
  creditNotes: [],
  invoiceAvailable: false,
  returns: [],
  returnWindow: { open: false, windowDays: 15, closesAt: null, message: 'Pieces can be returned once the order is delivered.', lines: [] },
};

function renderPage(over: Record<string, unknown> = {}) {
  const order: OrderDetail = OrderDetailSchema.parse({ ...BASE, ...over });
  const props = { loaderData: { orderNumber: order.order.orderNumber, order, confirming: false, cancelled: false } } as unknown as Parameters<
    typeof OrderDetails
  >[0];
  const Stub = createRoutesStub([{ path: '/order-details', Component: () => <OrderDetails {...props} /> }]);
  render(<Stub initialEntries={['/order-details?order=MIL-2026-000042']} />);
}

describe('the customer’s order page from packing on', () => {
  it('before dispatch: no invoice link, the sentence saying when it comes', async () => {
    renderPage();
    expect(await screen.findByText('The tax invoice is issued when your order is dispatched.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download invoice' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Shipment' })).toBeNull();
    // No invoice yet, so no invoice number either (issue 40).
    expect(screen.queryByRole('rowheader', { name: 'Invoice number' })).toBeNull();
    expect(screen.queryByText(/INV-/)).toBeNull();
  });

  it('the shipping address names its city once, even when the shopper typed it into the address too (issue 40)', async () => {
    renderPage();
    const address = (await screen.findByText(/12 Temple Street/)).closest('address')!;
    expect(address.textContent!.match(/Chennai/g)).toHaveLength(1);
    expect(address.textContent).toContain('12 Temple Street, Mylapore');
    expect(address.textContent).toContain('Chennai, Tamil Nadu 600004');
  });

  it('dispatched: the courier, AWB, Track your parcel, the pieces with HUID and weights, the invoice', async () => {
    renderPage({
      order: { ...BASE.order, invoiceNumber: 'INV-2026-000042', status: 'Out for Delivery', displayStatus: 'In transit', canCancel: false },
      invoiceAvailable: true,
      shipment: {
        courierName: 'BlueDart',
        awbNumber: 'AWB123456',
        trackingUrl: 'https://track.example/AWB123456',
        dispatchedAt: '2026-11-25T06:30:00.000Z',
        deliveredAt: null,
      },
      pieces: [{ id: 1, lineId: 11, huid: 'AB12C3', netWeightMg: 4520, grossWeightMg: 4861, certificate: null }],
    });
    expect((await screen.findByRole('link', { name: 'Download invoice' })).getAttribute('href')).toBe('/api/orders/MIL-2026-000042/invoice.pdf');
    const shipment = screen.getByRole('region', { name: 'Shipment' });
    expect(within(shipment).getByText('AWB123456')).toBeTruthy();
    const track = within(shipment).getByRole('link', { name: /Track your parcel/ });
    expect(track.getAttribute('href')).toBe('https://track.example/AWB123456');
    expect(track.getAttribute('target')).toBe('_blank');
    const pieces = screen.getByRole('list', { name: 'Packed pieces' });
    expect(pieces.textContent).toBe('HUID AB12C3 · net 4.520 g · gross 4.861 g');
    expect(screen.getByText(/BIS CARE/)).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Invoice number' }).nextElementSibling?.textContent).toBe('INV-2026-000042');
  });

  it('delivered: Review this piece, and a diamond certificate to download beside its HUID', async () => {
    renderPage({
      order: { ...BASE.order, status: 'Delivered', displayStatus: 'Delivered', canCancel: false },
      invoiceAvailable: true,
      pieces: [{ id: 9, lineId: 11, huid: 'AB12C3', netWeightMg: 4520, grossWeightMg: 4861, certificate: { lab: 'IGI', number: 'LG123456' } }],
    });
    const certificate = await screen.findByRole('link', { name: 'Diamond certificate (IGI LG123456)' });
    expect(certificate.getAttribute('href')).toBe('/api/orders/MIL-2026-000042/pieces/9/certificate');
    expect(certificate.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: /^Review this piece ?: Lotus Ring$/ }).getAttribute('href')).toBe('/review/7');
  });

  it('not delivered yet: no review link', async () => {
    renderPage();
    await screen.findByText('Lotus Ring');
    expect(screen.queryByRole('link', { name: /Review this piece/ })).toBeNull();
  });

  it('an open charge: its reason and Pay the difference; a refund and a credit note to download', async () => {
    renderPage({
      adjustments: [
        {
          id: 5,
          lineId: 11,
          kind: 'charge',
          amountPaise: 1_200_00,
          reason: 'Net 4.700 g against 4.520 g sold at Rs. 6,650/g',
          status: 'open',
          createdAt: '2026-11-24T08:00:00.000Z',
          settledAt: null,
        },
        {
          id: 6,
          lineId: null,
          kind: 'refund',
          amountPaise: 300_00,
          reason: 'Lighter than sold',
          status: 'settled',
          createdAt: '2026-11-24T08:00:00.000Z',
          settledAt: '2026-11-24T09:00:00.000Z',
        },
      ],
      creditNotes: [{ id: 3, number: 'CN-2026-0003', reason: 'adjustment', amountPaise: 300_00, taxPaise: 8_74, createdAt: '2026-11-24T09:00:00.000Z' }],
    });
    const region = await screen.findByRole('region', { name: 'Weight differences' });
    expect(within(region).getByText('Net 4.700 g against 4.520 g sold at Rs. 6,650/g')).toBeTruthy();
    expect(within(region).getByRole('button', { name: 'Pay the difference of Rs. 1,200.00' })).toBeTruthy();
    expect(within(region).getByText('Refund: Rs. 300.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Credit note CN-2026-0003' }).getAttribute('href')).toBe('/api/orders/MIL-2026-000042/credit-notes/3.pdf');
  });

  it('made to order: the advance against the total', async () => {
    renderPage({ advancePaise: 10_000_00 });
    expect((await screen.findByText('Advance paid on your design')).nextElementSibling!.textContent).toBe('-Rs. 10,000.00');
    expect(screen.getByText('Balance against the total').nextElementSibling!.textContent).toBe('Rs. 44,000.00');
  });
});
