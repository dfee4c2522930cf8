import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SAVED_ADDRESSES } from '@milli/contracts/schemas';
import { createTestApp, type TestApp } from '../../testing.ts';
import { createShopper, type TestShopper as Shopper } from '../../testing-factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const HOME = {
  firstName: 'Meera',
  lastName: 'Iyer',
  address: '12 Temple Street, Mylapore',
  landmark: 'Opposite Kapaleeshwarar tank',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pincode: '600004',
  countryCode: '91',
  phone: '98765 43210',
};
const OFFICE = { ...HOME, address: '4th floor, 80 Feet Road, Indiranagar', landmark: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560038' };

const call = (s: Shopper | null, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/account/addresses${url}`, ...(payload ? { payload } : {}), headers: s ? { cookie: s.cookie } : {} });
const list = async (s: Shopper) =>
  (await call(s, 'GET', '')).json().data as {
    id: number;
    city: string;
    isDefault: boolean;
    state: string;
    stateCode: string;
    phone: string;
    landmark: string | null;
  }[];

describe('the address book', () => {
  it('needs a session', async () => {
    expect((await call(null, 'GET', '')).statusCode).toBe(401);
    expect((await call(null, 'POST', '', HOME)).statusCode).toBe(401);
  });

  it('saves an address (the first is the default), lists the default first, and stores the state’s code and the phone’s digits', async () => {
    const s = await createShopper(t.app);
    expect(await list(s)).toEqual([]);
    const first = await call(s, 'POST', '', HOME);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().address).toMatchObject({
      city: 'Chennai',
      state: 'Tamil Nadu',
      stateCode: '33',
      phone: '9876543210',
      landmark: 'Opposite Kapaleeshwarar tank',
      country: 'India',
      countryCode: '91',
      isDefault: true,
    });
    const second = await call(s, 'POST', '', { ...OFFICE, state: 'karnataka' });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().address).toMatchObject({ state: 'Karnataka', stateCode: '29', landmark: null, isDefault: false });
    expect((await list(s)).map((a) => [a.city, a.isDefault])).toEqual([
      ['Chennai', true],
      ['Bengaluru', false],
    ]);

    // A new default clears the old one.
    const third = await call(s, 'POST', '', { ...OFFICE, address: 'Flat 2, Residency Road', isDefault: true });
    expect(third.json().address.isDefault).toBe(true);
    expect((await list(s)).filter((a) => a.isDefault).map((a) => a.id)).toEqual([third.json().address.id]);
  });

  it('checks every field by checkout’s rules: PIN, Indian mobile, a state from the list that agrees with the PIN', async () => {
    const s = await createShopper(t.app);
    const empty = await call(s, 'POST', '', {});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().fields).sort()).toEqual(['address', 'city', 'firstName', 'lastName', 'phone', 'pincode', 'state']);
    const cases: [object, string, RegExp][] = [
      [{ pincode: '060004' }, 'pincode', /6-digit PIN/],
      [{ phone: '12345' }, 'phone', /10-digit mobile/],
      [{ state: 'Tamilnadu Republic' }, 'state', /from the list/],
      [{ state: 'Kerala' }, 'state', /PIN 600004 is in Tamil Nadu, not Kerala/],
      [{ countryCode: '999' }, 'countryCode', /from the list/],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(s, 'POST', '', { ...HOME, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().fields[field]).toMatch(message);
    }
    expect(await list(s)).toEqual([]);
    // No state given: the PIN's (issue 38).
    const fromPin = await call(s, 'POST', '', { ...OFFICE, state: '' });
    expect(fromPin.statusCode, fromPin.body).toBe(201);
    expect(fromPin.json().address).toMatchObject({ state: 'Karnataka', stateCode: '29' });
  });

  it('edits, sets the default and deletes (the newest left becomes the default)', async () => {
    const s = await createShopper(t.app);
    const home = (await call(s, 'POST', '', HOME)).json().address;
    const office = (await call(s, 'POST', '', OFFICE)).json().address;
    const edited = await call(s, 'PATCH', `/${office.id}`, { landmark: 'Near the metro station', phone: '+91 91234 56789' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().address).toMatchObject({ landmark: 'Near the metro station', phone: '9123456789', city: 'Bengaluru', isDefault: false });
    expect((await call(s, 'PATCH', `/${office.id}`, { state: 'Tamil Nadu' })).json().fields.state).toMatch(/PIN 560038 is in Karnataka, not Tamil Nadu/);

    const made = await call(s, 'POST', `/${office.id}/default`);
    expect(made.statusCode, made.body).toBe(200);
    expect((await list(s)).map((a) => [a.id, a.isDefault])).toEqual([
      [office.id, true],
      [home.id, false],
    ]);
    expect((await call(s, 'DELETE', `/${office.id}`)).statusCode).toBe(200);
    expect((await list(s)).map((a) => [a.id, a.isDefault])).toEqual([[home.id, true]]);
    expect((await call(s, 'DELETE', `/${office.id}`)).json().code).toBe('ADDRESS_NOT_FOUND');
  });

  it('never shows nor touches another customer’s address: 404 ADDRESS_NOT_FOUND, and theirs stays as it was', async () => {
    const owner = await createShopper(t.app);
    const other = await createShopper(t.app);
    const mine = (await call(owner, 'POST', '', HOME)).json().address;
    const attempts = [
      call(other, 'PATCH', `/${mine.id}`, { city: 'Madurai' }),
      call(other, 'POST', `/${mine.id}/default`),
      call(other, 'DELETE', `/${mine.id}`),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('ADDRESS_NOT_FOUND');
    }
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toEqual([expect.objectContaining({ id: mine.id, city: 'Chennai', isDefault: true })]);
    expect((await call(owner, 'GET', '/abc')).statusCode).toBe(404);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses, counted in the transaction even when saves race`, async () => {
    const s = await createShopper(t.app);
    const saves = Array.from({ length: MAX_SAVED_ADDRESSES + 4 }, (_, i) => call(s, 'POST', '', { ...HOME, address: `${i + 1} Temple Street` }));
    const answers = await Promise.all(saves);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.json().code).toBe('ADDRESS_BOOK_FULL');
    const book = await list(s);
    expect(book).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(book.filter((a) => a.isDefault)).toHaveLength(1);
  });
});
