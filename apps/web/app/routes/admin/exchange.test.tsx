// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { Outlet, createRoutesStub } from 'react-router';
import { ROLE_PERMISSIONS, type StaffMe, type StaffRole } from '@milli/contracts';
import { AdminExchangeDetailSchema } from '@milli/contracts/schemas';
import { ADMIN_LAYOUT_ID } from '../../lib/admin-me.ts';
import Exchange from './exchange.tsx';

afterEach(cleanup);

const member = (role: StaffRole): StaffMe => ({
  id: 1,
  email: 'asha@milli.example',
  name: 'Asha Rao',
  roles: [role],
  permissions: [...ROLE_PERMISSIONS[role]],
  twoFactor: false,
  mustEnrolTwoFactor: false,
  deskMail: true,
});

// Through the contract's schema, so the screen is tested against what the API may really answer.
const RECEIVED = AdminExchangeDetailSchema.parse({
  request: {
    id: 4,
    orderNumber: 'MIL-2026-000042',
    lineId: 11,
    pieceId: 1,
    productName: 'Lotus Jhumka',
    huid: 'AB12C3',
    kind: 'exchange',
    status: 'Received',
    quotedPaise: 40_000_00,
    ratePaisePerGram: 7_000_00,
    rateDate: '2026-11-20',
    metalWeightMg: 6000,
    diamondWeightCents: 0,
    settledPaise: null,
    refusedReason: null,
    note: null,
    createdAt: '2026-11-20T06:30:00.000Z',
    settledAt: null,
    customerName: 'Riya Shah',
    customerEmail: 'riya@example.com',
    payoutReference: null,
    settledBy: null,
    metal: 'gold',
    purity: 22,
  },
  todayPaise: 41_000_00,
  todayRateDate: '2026-11-24',
  todayRatePaisePerGram: 7_100_00,
});

function renderExchange(me: StaffMe) {
  const props = { loaderData: { detail: RECEIVED } } as unknown as Parameters<typeof Exchange>[0];
  const Stub = createRoutesStub([
    {
      id: ADMIN_LAYOUT_ID,
      path: '/admin',
      Component: () => <Outlet />,
      loader: () => ({ me, storeName: 'Milli' }),
      children: [{ path: 'exchanges/:id', Component: () => <Exchange {...props} /> }],
    },
  ]);
  render(<Stub initialEntries={['/admin/exchanges/4']} />);
}

describe('a received exchange (issue 39)', () => {
  it('offers the Settle form to the accounts desk', async () => {
    renderExchange(member('accounts'));
    expect(await screen.findByRole('form', { name: 'Settle exchange 4' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Settle as store credit' })).toBeTruthy();
  });

  it('shows the orders desk the value and who settles, not a form the server would refuse', async () => {
    renderExchange(member('orders'));
    expect(await screen.findByText('Rs. 41,000.00')).toBeTruthy();
    expect(screen.getByText(/settled by a member with the accounts permission/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Settle exchange 4' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settle as store credit' })).toBeNull();
    // Receiving and refusing stay with the orders desk.
    expect(screen.getByRole('button', { name: 'Refuse the request' })).toBeTruthy();
  });
});
