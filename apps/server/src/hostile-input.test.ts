/**
 * Hostile input against every API endpoint (issue 7): wrong types, huge strings, unicode, negative and
 * huge numbers, missing and extra fields, broken JSON and multipart, odd content types, hostile path
 * parameters, with and without a session. The endpoints are not listed by hand: every route the app
 * registers under /api is swept, so a new endpoint is fuzzed the day it is added.
 *
 * What must hold: never a 5xx, the server keeps answering, and a refused request (4xx) leaves the
 * database as it was (only rate-limit counters may move: counting refused attempts is their job).
 */
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postForm, type TestApp } from './testing.ts';
import { createShopper, createStaff } from './testing-factories.ts';
import { ERROR_CODES } from '@milli/contracts';

let t: TestApp;
let cookie = '';
let userId = 0;

/** Field names the store's forms and calls use, so fuzzed bodies reach past "missing field" checks. */
const FIELDS = [
  'username',
  'email',
  'password',
  'cartItems',
  'otp',
  'resetToken',
  'token',
  'firstName',
  'middleName',
  'lastName',
  'mobile',
  'currentPassword',
  'newPassword',
  'confirmPassword',
  'cart_product_id',
  'cart_quantity',
  'cart_user_id',
  'product_id',
  'quantity',
  'user_id',
  'cartId',
  'userId',
  'purity',
  'size',
  'colour',
  'diamond_quality',
  'name',
  'phone',
  'address',
  'productId',
  'pincode',
  'country',
  'city',
  'countryCode',
  'phoneNumber',
  'companyName',
  'companyEmail',
  'gstin',
  'cartDataList',
  'couponCode',
  'code',
  'idempotencyKey',
  'custMetalType',
  'custGoldQuality',
  'custMetalWeight',
  'custGoldColor',
  'custCategory',
  'custDiamond',
  'custStone',
  'addRemarks',
  'adUserType',
  'compName',
  'compPan',
  'compGST',
  'compIfsc',
  'compBA',
  'status',
  'monthlyAmount',
  'amount',
  'cardNumber',
  'expiry',
  'cvv',
  'reason',
  'list',
  'q',
  'page',
  'sort',
  'material',
  'category',
  'tag',
  'stone',
  'minPrice',
  'maxPrice',
  'cartList',
  // After the sale (issue 20): returns, exchanges, store credit, reviews, appointments, trade-in.
  'lines',
  'lineId',
  'pieceId',
  'refundMethod',
  'kind',
  'amountPaise',
  'payoutReference',
  'note',
  'useStoreCredit',
  'rating',
  'title',
  'text',
  'storeId',
  'date',
  'slot',
  'purpose',
  'tradeIn',
  'weightGrams',
  'pickupDate',
  'disposition',
  'refundPaise',
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'Infinity',
    '99999999999999999999999',
    '2147483648',
    '-2147483649',
    '1.5',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '{"__proto__":{"admin":true}}',
    "' OR 1=1 --",
    '"; DROP TABLE products; --',
    '<script>alert(1)</script>',
    '../../../../etc/passwd',
    '%00',
    '\u0000',
    '\u202e\u0645\u0631\u062d\u0628\u0627',
    '💍'.repeat(500),
    'a'.repeat(70_000),
    '९८७६५४३२१०',
    '١٢٣',
    '𝟙𝟚𝟛',
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308, null, true, false),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 10 })), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string({ maxLength: 10 })), { maxKeys: 4 }),
);

const hostileFields = fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 12 })), hostileValue, { maxKeys: 12 });

type Encoding = 'json' | 'form' | 'multipart' | 'broken-json' | 'broken-multipart' | 'wrong-type' | 'none';
const encoding = fc.constantFrom<Encoding>('json', 'form', 'multipart', 'broken-json', 'broken-multipart', 'wrong-type', 'none');

function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

function pathWith(url: string, param: string): string {
  return url.replace(/:[A-Za-z_]+\??/g, () => encodeURIComponent(param)).replace(/\*$/, encodeURIComponent(param));
}

interface Tried {
  route: string;
  statuses: Map<number, number>;
}

/**
 * How many rows every table but the rate-limit counters has gained or lost since the sweep began: a row trigger on
 * each table (installed in beforeAll, on this test's own database) adds one to a counter for every row inserted or
 * deleted, in the writer's transaction, so a rolled-back write leaves it as it was. Reading one counter costs a
 * fraction of a millisecond; counting every table's rows (86 counts in one query) took 34 ms a time on PGlite, and the
 * sweep reads it thousands of times.
 */
async function fingerprint(): Promise<string> {
  const result = await t.database.db.execute(sql`select n from hostile_rows_changed`);
  const [row] = ((result as unknown as { rows?: unknown[] }).rows ?? result) as { n: number | string }[];
  return String(row!.n);
}

/** The counter behind fingerprint(): one trigger per table, rate_limit_hits left out (counting refusals is its job). */
async function countRowChanges(): Promise<void> {
  const tables = await t.database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'rate_limit_hits' and tablename not like '__drizzle%' order by tablename`,
  );
  const names = ((tables as unknown as { rows: { tablename: string }[] }).rows ?? (tables as unknown as { tablename: string }[])).map((r) => r.tablename);
  expect(names.length).toBeGreaterThan(50);
  await t.database.db.execute(sql`create table hostile_rows_changed (n bigint not null)`);
  await t.database.db.execute(sql`insert into hostile_rows_changed values (0)`);
  await t.database.db.execute(
    sql.raw(
      `create function hostile_row_changed() returns trigger language plpgsql as $$ begin update hostile_rows_changed set n = n + 1; return null; end $$`,
    ),
  );
  for (const name of names) {
    await t.database.db.execute(
      sql.raw(`create trigger hostile_row_changed after insert or delete on "${name}" for each row execute function hostile_row_changed()`),
    );
  }
}

let logins = 0;
/** Logs the fuzzing customer in (again: the sweep's own calls to logout end its session). */
async function logIn() {
  const login = await postForm(t.app, '/api/auth/login', { username: 'fuzzer', password: 'hostile123' }, { ip: `10.9.8.${++logins}` });
  expect(login.statusCode).toBe(200);
  const session = login.cookies.find((c) => c.name === 'milli_session');
  cookie = `milli_session=${session!.value}`;
  userId = login.json().userId;
}

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  ({ cookie, userId } = await createShopper(t.app, { username: 'fuzzer', password: 'hostile123' }));
  await countRowChanges();
  // The counter sees a write: a new customer (one row in customers, one in consents and the welcome mail) moves it.
  const before = await fingerprint();
  await createShopper(t.app, { username: 'witness', password: 'witness123' });
  expect(await fingerprint()).not.toBe(before);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('hostile input on every API endpoint', () => {
  it('never answers 5xx, keeps serving, and changes nothing when it refuses', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && r.url !== '/api/*' && r.method !== 'HEAD' && r.method !== 'OPTIONS');
    expect(routes.length).toBeGreaterThan(15);
    const tried: Tried[] = [];
    const failures: string[] = [];
    let sent = 0;
    let unchangedChecks = 0;

    // The database as the last refused request left it, while no other request has been sent since (undefined otherwise).
    let leftByRefusal: string | undefined;
    for (const route of routes) {
      leftByRefusal = undefined;
      if ((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode !== 200) await logIn();
      const record: Tried = { route: `${route.method} ${route.url}`, statuses: new Map() };
      tried.push(record);
      await fc.assert(
        fc.asyncProperty(
          hostileString,
          hostileFields,
          encoding,
          fc.boolean(),
          fc.boolean(),
          fc.boolean(),
          async (param, fields, enc, withSession, ownId, asList) => {
            // Half the time the body names the session's own id, so requests get past the ownership check.
            if (ownId) for (const k of ['userId', 'user_id', 'cart_user_id']) if (k in fields) fields[k] = userId;
            const url = pathWith(route.url, ownId && /userId/.test(route.url) ? String(userId) : param);
            const headers: Record<string, string> = withSession ? { cookie } : {};
            let payload: string | Buffer | undefined;
            switch (enc) {
              case 'json':
                headers['content-type'] = 'application/json';
                payload = JSON.stringify(asList ? Object.values(fields) : fields);
                break;
              case 'form':
                headers['content-type'] = 'application/x-www-form-urlencoded';
                payload = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v)])).toString();
                break;
              case 'multipart': {
                const form = new FormData();
                for (const [k, v] of Object.entries(fields)) form.append(k, text(v));
                const encoded = new Response(form);
                headers['content-type'] = encoded.headers.get('content-type')!;
                payload = Buffer.from(await encoded.arrayBuffer());
                break;
              }
              case 'broken-json':
                headers['content-type'] = 'application/json';
                payload = `{"${text(param).slice(0, 50)}": [1, 2,`;
                break;
              case 'broken-multipart':
                headers['content-type'] = 'multipart/form-data; boundary=xyz';
                payload = `--xyz\r\ncontent-disposition: form-data; name="a"\r\n\r\n${text(param).slice(0, 100)}`;
                break;
              case 'wrong-type':
                headers['content-type'] = 'text/xml';
                payload = `<a>${text(param).slice(0, 100)}</a>`;
                break;
              case 'none':
                break;
            }
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE' && payload !== undefined;
            // What the last refused request left is what this one finds, if nothing else was sent in between.
            const before = route.method === 'GET' ? '' : (leftByRefusal ?? (await fingerprint()));
            leftByRefusal = undefined;
            const res = await t.app.inject({
              method: route.method as 'GET',
              url: route.method === 'GET' ? `${url}?${new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, text(v)])).toString()}` : url,
              headers: hasBody ? headers : withSession ? { cookie } : {},
              ...(hasBody ? { payload } : {}),
              remoteAddress: `10.66.${sent % 200}.${((sent >> 8) % 250) + 1}`,
            });
            sent++;
            record.statuses.set(res.statusCode, (record.statuses.get(res.statusCode) ?? 0) + 1);
            if (res.statusCode >= 500) failures.push(`${route.method} ${url.slice(0, 120)} [${enc}] → ${res.statusCode} ${res.body.slice(0, 200)}`);
            if (route.method !== 'GET' && res.statusCode >= 400 && res.statusCode < 500) {
              unchangedChecks++;
              const after = await fingerprint();
              if (after !== before) failures.push(`${route.method} ${url.slice(0, 120)} [${enc}] → ${res.statusCode} but the database changed`);
              leftByRefusal = after;
            }
          },
        ),
        { numRuns: route.method === 'GET' ? 20 : 30, seed: 20261123, endOnFailure: true },
      );
    }

    // The server still serves a shopper afterwards.
    const alive = await t.app.inject({ url: '/api/product/find-by-id/1' });
    expect(alive.statusCode).toBe(200);

    console.log(`hostile input: ${sent} requests over ${routes.length} endpoints; ${unchangedChecks} refusals checked to leave the database unchanged`);
    for (const r of tried) {
      console.log(
        `  ${r.route.padEnd(60)} ${[...r.statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}`,
      );
    }
    expect(failures).toEqual([]);
  }, 600_000);

  it('refuses a NUL byte, a broken character or a control character in any field, querystring or path with a 400 that says so', async () => {
    const routes = t.app.routeList.filter((r) => r.url.startsWith('/api/') && ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    const UNUSABLE = ['\u0000', 'a\u0000b', '\u0001', 'x\u000by', '\u001b[2J', '\u007f'];
    const failures: string[] = [];
    let sent = 0;
    const expectRefused = (what: string, res: { statusCode: number; body: string }) => {
      sent++;
      let body: { code?: string; message?: string } = {};
      try {
        body = JSON.parse(res.body) as typeof body;
      } catch {
        // reported below
      }
      if (res.statusCode !== 400 || body.code !== 'UNUSABLE_TEXT' || !/cannot be used/.test(body.message ?? '')) {
        failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    };
    /** A refusal of the whole request, before any of it is read: this status and code, whatever the text. */
    const refusedWhole = (status: number, code: string) => (what: string, res: { statusCode: number; body: string }) => {
      sent++;
      if (res.statusCode !== status || !res.body.includes(`"code":"${code}"`)) failures.push(`${what} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    // Webhooks that read their body as raw bytes, signed by the sender over exactly those bytes: no text in it is the
    // store's to judge, and a body without the sender's signature is refused whole, before anything is read (the
    // gateway's; WhatsApp's delivery receipts, issue 41, X-Hub-Signature-256).
    const RAW_SIGNED = new Map([
      ['POST /api/payments/razorpay/webhook', refusedWhole(400, 'WEBHOOK_SIGNATURE_INVALID')],
      ['POST /api/messages/whatsapp/webhook', refusedWhole(401, 'MESSAGE_WEBHOOK_REFUSED')],
    ]);
    // Webhooks refused whole without the configured token, before any of it is read, query or body: the courier's
    // tracking (issue 39, x-api-key) and MSG91's delivery receipts (issue 41); with the token their bodies meet the same
    // guard (courier.test.ts, messages/webhooks.test.ts).
    const TOKEN_GUARDED = new Map([
      ['POST /api/courier/shiprocket/webhook', refusedWhole(401, 'COURIER_TOKEN_INVALID')],
      ['POST /api/messages/msg91/webhook', refusedWhole(401, 'MESSAGE_WEBHOOK_REFUSED')],
    ]);
    // With the sessions (a route may check who asks before reading its body: a shopper's, and an owner's of the
    // back office for its routes), from the store's own pages.
    let staffCookie = '';
    for (const route of routes) {
      if ((await t.app.inject({ url: '/api/auth/me', headers: { cookie } })).statusCode !== 200) await logIn();
      if (!staffCookie || (await t.app.inject({ url: '/api/admin/me', headers: { cookie: staffCookie } })).statusCode !== 200)
        staffCookie = (await createStaff(t.app)).cookie;
      const session = { cookie: route.access === 'staff' ? `${cookie}; ${staffCookie}` : cookie, host: 'milli.test', origin: 'http://milli.test' };
      const method = route.method as 'GET';
      const hasParam = /:[A-Za-z_]+|\*$/.test(route.url);
      const guarded = TOKEN_GUARDED.get(`${route.method} ${route.url}`);
      const refusedBody = RAW_SIGNED.get(`${route.method} ${route.url}`) ?? guarded ?? expectRefused;
      const refusedQuery = guarded ?? expectRefused;
      for (const bad of UNUSABLE) {
        const label = `${route.method} ${route.url} ${JSON.stringify(bad)}`;
        if (hasParam) expectRefused(`${label} in the path`, await t.app.inject({ method, url: pathWith(route.url, bad), headers: session }));
        const ok = pathWith(route.url, '1');
        refusedQuery(`${label} in the querystring`, await t.app.inject({ method, url: `${ok}?q=${encodeURIComponent(bad)}`, headers: session }));
        if (route.method === 'GET' || route.method === 'DELETE') continue;
        const fields = Object.fromEntries(FIELDS.map((f) => [f, f === 'email' ? `shopper${bad}@example.in` : `Meera${bad}`]));
        refusedBody(`${label} in JSON`, await t.app.inject({ method, url: ok, payload: fields, headers: session }));
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        const encoded = new Response(form);
        refusedBody(
          `${label} in multipart`,
          await t.app.inject({
            method,
            url: ok,
            payload: Buffer.from(await encoded.arrayBuffer()),
            headers: { ...session, 'content-type': encoded.headers.get('content-type')! },
          }),
        );
        refusedBody(
          `${label} in a url-encoded form`,
          await t.app.inject({
            method,
            url: ok,
            payload: new URLSearchParams(fields).toString(),
            headers: { ...session, 'content-type': 'application/x-www-form-urlencoded' },
          }),
        );
      }
      // Only JSON can carry half of a surrogate pair (forms encode it as U+FFFD); a line break belongs only in a textarea's field.
      if (route.method !== 'GET' && route.method !== 'DELETE') {
        refusedBody(
          `${route.method} ${route.url} lone surrogate in JSON`,
          await t.app.inject({
            method: route.method as 'POST',
            url: pathWith(route.url, '1'),
            payload: { username: '\ud83d', email: 'x\udc8d@example.in' },
            headers: session,
          }),
        );
        refusedBody(
          `${route.method} ${route.url} line break in a one-line field`,
          await t.app.inject({ method: route.method as 'POST', url: pathWith(route.url, '1'), payload: { username: 'meera\nadmin' }, headers: session }),
        );
      }
    }
    // Without a session too: the guard does not depend on who asks.
    expectRefused(
      'POST /api/auth/login without a session',
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'a\u0000', password: 'x' } }),
    );
    const withSession = await t.app.inject({
      method: 'PUT',
      url: `/api/users/user-details/${userId}`,
      payload: { firstName: 'Me\u0000era' },
      headers: { cookie, host: 'milli.test', origin: 'http://milli.test' },
    });
    expectRefused('PUT /api/users/user-details with a session', withSession);
    // A multi-line field keeps its line breaks (the sizer's address is a textarea).
    const sizer = await t.app.inject({
      method: 'POST',
      url: '/api/sizer-requests',
      payload: { name: 'Meera Iyer', phone: '9876543210', email: 'meera@example.in', address: '12 Temple Street\nMylapore, Chennai 600004' },
    });
    expect(sizer.statusCode, sizer.body).not.toBe(400);
    console.log(`unusable text: ${sent} requests over ${routes.length} endpoints, every one refused with a 400`);
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('who may call comes before what was sent (decision 027)', () => {
  it('tells a guest to log in, whatever the body, path or query, on every call that needs a customer', async () => {
    const long = '9'.repeat(70);
    const calls: { method: 'GET' | 'POST'; url: string; payload?: unknown }[] = [
      { method: 'POST', url: '/api/cart/add', payload: { cart_product_id: 'ring' } },
      { method: 'GET', url: `/api/cart/find-by-user-id/${long}` },
      { method: 'POST', url: `/api/cart/delete/ring/1` },
      { method: 'GET', url: `/api/wishlist/find-by-user-id/${long}` },
      { method: 'GET', url: `/api/wishlist/ids/${long}` },
      { method: 'POST', url: '/api/wishlist/add', payload: { product_id: 'ring' } },
      { method: 'POST', url: `/api/wishlist/delete/ring/1` },
      { method: 'POST', url: '/api/orders/placeOrders', payload: { firstName: 7 } },
      { method: 'GET', url: `/api/orders/${long}` },
      { method: 'POST', url: `/api/orders/${long}/cancel` },
      { method: 'GET', url: `/api/orders/${long}/invoice.pdf` },
      { method: 'GET', url: `/api/users/user-details/${long}` },
      { method: 'GET', url: '/api/custom-design/requests/ring' },
    ];
    const answers: string[] = [];
    for (const call of calls) {
      const res = await t.app.inject({ method: call.method, url: call.url, ...(call.payload ? { payload: call.payload as object } : {}) });
      answers.push(`${call.method} ${call.url} → ${res.statusCode} ${res.json<{ code: string }>().code}`);
    }
    expect(answers).toEqual(calls.map((call) => `${call.method} ${call.url} → 401 UNAUTHENTICATED`));
  });
});

describe('refusals speak the store’s vocabulary, not the framework’s', () => {
  it('answers a path that cannot be decoded with BAD_URL, a code of ERROR_CODES', async () => {
    for (const url of ['/api/stores/pincode/%E0%A4', '/api/product/find-by-id/%', `/api/cart/find-by-user-id/%C0%AF`]) {
      const res = await t.app.inject({ url, headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ message: 'The address is not valid.', code: 'BAD_URL' });
      expect(ERROR_CODES).toContain(res.json<{ code: string }>().code);
    }
  });

  it('tells a person that a form takes no files, in words, not the parser’s', async () => {
    const file = '--xyz\r\ncontent-disposition: form-data; name="f"; filename="a.txt"\r\ncontent-type: text/plain\r\n\r\nhello\r\n--xyz--\r\n';
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'multipart/form-data; boundary=xyz' }, payload: file });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'This form takes no files.', code: 'TOO_MANY_FILES' });
  });

  it('answers a form of more parts than any form has with TOO_MANY_FIELDS, in the same words as the upload form', async () => {
    const parts = Array.from({ length: 260 }, (_, i) => `--xyz\r\ncontent-disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('') + '--xyz--\r\n';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: parts,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The form has too many fields.', code: 'TOO_MANY_FIELDS' });
  });
});
