// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Outlet, createRoutesStub } from 'react-router';
import { ROLE_PERMISSIONS, type StaffRole } from '@milli/contracts';
import { AdminOrderDetailSchema, AdminOrderPageSchema, type AdminOrderDetail } from '@milli/contracts/schemas';
import { ADMIN_LAYOUT_ID } from '../../lib/admin-me.ts';
import { readListState } from '../../lib/admin-list.ts';
import Orders from './orders.tsx';
import AdminOrder, { type OrderActionResult } from './order.tsx';

afterEach(cleanup);

const me = {
  id: 1,
  email: 'o@milli.example',
  name: 'Ola',
  roles: ['orders'] as StaffRole[],
  permissions: [...ROLE_PERMISSIONS.orders],
  deskMail: true,
  twoFactor: false,
  mustEnrolTwoFactor: false,
};

// Fixtures go through the contracts' schemas, so a screen is tested against what the API may really answer.
const PAGE = AdminOrderPageSchema.parse({
  data: [
    {
      orderNumber: 'MIL-2026-000042',
      placedAt: '2026-11-24T06:30:00.000Z',
      status: 'Placed',
      customerName: 'Riya Shah',
      customerEmail: 'riya@example.com',
      phone: '+919812345678',
      pincode: '400001',
      city: 'Mumbai',
      itemCount: 1,
      totalPaise: 54_000_00,
      paymentMethod: 'online',
      awbNumber: null,
      custom: false,
    },
  ],
  total: 1,
  page: 1,
  perPage: 25,
  totalPages: 1,
  counts: { 'Awaiting payment': 2, 'Awaiting confirmation': 1, Placed: 1, Picked: 0, 'Out for Delivery': 3, Delivered: 9, Cancelled: 0 },
});

function renderList(url: string) {
  const Stub = createRoutesStub([
    {
      id: ADMIN_LAYOUT_ID,
      path: '/admin',
      Component: () => <Outlet />,
      loader: () => ({ me, storeName: 'Milli' }),
      children: [
        {
          path: 'orders',
          Component: Orders as never,
          loader: ({ request }) => ({
            page: PAGE,
            list: readListState(new URL(request.url), { sort: 'placed', dir: 'desc', filters: ['status', 'from', 'to', 'method'] }),
            exportHref: '/api/admin/orders.csv?status=Placed',
          }),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe('the orders list', () => {
  it('has a tab per queue with its count, the current one marked, and keeps the tab when searching', async () => {
    renderList('/admin/orders?status=Placed');
    const tabs = await screen.findByRole('navigation', { name: 'Order queues' });
    const links = within(tabs).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Awaiting payment 2',
      'Awaiting confirmation 1',
      'Placed 1',
      'Picked 0',
      'Out for Delivery 3',
      'Delivered 9',
      'Cancelled 0',
      'All 16',
    ]);
    const placed = within(tabs).getByRole('link', { name: /^Placed/ });
    expect(placed.getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: /^All/ }).getAttribute('href')).toBe('/admin/orders');
    expect(
      within(tabs)
        .getByRole('link', { name: /^Picked/ })
        .getAttribute('href'),
    ).toBe('/admin/orders?status=Picked');
    const search = screen.getByRole('search', { name: 'Search orders' });
    expect((search.querySelector('input[name="status"]') as HTMLInputElement).value).toBe('Placed');
  });

  it('filters by days placed and payment in the search form, exports with the same query, and moves ticked rows', async () => {
    renderList('/admin/orders?status=Placed&from=2026-11-01&method=cod');
    const search = await screen.findByRole('search', { name: 'Search orders' });
    expect((within(search).getByLabelText('Placed from') as HTMLInputElement).value).toBe('2026-11-01');
    expect((within(search).getByLabelText('Payment') as HTMLSelectElement).value).toBe('cod');
    expect(screen.getByRole('link', { name: 'Export these as CSV' }).getAttribute('href')).toBe('/api/admin/orders.csv?status=Placed');
    const bulk = screen.getByRole('group', { name: 'Bulk actions' });
    expect(within(bulk).getByRole('button', { name: 'Mark picked' })).toBeTruthy();
    // Dispatch, with its AWB boxes, belongs to the Picked tab.
    expect(within(bulk).queryByRole('button', { name: 'Dispatch ticked' })).toBeNull();
    expect((screen.getByRole('checkbox', { name: 'Select MIL-2026-000042' }) as HTMLInputElement).value).toBe('MIL-2026-000042');
    cleanup();
    renderList('/admin/orders?status=Picked');
    const picked = await screen.findByRole('group', { name: 'Bulk actions' });
    expect(within(picked).getByRole('button', { name: 'Dispatch ticked' })).toBeTruthy();
    expect(within(picked).getByLabelText('Courier')).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'AWB number of MIL-2026-000042' }) as HTMLInputElement).name).toBe('awb:MIL-2026-000042');
  });

  it('links each row to its order page and sorts by date placed or total', async () => {
    renderList('/admin/orders');
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('link', { name: 'MIL-2026-000042' }).getAttribute('href')).toBe('/admin/orders/MIL-2026-000042');
    expect(within(table).getByText('Rs. 54,000.00')).toBeTruthy();
    expect(within(table).getByRole('link', { name: /Total/ })).toBeTruthy();
    expect(within(table).getByRole('link', { name: /Placed/ })).toBeTruthy();
  });
});

const adjustment = (over: Record<string, unknown> = {}) => ({
  id: 5,
  lineId: 11,
  kind: 'charge',
  amountPaise: 1_200_00,
  reason: 'Net 4.700 g against 4.520 g sold',
  status: 'open',
  createdAt: '2026-11-24T08:00:00.000Z',
  settledAt: null,
  beyondTolerance: false,
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  ...over,
});

const BASE = {
  orderNumber: 'MIL-2026-000042',
  invoiceNumber: 'MIL/2627/000042',
  status: 'Placed',
  placedAt: '2026-11-24T06:30:00.000Z',
  customer: { id: 7, name: 'Riya Shah', email: 'riya@example.com', phone: '+919812345678' },
  customRequestId: null,
  lines: [
    {
      lineId: 11,
      productId: 7,
      name: 'Lotus Ring',
      sku: 'RNG-7',
      image: '',
      quantity: 2,
      unitPricePaise: 27_000_00,
      lineTotalPaise: 54_000_00,
      rateLock: null,
      metal: 'gold',
      purity: 22,
      soldWeightMg: 4520,
      recordedAtPacking: true,
      hallmarked: true,
      diamondWeightCents: 25,
      options: { size: '12' },
    },
    {
      lineId: 13,
      productId: 9,
      name: 'Platinum Band',
      sku: 'PLT-9',
      image: '',
      quantity: 1,
      unitPricePaise: 40_000_00,
      lineTotalPaise: 40_000_00,
      rateLock: null,
      metal: 'platinum',
      purity: 950,
      soldWeightMg: 6000,
      recordedAtPacking: true,
      hallmarked: false,
      diamondWeightCents: 0,
      options: {},
    },
    {
      lineId: 12,
      productId: null,
      name: 'Gift pouch',
      sku: 'PCH-1',
      image: '',
      quantity: 1,
      unitPricePaise: 0,
      lineTotalPaise: 0,
      rateLock: null,
      metal: null,
      purity: null,
      soldWeightMg: null,
      recordedAtPacking: false,
      hallmarked: false,
      diamondWeightCents: 0,
      options: {},
    },
  ],
  pieces: [],
  adjustments: [],
  creditNotes: [],
  shipment: null,
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
  shippingAddress: {
    firstName: 'Riya',
    lastName: 'Shah',
    address: '1 Marine Drive',
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400001',
    country: 'India',
    countryCode: 'IN',
    phone: '+919812345678',
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
    advancePaise: 0,
    totalPaise: 54_000_00,
  },
  couponCode: null,
  pan: 'ABCDE1234F',
  form60: null,
  companyName: null,
  companyGstin: null,
  invoiceAvailable: false,
  nextStatus: 'Picked',
  blockedBy: null,
  canCancel: true,
  timeline: [{ at: '2026-11-24T06:30:00.000Z', kind: 'payment', text: 'Paid Rs. 54,000.00 by UPI', by: null }],
};

/** A member of the accounts desk, who decides weight differences (issue 35). */
const accountsMember = { ...me, id: 2, name: 'Anu', roles: ['accounts'] as StaffRole[], permissions: [...ROLE_PERMISSIONS.accounts] };

/** No courier provider configured: AWBs are typed (issue 39). */
const NO_COURIER = { provider: null, booking: null, events: [], canBook: false, cannotBook: null };

function renderOrder(
  over: Partial<Record<keyof AdminOrderDetail, unknown>> = {},
  result?: OrderActionResult,
  member: typeof me = me,
  courier: object = NO_COURIER,
) {
  const order = AdminOrderDetailSchema.parse({ ...BASE, ...over });
  const props = { loaderData: { order, returns: [], courier }, actionData: result } as unknown as Parameters<typeof AdminOrder>[0];
  const Page = () => <AdminOrder {...props} />;
  const Stub = createRoutesStub([
    {
      id: ADMIN_LAYOUT_ID,
      path: '/admin',
      Component: () => <Outlet />,
      loader: () => ({ me: member, storeName: 'Milli' }),
      children: [{ path: 'orders/:orderNumber', Component: Page }],
    },
  ]);
  render(<Stub initialEntries={['/admin/orders/MIL-2026-000042']} />);
}

describe('one order', () => {
  it('offers Book courier at the dispatch step when a provider is configured, and shows the booking and an RTO once booked (issue 39)', async () => {
    renderOrder({ status: 'Picked', nextStatus: 'Out for Delivery' }, undefined, me, { ...NO_COURIER, provider: 'shiprocket', canBook: true });
    expect(await screen.findByRole('button', { name: 'Book courier' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Dispatch and mail the customer' })).toBeTruthy();
    cleanup();
    renderOrder({ status: 'Out for Delivery', nextStatus: 'Delivered' }, undefined, me, {
      provider: 'shiprocket',
      canBook: false,
      cannotBook: 'Booked.',
      events: [{ kind: 'rto', status: 'RTO INITIATED', location: 'MUMBAI_HUB', at: '2026-11-22T04:30:00.000Z' }],
      booking: {
        state: 'booked',
        provider: 'shiprocket',
        awb: '1000700007',
        courierName: 'Ekart Logistics',
        labelUrl: 'http://sim/l.pdf',
        pickupDate: '2026-12-01',
        bookedAt: '2026-11-21T04:30:00.000Z',
        rtoAt: '2026-11-22T04:30:00.000Z',
      },
    });
    expect(await screen.findByText('Ekart Logistics', { selector: '#courier dd' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book courier' })).toBeNull();
    expect(screen.getByText(/returning this parcel to the store \(RTO\)/)).toBeTruthy();
  });

  it('shows no courier panel when none is configured', async () => {
    renderOrder({ status: 'Picked', nextStatus: 'Out for Delivery' });
    expect(await screen.findByRole('button', { name: 'Dispatch and mail the customer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Book courier' })).toBeNull();
  });

  it('shows its status, next step, lines with sold weight, and one packing row per hallmarked piece', async () => {
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order MIL-2026-000042' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark picked' })).toBeTruthy();
    const lines = screen.getByRole('region', { name: 'Lines' });
    expect(within(lines).getByRole('rowheader', { name: /Lotus Ring/ }).parentElement!.textContent).toContain('4.520 g');
    // Issue 39: karats for gold only.
    expect(within(lines).getByRole('rowheader', { name: /Lotus Ring/ }).textContent).toContain('Gold 22 kt');
    expect(within(lines).getByRole('rowheader', { name: /Platinum Band/ }).textContent).toContain('Platinum 950');
    expect(within(lines).getByRole('rowheader', { name: /Platinum Band/ }).textContent).not.toContain('kt');
    const packing = screen.getByRole('region', { name: 'Packing: HUIDs and weights' });
    expect(within(packing).getAllByRole('textbox', { name: /^HUID of Lotus Ring/ })).toHaveLength(2);
    expect(within(packing).queryByText(/Gift pouch/)).toBeNull();
    // Issue 38: the platinum piece is weighed, and no HUID is asked of it.
    expect(within(packing).getByRole('textbox', { name: 'Net weight in grams of Platinum Band, piece 1 of 1' })).toBeTruthy();
    expect(within(packing).queryByRole('textbox', { name: /^HUID of Platinum Band/ })).toBeNull();
    expect(within(packing).getByRole('rowheader', { name: /Platinum Band/ }).parentElement!.textContent).toContain('Not hallmarked');
    expect(screen.getByText('The tax invoice is issued at dispatch, with the next number of its series.')).toBeTruthy();
    expect(screen.getByText('ABCDE1234F')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel the order' }).getAttribute('aria-haspopup')).toBe('dialog');
  });

  it('shows a Form 60 declaration given instead of a PAN, the Aadhaar number masked (issue 38)', async () => {
    renderOrder({
      pan: null,
      form60: {
        name: 'Meera Iyer',
        address: '12 Temple Street, Chennai 600004',
        amountPaise: 2_10_002_99,
        aadhaar: 'XXXX XXXX 0124',
        noAadhaarReason: null,
        declaredAt: '2026-11-24T06:30:00.000Z',
      },
    });
    const term = await screen.findByText('Form 60');
    const said = term.nextElementSibling!.textContent!;
    expect(said).toContain('Declared instead of a PAN by Meera Iyer, 12 Temple Street, Chennai 600004, for Rs. 2,10,002.99');
    expect(said).toContain('Aadhaar XXXX XXXX 0124');
    expect(screen.queryByText('PAN')).toBeNull();
  });

  it('shows the server’s refusal by the piece and field it names, keeping what was typed', async () => {
    renderOrder(
      {},
      {
        intent: 'pieces',
        refusal: {
          status: 409,
          message: 'HUID AB12C3 is already on another piece.',
          code: null,
          fields: { 'pieces.1.huid': 'HUID AB12C3 is already on another piece.' },
        },
        pieces: [
          { lineId: '11', huid: 'AB12C3', net: '4.520', gross: '4.800' },
          { lineId: '11', huid: 'AB12C3', net: '4.530', gross: '4.810' },
        ],
        pieceErrors: { 1: { huid: 'HUID AB12C3 is already on another piece.' } },
      },
    );
    const second = await screen.findByRole('textbox', { name: 'HUID of Lotus Ring, piece 2 of 2' });
    expect(second.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(second.getAttribute('aria-describedby')!)!.textContent).toBe('HUID AB12C3 is already on another piece.');
    expect((second as HTMLInputElement).value).toBe('AB12C3');
    expect(screen.getByRole('textbox', { name: 'HUID of Lotus Ring, piece 1 of 2' }).getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Please correct the pieces marked below.')).toBeTruthy();
  });

  it('asks for courier, AWB and tracking link when the next step is the dispatch, with the server’s field messages', async () => {
    renderOrder(
      {
        status: 'Picked',
        nextStatus: 'Out for Delivery',
        pieces: [
          { id: 1, lineId: 11, huid: 'AB12C3', netWeightMg: 4520, grossWeightMg: 4800, certificate: null },
          { id: 2, lineId: 11, huid: 'AB12C4', netWeightMg: 4510, grossWeightMg: 4790, certificate: { lab: 'IGI', number: 'LG77' } },
          { id: 3, lineId: 13, huid: null, netWeightMg: 6000, grossWeightMg: 6000, certificate: null },
        ],
      },
      {
        intent: 'dispatch',
        refusal: { status: 400, message: 'x', code: null, fields: { trackingUrl: 'The tracking link must be an https:// address.' } },
        typed: { courierName: 'BlueDart', awbNumber: 'AWB123456', trackingUrl: 'http://x', note: '' },
      },
    );
    const form = await screen.findByRole('form', { name: 'Dispatch' });
    expect((within(form).getByRole('textbox', { name: /Courier/ }) as HTMLInputElement).value).toBe('BlueDart');
    expect(
      within(form)
        .getByRole('textbox', { name: /Tracking link/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(form).getByText('The tracking link must be an https:// address.')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Dispatch and mail the customer' })).toBeTruthy();
    // Diamond certificates (issue 20): an upload form per packed piece; a stored one links to its file.
    const first = screen.getByRole('form', { name: 'Certificate of Lotus Ring, HUID AB12C3' });
    expect(within(first).getByText('no certificate yet')).toBeTruthy();
    expect(within(first).getByLabelText(/File/).getAttribute('type')).toBe('file');
    expect(within(first).getByRole('button', { name: 'Upload the certificate' })).toBeTruthy();
    const second = screen.getByRole('form', { name: 'Certificate of Lotus Ring, HUID AB12C4' });
    expect(within(second).getByRole('link', { name: 'IGI LG77' }).getAttribute('href')).toBe('/api/admin/orders/MIL-2026-000042/pieces/2/certificate');
    expect(within(second).getByRole('button', { name: 'Replace the certificate' })).toBeTruthy();
    // Issue 39: none for the platinum band, which has no diamonds.
    expect(screen.getAllByRole('form', { name: /^Certificate of/ })).toHaveLength(2);
    expect(screen.queryByRole('form', { name: /^Certificate of Platinum Band/ })).toBeNull();
  });

  it('after the dispatch, the Delivered step’s note box starts empty, not with the AWB typed a moment ago (issue 39)', async () => {
    const picked = AdminOrderDetailSchema.parse({ ...BASE, status: 'Picked', nextStatus: 'Out for Delivery' });
    const dispatched = AdminOrderDetailSchema.parse({ ...BASE, status: 'Out for Delivery', nextStatus: 'Delivered' });
    // The page as React Router keeps it across the dispatch: the same component, the loader's next answer.
    const Page = () => {
      const [order, setOrder] = useState(picked);
      const props = { loaderData: { order, returns: [], courier: NO_COURIER }, actionData: undefined } as unknown as Parameters<typeof AdminOrder>[0];
      return (
        <>
          <button type="button" onClick={() => setOrder(dispatched)}>
            Reload
          </button>
          <AdminOrder {...props} />
        </>
      );
    };
    const Stub = createRoutesStub([
      {
        id: ADMIN_LAYOUT_ID,
        path: '/admin',
        Component: () => <Outlet />,
        loader: () => ({ me, storeName: 'Milli' }),
        children: [{ path: 'orders/:orderNumber', Component: Page }],
      },
    ]);
    render(<Stub initialEntries={['/admin/orders/MIL-2026-000042']} />);
    const user = userEvent.setup();
    const dispatch = await screen.findByRole('form', { name: 'Dispatch' });
    await user.type(within(dispatch).getByRole('textbox', { name: /Courier/ }), 'BlueDart');
    await user.type(within(dispatch).getByRole('textbox', { name: /AWB number/ }), 'AWB123456');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    const next = await screen.findByRole('form', { name: 'Next step' });
    expect((within(next).getByRole('textbox', { name: /Note for the timeline/ }) as HTMLInputElement).value).toBe('');
  });

  it('once dispatched: the shipment, the invoice and credit note links, an open charge with Waive for the accounts desk; no cancel after delivery', async () => {
    renderOrder(
      {
        status: 'Delivered',
        nextStatus: null,
        canCancel: false,
        invoiceAvailable: true,
        shipment: {
          courierName: 'BlueDart',
          awbNumber: 'AWB123456',
          trackingUrl: 'https://track.example/AWB123456',
          dispatchedAt: '2026-11-25T06:30:00.000Z',
          deliveredAt: '2026-11-27T06:30:00.000Z',
        },
        adjustments: [adjustment({ status: 'open' })],
        creditNotes: [{ id: 3, number: 'CN-2026-0003', reason: 'adjustment', amountPaise: 500_00, taxPaise: 14_56, createdAt: '2026-11-26T06:30:00.000Z' }],
      },
      undefined,
      accountsMember,
    );
    expect((await screen.findByRole('link', { name: 'Tax invoice MIL/2627/000042 (PDF)' })).getAttribute('href')).toBe(
      '/api/admin/orders/MIL-2026-000042/invoice.pdf',
    );
    expect(screen.getByRole('link', { name: 'Credit note CN-2026-0003 (PDF)' }).getAttribute('href')).toBe(
      '/api/admin/orders/MIL-2026-000042/credit-notes/3.pdf',
    );
    expect(screen.getByText('AWB123456')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Waive the charge of Rs. 1,200.00' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Record the packing/ })).toBeNull();
  });

  it('a cancelled order keeps the link to the invoice issued before it was cancelled; one cancelled before dispatch says it has none (issue 39)', async () => {
    const cancelled = { status: 'Cancelled', nextStatus: null, canCancel: false };
    renderOrder({ ...cancelled, invoiceAvailable: true });
    expect((await screen.findByRole('link', { name: 'Tax invoice MIL/2627/000042 (PDF)' })).getAttribute('href')).toBe(
      '/api/admin/orders/MIL-2026-000042/invoice.pdf',
    );
    cleanup();
    renderOrder({ ...cancelled, invoiceAvailable: false });
    expect(await screen.findByText('Cancelled before dispatch: no tax invoice was issued.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Tax invoice/ })).toBeNull();
  });

  it('a proposed weight difference: the orders desk sees what it waits for, the accounts desk approves or rejects it (issue 35)', async () => {
    const proposed = { adjustments: [adjustment({ status: 'proposed', beyondTolerance: true })] };
    renderOrder(proposed);
    expect(await screen.findByText(/approves or rejects each difference before any money moves/)).toBeTruthy();
    expect(screen.getByText('Charge to approve')).toBeTruthy();
    expect(screen.getByText(/Outside the packing tolerance/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Waive/ })).toBeNull();
    cleanup();
    renderOrder(proposed, undefined, accountsMember);
    expect(await screen.findByRole('button', { name: 'Approve the charge of Rs. 1,200.00' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reject the charge of Rs. 1,200.00' })).toBeTruthy();
  });

  it('without JavaScript, Approve comes back as the open dialog that says what it will do', async () => {
    renderOrder(
      { adjustments: [adjustment({ kind: 'refund', status: 'proposed' })] },
      { intent: 'approve', confirm: 'approve:5', typed: { note: '' } },
      accountsMember,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve the refund of Rs. 1,200.00?' });
    expect(within(dialog).getByText(/goes back to the way the customer paid, through the payment gateway/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Refund Rs. 1,200.00' })).toBeTruthy();
  });

  it('without JavaScript, Cancel comes back as the open dialog with the reason’s message', async () => {
    renderOrder(
      {},
      {
        intent: 'cancel',
        confirm: 'cancel',
        refusal: { status: 400, message: 'Please give the reason for cancelling.', code: null, fields: { reason: 'Please give the reason for cancelling.' } },
        typed: { reason: '' },
      },
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order MIL-2026-000042?' });
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Why it is cancelled/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Cancel the order and refund' })).toBeTruthy();
  });
});
