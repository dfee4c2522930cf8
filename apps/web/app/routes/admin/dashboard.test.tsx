// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { Outlet, createRoutesStub } from 'react-router';
import { ROLE_PERMISSIONS, type StaffRole } from '@milli/contracts';
import type { AdminDashboard } from '@milli/contracts/schemas';
import { ADMIN_LAYOUT_ID } from '../../lib/admin-me.ts';
import Dashboard from './dashboard.tsx';

afterEach(cleanup);

const DATA: AdminDashboard = {
  today: '2026-11-24',
  ordersToday: 3,
  salesTodayPaise: 1_84_500_00,
  salesToday: {
    grossPaise: 2_00_000_00,
    paidBy: { onlinePaise: 1_20_000_00, onDeliveryPaise: 30_000_00, storeCreditPaise: 20_000_00, harvestPaise: 30_000_00, advancePaise: 0 },
    creditNotes: 1,
    creditedPaise: 15_500_00,
    netPaise: 1_84_500_00,
  },
  ordersWaiting: [
    { status: 'Placed', count: 4 },
    { status: 'Picked', count: 1 },
    { status: 'Out for Delivery', count: 0 },
  ],
  designRequestsWaiting: [{ status: 'Requested', count: 2 }],
  tradeApplicationsWaiting: [
    { status: 'Received', count: 0 },
    { status: 'Under Review', count: 0 },
  ],
  sizerRequestsWaiting: [{ status: 'New', count: 3 }],
  complaints: { open: 4, overdue: 1 },
  lowStock: { threshold: 2, count: 12, products: [{ id: 7, sku: 'RNG-7', name: 'Lotus Ring', stock: 0 }] },
  rates: {
    todayIn: false,
    latestDate: '2026-11-23',
    metals: [{ metal: 'gold', purity: 22, paisePerGram: 7_250_00, rateDate: '2026-11-23' }],
    diamonds: [{ quality: 'SI-IJ', paisePerCarat: 65_000_00, rateDate: '2026-11-20' }],
  },
};

function renderFor(role: StaffRole, data: AdminDashboard = DATA) {
  const me = {
    id: 1,
    email: 'a@milli.example',
    name: 'Asha',
    roles: [role],
    permissions: [...ROLE_PERMISSIONS[role]],
    deskMail: true,
    twoFactor: false,
    mustEnrolTwoFactor: false,
  };
  const Stub = createRoutesStub([
    {
      id: ADMIN_LAYOUT_ID,
      path: '/admin',
      Component: () => <Outlet />,
      loader: () => ({ me, storeName: 'Milli' }),
      children: [{ index: true, Component: Dashboard as never, loader: () => data }],
    },
  ]);
  render(<Stub initialEntries={['/admin']} />);
}

describe('the dashboard', () => {
  it('states the day’s sales by how they were paid, less the day’s credit notes (issue 39)', async () => {
    renderFor('accounts');
    const sales = await screen.findByRole('region', { name: 'Today’s sales' });
    const rows = within(sales)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'Paid onlineRs. 1,20,000.00',
      'Pay on deliveryRs. 30,000.00',
      'Store creditRs. 20,000.00',
      'Milli Harvest balanceRs. 30,000.00',
      'Orders placed todayRs. 2,00,000.00',
      'Less 1 credit note issued today− Rs. 15,500.00',
      'NetRs. 1,84,500.00',
    ]);
    expect(screen.getByText('Sales today, less credit notes (GST included)').previousElementSibling?.textContent).toBe('Rs. 1,84,500');
  });

  it('leads with the way to enter today’s rates when they are not in', async () => {
    renderFor('catalogue');
    const link = await screen.findByRole('link', { name: "Today's rates are not in yet — enter them" });
    // The count, without a link to a screen a catalogue member cannot open.
    expect(within(screen.getByRole('region', { name: 'Ring sizers to post' })).queryByRole('link')).toBeNull();
    expect(link.getAttribute('href')).toBe('/admin/rates');
    expect(screen.getByText('Prices are still on the rates of 23 Nov 2026.')).toBeTruthy();
  });

  it('tells a member who cannot set rates whom to ask instead of linking a screen they cannot open', async () => {
    renderFor('orders');
    expect(await screen.findByText(/ask a catalogue member or the owner/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /enter them/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Lotus Ring' })).toBeNull();
    // The orders desk posts the sizers: its way there.
    expect(screen.getByRole('link', { name: 'Open the sizer requests' })).toBeTruthy();
    // And answers the complaints: the count of the overdue, and its way to the desk.
    const complaints = screen.getByRole('region', { name: /Complaints/ });
    expect(complaints.textContent).toContain('4 open or waiting for the customer, 1 past a deadline.');
    expect(within(complaints).getByRole('link', { name: 'Open the complaints desk' }).getAttribute('href')).toBe('/admin/complaints');
  });

  it('shows the complaints count without a link to a member who cannot open the desk', async () => {
    renderFor('catalogue');
    const complaints = await screen.findByRole('region', { name: /Complaints/ });
    expect(within(complaints).getByText('1 overdue')).toBeTruthy();
    expect(within(complaints).queryByRole('link')).toBeNull();
  });

  it('shows today’s figures, what waits, low stock and the rates in force', async () => {
    renderFor('owner');
    expect((await screen.findByText('Orders today')).previousElementSibling!.textContent).toBe('3');
    const orders = screen.getByRole('region', { name: 'Orders waiting' });
    expect(within(orders).getByText('Placed').nextElementSibling!.textContent).toBe('4');
    const sizers = screen.getByRole('region', { name: 'Ring sizers to post' });
    expect(within(sizers).getByText('New').nextElementSibling!.textContent).toBe('3');
    expect(within(sizers).getByRole('link', { name: 'Open the sizer requests' }).getAttribute('href')).toBe('/admin/sizer-requests?status=New');
    const stock = screen.getByRole('region', { name: 'Low stock' });
    expect(within(stock).getByRole('link', { name: 'Lotus Ring' }).getAttribute('href')).toBe('/admin/products/7');
    expect(within(stock).getByText('Sold out')).toBeTruthy();
    expect(within(stock).getByText(/11 more not shown/)).toBeTruthy();
    const rates = screen.getByRole('region', { name: 'Rates in force' });
    expect(within(rates).getByRole('rowheader', { name: 'Gold 22 kt' }).parentElement!.textContent).toContain('Rs. 7,250.00/g');
    expect(within(rates).getByText('Not today’s')).toBeTruthy();
  });

  it('says nothing of rates when today’s are in', async () => {
    renderFor('owner', { ...DATA, rates: { ...DATA.rates, todayIn: true, latestDate: DATA.today } });
    expect(await screen.findByText('Today’s')).toBeTruthy();
    expect(screen.queryByText(/not in yet/)).toBeNull();
  });
});
