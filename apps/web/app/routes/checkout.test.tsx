// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import type { CartView } from '../features/cart/cart-view.ts';
import { TERMS_MESSAGE, type CheckoutResult } from '../features/cart/checkout-form.ts';
import { accessibleDescription } from '../lib/test-dom.ts';
import type { PickableAddress } from '../features/cart/checkout-data.server.ts';
import Checkout from './checkout.tsx';

afterEach(cleanup);

const VIEW: CartView = {
  userId: 7,
  lines: [
    {
      key: '31',
      cartId: 31,
      productId: 5,
      name: 'Lotus Ring',
      image: '/art/lotus.webp',
      quantity: 1,
      unitPricePaise: 54_000_00,
      addedPricePaise: null,
      beforePaise: null,
      percentOff: null,
      stock: 3,
      choices: '18 kt · Yellow Gold · Size 12',
    },
  ],
  shippingFeePaise: 0,
  coupon: null,
  couponNotice: null,
  offers: [],
};

const LOADER_DATA = {
  view: VIEW,
  harvestBalancePaise: 0,
  storeCreditPaise: 0,
  metalBalanceMg: 0,
  countries: [
    { iso2: 'IN', name: 'India', dialCode: '91' },
    { iso2: 'AE', name: 'United Arab Emirates', dialCode: '971' },
  ],
  idempotencyKey: 'key-00000001',
  addresses: [] as PickableAddress[],
  prefill: { addressId: null as number | null, firstName: '', lastName: '', address: '', landmark: '', city: '', state: '', pincode: '', phoneNumber: '' },
  codLimitPaise: 50_000_00,
  panFromPaise: 2_00_000_00,
};

/** /checkout with its loader's data, and an action that answers `answer` and records what was posted. */
function renderCheckout(answer: CheckoutResult | null, loaderData: Partial<typeof LOADER_DATA> & Record<string, unknown> = {}) {
  const posted: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: '/checkout',
      Component: Checkout as never,
      loader: () => ({ ...LOADER_DATA, ...loaderData }),
      action: async ({ request }) => {
        posted.push(await request.formData());
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={['/checkout']} />);
  return { posted, user: userEvent.setup() };
}

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;

async function fillBilling(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('First name'), 'Asha');
  await user.type(field('Last name'), 'Rao');
  await user.type(field('Address'), '12 MG Road');
  await user.type(field('City'), 'Bengaluru');
  await user.type(field('Pincode'), '56000');
  await user.type(field('Phone number'), '9876543210');
  await user.selectOptions(field('State'), 'Karnataka');
}

describe('the checkout form', () => {
  it('requires the billing fields, with India and +91 chosen for the shopper', async () => {
    renderCheckout(null);
    await screen.findByRole('heading', { name: 'Billing details' });
    for (const name of ['First name', 'Last name', 'Address', 'City', 'Pincode', 'Phone number', 'Country']) {
      expect(field(name).required, name).toBe(true);
    }
    expect(field('Company name').required).toBe(false);
    // In India the state may be left to the PIN (issue 38): the server finds it.
    const state = screen.getByLabelText<HTMLSelectElement>('State');
    expect(state.required).toBe(false);
    expect(state.selectedOptions[0]?.textContent).toBe('From the pincode');
    expect(field('Country').value).toBe('India');
    expect(field('Country code').value).toBe('91');
  });

  it('does not send an order whose terms are not accepted, and says why', async () => {
    const { user, posted } = renderCheckout(null);
    await screen.findByRole('heading', { name: 'Billing details' });
    await fillBilling(user);
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(screen.getByRole('alert').textContent).toBe(TERMS_MESSAGE);
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    expect(posted).toEqual([]);
  });

  it('shows each field’s message from the action’s answer beside its field, and the answer’s message above', async () => {
    const answer: CheckoutResult = {
      message: 'Please enter a valid 6-digit pincode. Please enter a valid phone number.',
      fields: { pincode: 'Please enter a valid 6-digit pincode.', phoneNumber: 'Please enter a valid phone number.' },
      values: { firstName: 'Asha', lastName: 'Rao', address: '12 MG Road', city: 'Bengaluru', pincode: '56000', countryCode: '91', phoneNumber: '98765' },
    };
    const { user, posted } = renderCheckout(answer);
    await screen.findByRole('heading', { name: 'Billing details' });
    await fillBilling(user);
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    await screen.findByText('Please enter a valid 6-digit pincode.');
    expect(posted).toHaveLength(1);
    expect(Object.fromEntries(posted[0]!.entries())).toMatchObject({
      firstName: 'Asha',
      pincode: '56000',
      countryCode: '91',
      terms: 'on',
      idempotencyKey: 'key-00000001',
    });

    expect(field('Pincode').getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(field('Pincode'))).toBe('Please enter a valid 6-digit pincode.');
    expect(field('Phone number').getAttribute('aria-invalid')).toBe('true');
    expect(accessibleDescription(field('Phone number'))).toBe('Please enter a valid phone number.');
    expect(field('City').hasAttribute('aria-invalid')).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe(answer.message);
    // The first field to fix has the focus, so the message is not missed.
    expect(document.activeElement).toBe(field('Pincode'));
  });

  it('offers pay on delivery under the limit, shows what is paid now and at the door, and refuses it with a reason above the limit', async () => {
    const { user } = renderCheckout(null);
    await screen.findByRole('heading', { name: 'Billing details' });
    const cod = screen.getByRole('radio', { name: /Pay on delivery/ }) as HTMLInputElement;
    expect((screen.getByRole('radio', { name: /Pay online now/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('pay-now').textContent).toBe('Rs. 54,000.00');
    expect(screen.getByTestId('pay-on-delivery').textContent).toBe('Rs. 0.00');
    expect(accessibleDescription(cod)).toMatch(/under Rs\. 50,000\.00/);
    expect(cod.disabled).toBe(true);
    expect(accessibleDescription(cod)).toMatch(/Not available/);
    cleanup();

    const cheap = { ...VIEW, lines: [{ ...VIEW.lines[0]!, unitPricePaise: 20_000_00 }] };
    renderCheckout(null, { view: cheap });
    await screen.findByRole('heading', { name: 'Billing details' });
    const open = screen.getByRole('radio', { name: /Pay on delivery/ }) as HTMLInputElement;
    expect(open.disabled).toBe(false);
    await user.click(open);
    expect(screen.getByTestId('pay-now').textContent).toBe('Rs. 0.00');
    expect(screen.getByTestId('pay-on-delivery').textContent).toBe('Rs. 20,000.00');
    expect(screen.queryByLabelText('PAN')).toBeNull();
  });

  it('offers the store credit, counts it in the summary and sends it; unticked, it is neither counted nor sent', async () => {
    const { posted, user } = renderCheckout(null, { storeCreditPaise: 4_000_00 });
    await screen.findByRole('heading', { name: 'Billing details' });
    const use = screen.getByLabelText('Use my store credit (Rs. 4,000.00)') as HTMLInputElement;
    expect(use.checked).toBe(true);
    expect(screen.getByTestId('store-credit').textContent).toBe('−Rs. 4,000.00');
    expect(screen.getByTestId('payable').textContent).toBe('Rs. 50,000.00');
    expect(screen.getByTestId('pay-now').textContent).toBe('Rs. 50,000.00');
    await fillBilling(user);
    await user.click(screen.getByLabelText(/I have read and accept/));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await expect.poll(() => posted.length).toBe(1);
    expect(posted[0]!.get('useStoreCredit')).toBe('on');
    await user.click(use);
    expect(screen.queryByTestId('store-credit')).toBeNull();
    expect(screen.getByTestId('pay-now').textContent).toBe('Rs. 54,000.00');
  });

  it('asks for the PAN from Rs. 2 lakh, and starts from the default saved address', async () => {
    const dear = { ...VIEW, lines: [{ ...VIEW.lines[0]!, unitPricePaise: 2_10_000_00 }] };
    const saved = {
      id: 4,
      firstName: 'Meera',
      lastName: 'Iyer',
      address: '12 Temple Street',
      landmark: 'Near the tank',
      city: 'Chennai',
      state: 'Tamil Nadu',
      pincode: '600004',
      phone: '9876543210',
      isDefault: true,
    };
    renderCheckout(null, {
      view: dear,
      addresses: [saved],
      prefill: {
        addressId: 4,
        firstName: 'Meera',
        lastName: 'Iyer',
        address: '12 Temple Street',
        landmark: 'Near the tank',
        city: 'Chennai',
        state: 'Tamil Nadu',
        pincode: '600004',
        phoneNumber: '9876543210',
      },
    });
    await screen.findByRole('heading', { name: 'Billing details' });
    // Issue 38: the PAN, or else the Form 60 declaration (so the PAN box itself is not required by the browser).
    expect(field('PAN').required).toBe(false);
    expect(accessibleDescription(field('PAN'))).toMatch(/No PAN\? Give a Form 60 declaration below instead/);
    expect(screen.getByRole('checkbox', { name: /I have no PAN: I will give a Form 60 declaration instead/ })).toBeTruthy();
    expect(screen.getByText(/Amount of the transaction/).textContent).toContain('2,10,000');
    expect(field('Address').value).toBe('12 Temple Street');
    expect(field('Landmark (optional)').value).toBe('Near the tank');
    expect(field('State').value).toBe('Tamil Nadu');
    expect((screen.getByLabelText('Use a saved address') as HTMLSelectElement).value).toBe('4');
    // Above every limit: pay on delivery is never offered.
    expect((screen.getByRole('radio', { name: /Pay on delivery/ }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('"View offers" at checkout (issue 40)', () => {
  it('lists the offers in the summary, each Apply posting its code to the cart’s coupon action and back to checkout', async () => {
    const offers = [
      { code: 'FLAT500', description: 'Rs. 500 off', usable: true, discountPaise: 500_00, shortfallPaise: 0, message: 'You save Rs. 500.00.' },
      { code: 'BIG5000', description: 'Big orders', usable: false, discountPaise: 0, shortfallPaise: 10_000_00, message: 'Add Rs. 10,000.00 more to use it.' },
    ];
    const { user } = renderCheckout(null, { view: { ...VIEW, offers } });
    const summary = await screen.findByRole('region', { name: 'Your order' });
    await user.click(within(summary).getByText('View offers (2)'));
    expect(within(summary).getByText('Add Rs. 10,000.00 more to use it.')).toBeTruthy();
    expect(within(summary).queryByRole('button', { name: 'Apply BIG5000' })).toBeNull();
    const apply = within(summary).getByRole<HTMLButtonElement>('button', { name: 'Apply FLAT500' });
    expect([apply.name, apply.value]).toEqual(['coupon', 'FLAT500']);
    // The button submits its own form by its form attribute: a form inside the order's form would be no form at all.
    const form = document.getElementById(apply.getAttribute('form') ?? '') as HTMLFormElement;
    expect(form.tagName).toBe('FORM');
    expect(form.parentElement?.closest('form')).toBeNull();
    expect(new URL(form.action, 'http://localhost').pathname).toBe('/cart');
    expect(Object.fromEntries(new FormData(form).entries())).toEqual({ intent: 'coupon', back: 'checkout' });
  });

  it('shows no offers once a coupon is applied, and the coupon in the totals', async () => {
    const coupon = {
      code: 'FLAT500',
      message: 'Coupon FLAT500 applied: you save Rs. 500.00.',
      rule: { kind: 'fixed' as const, value: 500_00, maxDiscountPaise: null, minOrderPaise: 0 },
    };
    const offers = [{ code: 'WELCOME10', description: '', usable: true, discountPaise: 100_00, shortfallPaise: 0, message: 'You save Rs. 100.00.' }];
    renderCheckout(null, { view: { ...VIEW, coupon, offers } });
    const summary = await screen.findByRole('region', { name: 'Your order' });
    expect(within(summary).queryByText(/View offers/)).toBeNull();
    expect(within(summary).getByText(/FLAT500/)).toBeTruthy();
  });
});
