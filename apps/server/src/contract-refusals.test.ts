import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BookAppointmentSchema,
  HarvestEnrolSchema,
  PlaceOrderSchema,
  ProfileUpdateSchema,
  fieldMessages,
  invalidRequestMessage,
} from '@milli/contracts/schemas';
import { BILLING, createTestApp, postForm, type TestApp } from './testing.ts';
import { createShopper } from './testing-factories.ts';

/**
 * The web's actions check some forms with their route's own schema before sending them, and answer a refused one
 * themselves (contractRefusal in apps/web/app/lib/api.server.ts: contracts' fieldMessages over the schema's issues). That
 * is only right while the API answers such a body with exactly those words: this holds the two together, for a
 * multipart form and for JSON bodies.
 */
let t: TestApp;
let cookie = '';
let userId = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ({ cookie, id: userId } = await createShopper(t.app));
});
afterAll(() => t?.close());

/** What the action answers for a body the schema refuses, as contractRefusal makes it. */
function checkedHere(
  schema: { safeParse(value: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  body: unknown,
) {
  const parsed = schema.safeParse(body);
  expect(parsed.success).toBe(false);
  const fields = fieldMessages(parsed.error!.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
  return { message: invalidRequestMessage(fields), code: 'INVALID_REQUEST', fields };
}

describe('a body refused by its route’s schema is answered as a check with that schema says', () => {
  it('Place Order, sent as a multipart form', async () => {
    // Its schema holds shapes only (the address rules are the service's): lengths and the payment method.
    const form = {
      ...BILLING,
      firstName: 'M'.repeat(61),
      pincode: '6'.repeat(13),
      paymentMethod: 'cheque',
      cartDataList: '[]',
      userId: String(userId),
      couponCode: '',
      idempotencyKey: '',
    };
    const res = await postForm(t.app, '/api/orders/placeOrders', form, { cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(checkedHere(PlaceOrderSchema, form));
  });

  it.each([
    ['POST', '/api/harvest/enrol', HarvestEnrolSchema, { monthlyAmount: 'lots', email: 'nobody' }],
    ['PUT', '/api/users/user-details/:id', ProfileUpdateSchema, { firstName: '', email: 'not an address', mobile: '12' }],
    ['POST', '/api/appointments', BookAppointmentSchema, { kind: 'store', date: 'soon', slot: '25:00', purpose: 'browse', name: 'A', email: 'x', phone: '1' }],
  ] as const)('%s %s, sent as JSON', async (method, url, schema, body) => {
    const res = await t.app.inject({
      method,
      url: url.replace(':id', String(userId)),
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual(checkedHere(schema, body));
  });
});
