/**
 * Shoppers over real HTTP, for the reliability suites: each has an account, a session cookie and an
 * address of their own (sent as X-Forwarded-For, so the server must trust the proxy header, as it does
 * behind a load balancer, and the per-address sign-up limits count each shopper separately).
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { schema, type Db } from '@milli/db';
import { hashToken, newToken, SESSION_DAYS } from '../plugins/session.ts';
import { BILLING } from '../testing.ts';

export interface Shopper {
  userId: number;
  cookie: string;
  email: string;
  ip: string;
}

export interface Answer {
  status: number;
  /** The parsed JSON body, or the text when it is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let shopperCount = 0;

export function storeClient(baseUrl: string) {
  async function send(method: 'GET' | 'POST', path: string, opts: { fields?: Record<string, string | number>; cookie?: string; ip?: string } = {}) {
    let body: FormData | undefined;
    if (opts.fields) {
      body = new FormData();
      for (const [k, v] of Object.entries(opts.fields)) body.append(k, String(v));
    }
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      ...(body ? { body } : {}),
      // The Origin a browser on the store's own page sends: a cookie-carrying POST without one is refused.
      headers: { origin: new URL(baseUrl).origin, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}) },
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Not JSON: keep the text for the failure message.
    }
    return { status: res.status, body: parsed, setCookies: res.headers.getSetCookie() } as Answer & { setCookies: string[] };
  }

  return {
    baseUrl,
    get: (path: string, shopper?: Shopper) => send('GET', path, { ...(shopper ? { cookie: shopper.cookie, ip: shopper.ip } : {}) }),
    post: (path: string, fields: Record<string, string | number>, shopper?: Shopper) =>
      send('POST', path, { fields, ...(shopper ? { cookie: shopper.cookie, ip: shopper.ip } : {}) }),

    /** Signs a new customer up and logs them in (their own address, so no shared limit is hit). */
    async signUp(prefix: string): Promise<Shopper> {
      const n = ++shopperCount;
      const ip = `10.${(process.pid % 200) + 20}.${Math.floor(n / 250)}.${(n % 250) + 1}`;
      const username = `${prefix}${process.pid}x${n}`;
      const email = `${username}@example.in`;
      const registered = await send('POST', '/api/auth/register', { fields: { username, email, password: 'shop12345' }, ip });
      expect(registered.status, JSON.stringify(registered.body)).toBe(200);
      const login = await send('POST', '/api/auth/login', { fields: { username, password: 'shop12345' }, ip });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const session = login.setCookies.map((c) => c.split(';')[0]!).find((c) => c.startsWith('milli_session='));
      expect(session, 'the login answer sets the session cookie').toBeDefined();
      return { userId: (login.body as { userId: number }).userId, cookie: session!, email, ip };
    },

    addToCart(shopper: Shopper, productId: number, quantity = 1) {
      return send('POST', '/api/cart/add', {
        fields: { cart_product_id: productId, cart_quantity: quantity, cart_user_id: shopper.userId },
        cookie: shopper.cookie,
        ip: shopper.ip,
      });
    },

    placeOrder(shopper: Shopper, fields: Record<string, string | number> = {}) {
      return send('POST', '/api/orders/placeOrders', { fields: { ...BILLING, userId: shopper.userId, ...fields }, cookie: shopper.cookie, ip: shopper.ip });
    },

    /**
     * Pays an order's gateway order as the checkout page does with the demo gateway: its checkout with a test
     * instrument, then the verify call with what the checkout handed back. Answers both (verify is null when the
     * checkout refused).
     */
    async pay(shopper: Shopper, gatewayOrderId: string, instrument = 'card_success') {
      const session = { cookie: shopper.cookie, ip: shopper.ip };
      const checkout = await send('POST', '/api/payments/demo/checkout', { fields: { gatewayOrderId, instrument }, ...session });
      if (checkout.status !== 200) return { checkout, verify: null };
      const verify = await send('POST', '/api/payments/razorpay/verify', { fields: checkout.body as Record<string, string>, ...session });
      return { checkout, verify };
    },

    async cart(shopper: Shopper) {
      const res = await send('GET', `/api/cart/find-by-user-id/${shopper.userId}`, { cookie: shopper.cookie, ip: shopper.ip });
      expect(res.status).toBe(200);
      return res.body as { productId: number; quantity: number }[];
    },
  };
}

export type StoreClient = ReturnType<typeof storeClient>;

/**
 * Many more customers like `model` (one who signed up and logged in through the API), written straight
 * into the database with the model's password hash and a session of their own each: what sign-up and
 * login would leave behind, without hashing a password 200 times on a 2-core machine.
 */
export async function moreShoppersLike(db: Db, model: Shopper, count: number, prefix: string): Promise<Shopper[]> {
  if (count === 0) return [];
  const [first] = await db.select().from(schema.customers).where(eq(schema.customers.id, model.userId));
  const base = ++shopperCount;
  shopperCount += count;
  const people = Array.from({ length: count }, (_, i) => {
    const username = `${prefix}${process.pid}y${base + i}`;
    return {
      username,
      email: `${username}@example.in`,
      passwordHash: first!.passwordHash,
      ip: `10.${(process.pid % 200) + 20}.${Math.floor((base + i) / 250)}.${((base + i) % 250) + 1}`,
      token: newToken(),
    };
  });
  const rows = await db
    .insert(schema.customers)
    .values(people.map(({ username, email, passwordHash }) => ({ username, email, passwordHash })))
    .returning({ id: schema.customers.id, email: schema.customers.email });
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  await db
    .insert(schema.sessions)
    .values(rows.map((r, i) => ({ tokenHash: hashToken(people[i]!.token), customerId: r.id, expiresAt, lastSeenAt: new Date() })));
  return rows.map((r, i) => ({ userId: r.id, email: r.email, cookie: `milli_session=${people[i]!.token}`, ip: people[i]!.ip }));
}

/** Runs `task` over `items` with at most `width` at a time (sign-ups hash passwords: all at once would only queue). */
export async function inBatches<T, R>(items: T[], width: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await task(items[i]!, i);
      }
    }),
  );
  return results;
}
