import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { constants as zlib, crc32, deflateRawSync, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@milli/contracts';
import { schema } from '@milli/db';
import { testServerUrl } from '@milli/db/testing';
import { createTestApp, postForm, type TestApp } from '../../testing.ts';
import { createShopper, payThroughDemo } from '../../testing-factories.ts';
import { createDemoGateway } from '../payments/demo-gateway.ts';

let t: TestApp;
let dataDir: string;
// The test's own demo gateway: refunds are processed at once.
const gateway = createDemoGateway();
const NEW_REQUEST = '/api/admin/cutom-jewelry/new-request';

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'milli-custom-test-'));
  t = await createTestApp({ seed: true, config: { dataDir }, gateway });
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const customer = () => createShopper(t.app);
type Customer = Awaited<ReturnType<typeof customer>>;

/** Pictures made here, with sharp: a real PNG or JPEG of the given size. */
const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 160, b: 60 } } })
    .png()
    .toBuffer();
const jpeg = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 30 } } })
    .jpeg()
    .toBuffer();

const pngChunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
};
/** A greyscale PNG built by hand: its header (IHDR) and the zlib stream given as its pixel data. */
function handPng(side: number, bitDepth: number, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = bitDepth;
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), pngChunk('IHDR', ihdr), pngChunk('IDAT', idat), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A 1-bit PNG that says 9000 × 9000 (81 megapixels) in a few kilobytes: a decompression bomb. */
function bombPng(side = 9000): Buffer {
  return handPng(side, 1, deflateSync(Buffer.alloc((1 + Math.ceil(side / 8)) * side), { level: 9 }));
}

/**
 * A zlib stream of `megabytes` MB of zeros, about 1,000 times smaller: one compressed megabyte, flushed
 * so that it stands alone, repeated. Built in milliseconds however large the bomb.
 */
function zeroStream(megabytes: number): Buffer {
  const oneMb = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: zlib.Z_FULL_FLUSH });
  const adler = Buffer.alloc(4); // Adler-32 of n zero bytes: a = 1, b = n mod 65521.
  adler.writeUInt32BE((((megabytes * 1024 * 1024) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), ...Array.from({ length: megabytes }, () => oneMb), Buffer.from([0x03, 0x00]), adler]);
}

const goldFields = (c: Customer, overrides: Record<string, string> = {}): Record<string, string> => ({
  custMetalType: 'gold',
  custGoldQuality: '18',
  custMetalWeight: '4.5',
  custGoldColor: 'Yellow Gold',
  custCategory: 'Rings',
  custDiamond: 'No',
  custDiamondQuality: '',
  custDiamondNo: '',
  custDiamondWeight: '',
  custStone: 'No',
  custStoneType: '',
  custStoneNo: '',
  custStoneWeight: '',
  addRemarks: 'A slim band with a leaf pattern, for my mother.',
  userId: String(c.userId),
  ...overrides,
});

/** Posts the form as a browser does: text fields and files (an empty file part for an empty slot). */
async function send(c: Customer | null, fields: Record<string, string>, files: Record<string, Buffer | null> = {}, opts: { userId?: string } = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (opts.userId !== undefined) form.set('userId', opts.userId);
  for (const [k, v] of Object.entries(files)) {
    form.append(k, v ? new Blob([new Uint8Array(v)], { type: 'image/png' }) : new Blob([], { type: 'application/octet-stream' }), v ? `${k}.png` : '');
  }
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: NEW_REQUEST,
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')!, ...(c ? { cookie: c.cookie } : {}) },
  });
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/**
 * Sends the form over a real socket with one picture of `size` bytes (a PNG signature, then zeros),
 * written in 64 KB pieces from one buffer so the sender itself holds nothing. Samples the process's
 * Buffer memory meanwhile (the server is in this process): its peak growth says what the server held.
 */
async function streamUpload(c: Customer, size: number, chunked: boolean, opts: { guest?: boolean } = {}) {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const boundary = '----milli-test-boundary';
  const head = Buffer.from(
    Object.entries(goldFields(c))
      .map(([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\ncontent-disposition: form-data; name="custImgOne"; filename="huge.png"\r\ncontent-type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const piece = Buffer.alloc(64 * 1024);
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).copy(piece);
  // Measured after a collection, so that what counts is what the server holds, not pieces it has dropped.
  const held = () => {
    collectGarbage();
    return process.memoryUsage().arrayBuffers;
  };
  const baseline = held();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, held())), 40);
  let bytesSent = 0;
  try {
    return await new Promise<{ status: number; body: { message?: string }; bytesSent: number; peakGrowth: number }>((resolve, reject) => {
      // Sec-Fetch-Site as the browser sends it from the store's own form (a cookie-carrying post must show it).
      const headers: http.OutgoingHttpHeaders = {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'sec-fetch-site': 'same-origin',
        ...(opts.guest ? {} : { cookie: c.cookie }),
      };
      if (!chunked) headers['content-length'] = head.length + size + tail.length;
      // Its own connection, dropped once answered: the rest of the body is not wanted, and the app can close.
      const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: NEW_REQUEST, headers, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          // One last sample: a refusal answered before the body was read still lets the rest stream in.
          peak = Math.max(peak, held());
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { message?: string }, bytesSent, peakGrowth: peak - baseline });
        });
      });
      // The server may close the connection once it has answered: the rest of the body is not wanted.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      let left = size;
      const pump = () => {
        while (left > 0 && !req.destroyed) {
          const n = Math.min(left, piece.length);
          left -= n;
          bytesSent += n;
          if (!req.write(n === piece.length ? piece : piece.subarray(0, n))) return void req.once('drain', pump);
        }
        if (!req.destroyed) req.end(tail);
      };
      req.write(head);
      pump();
    });
  } finally {
    clearInterval(sampler);
  }
}

const requestsOf = (customerId: number) =>
  t.database.db.select().from(schema.customDesignRequests).where(eq(schema.customDesignRequests.customerId, customerId));
const uploadedDirs = () => {
  const dir = path.join(dataDir, 'uploads', 'custom');
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe('POST /api/admin/cutom-jewelry/new-request', () => {
  it('stores a gold request with its pictures re-encoded to WebP, and queues a mail to the store and the customer', async () => {
    const c = await customer();
    const res = await send(c, goldFields(c), { custImgOne: await png(), custImgTwo: await jpeg(2400, 1200), custImgThree: null, custImgFour: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.customRequestSuccess });

    const [request] = await requestsOf(c.userId);
    expect(request).toMatchObject({
      status: 'Requested',
      metalType: 'gold',
      goldQuality: 18,
      goldColour: 'Yellow Gold',
      category: 'Rings',
      metalWeightMg: 4500,
      diamond: null,
      stone: null,
    });

    const images = await t.database.db
      .select()
      .from(schema.customDesignImages)
      .where(eq(schema.customDesignImages.requestId, request!.id))
      .orderBy(schema.customDesignImages.slot);
    expect(images.map((i) => [i.slot, i.width, i.height])).toEqual([
      [1, 64, 48],
      [2, 2000, 1000],
    ]);
    for (const image of images) {
      expect(image.path).toMatch(new RegExp(`^custom/${request!.id}/[0-9a-f]{32}\\.webp$`));
      const main = await sharp(path.join(dataDir, 'uploads', image.path)).metadata();
      expect(main.format).toBe('webp');
      expect(main.exif).toBeUndefined();
      const thumb = await sharp(path.join(dataDir, 'uploads', image.thumbPath!)).metadata();
      expect(thumb.format).toBe('webp');
      expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(320);
    }

    const [settings] = await t.database.db.select().from(schema.storeSettings);
    const mails = await t.database.db
      .select()
      .from(schema.mailOutbox)
      .where(sql`${schema.mailOutbox.kind} like 'custom-request-%'`);
    const mine = mails.filter((m) => m.textBody.includes(`CUS-${String(request!.id).padStart(6, '0')}`));
    expect(mine.map((m) => m.toAddress).sort()).toEqual([c.email, settings!.emailPrimary].sort());
    expect(mine.find((m) => m.toAddress === settings!.emailPrimary)!.textBody).toContain('A slim band with a leaf pattern');
    // The username is the sender's own words, mailed to an address no one proved: it closes the customer's mail, never heads it.
    const [heading, ...rest] = mine
      .find((m) => m.toAddress === c.email)!
      .textBody.split('\n')
      .filter((l) => l.trim() !== '');
    expect(heading).toBe('We have your design request');
    expect(rest.find((l) => l.includes(c.username))).toMatch(/^As given with the request: Username: /);
  });

  it('takes silver and platinum without gold fields, any case, and the query name of Rings', async () => {
    const c = await customer();
    const silver = await send(c, goldFields(c, { custMetalType: 'SILVER', custGoldQuality: '', custGoldColor: '', custCategory: 'fingerring' }), {
      custImgOne: await png(),
    });
    expect(silver.json()).toEqual({ message: MESSAGES.customRequestSuccess });
    const platinum = await send(
      c,
      goldFields(c, {
        custMetalType: 'Platinum',
        custGoldQuality: '',
        custGoldColor: '',
        custCategory: 'pendants',
        custDiamond: 'Yes',
        custDiamondQuality: 'vvs-ef',
        custDiamondNo: '12',
        custDiamondWeight: '0.36',
        custStone: 'Yes',
        custStoneType: 'Pearl',
        custStoneNo: '3',
        custStoneWeight: '1.5',
      }),
      { custImgOne: await jpeg() },
    );
    expect(platinum.statusCode).toBe(200);
    const rows = await requestsOf(c.userId);
    expect(rows.map((r) => [r.metalType, r.category, r.goldQuality, r.goldColour])).toEqual(
      expect.arrayContaining([
        ['silver', 'Rings', null, null],
        ['platinum', 'Pendants', null, null],
      ]),
    );
    expect(rows.find((r) => r.metalType === 'platinum')).toMatchObject({
      diamond: 'Yes',
      diamondQuality: 'VVS-EF',
      diamondCount: 12,
      diamondWeightCents: 36,
      stone: 'Yes',
      stoneType: 'Pearl',
      stoneCount: 3,
      stoneWeightCents: 150,
    });
  });

  it('answers 401 to a guest and 403 for another customer’s id, storing nothing', async () => {
    const c = await customer();
    const other = await customer();
    const guest = await send(null, goldFields(c), { custImgOne: await png() });
    expect(guest.statusCode).toBe(401);
    const foreign = await send(c, goldFields(c), { custImgOne: await png() }, { userId: String(other.userId) });
    expect(foreign.statusCode).toBe(403);
    expect(await requestsOf(c.userId)).toHaveLength(0);
    expect(await requestsOf(other.userId)).toHaveLength(0);
  });

  const refusals: [string, Record<string, string>, string, RegExp][] = [
    ['no metal', { custMetalType: '' }, 'custMetalType', /choose a metal/i],
    ['an unknown metal', { custMetalType: 'copper' }, 'custMetalType', /Metal must be Gold, Silver or Platinum/],
    ['gold without quality', { custGoldQuality: '' }, 'custGoldQuality', /gold quality: 14, 18 or 22 kt/i],
    ['gold of 24 kt', { custGoldQuality: '24' }, 'custGoldQuality', /14, 18 or 22 kt/],
    ['gold without colour', { custGoldColor: '' }, 'custGoldColor', /gold colour/i],
    ['an unknown colour', { custGoldColor: 'Green Gold' }, 'custGoldColor', /Yellow Gold, Rose Gold or White Gold/],
    ['silver with a gold quality', { custMetalType: 'silver', custGoldColor: '' }, 'custGoldQuality', /for gold only.*silver/],
    ['platinum with a gold colour', { custMetalType: 'platinum', custGoldQuality: '' }, 'custGoldColor', /for gold only.*platinum/],
    ['no category', { custCategory: '' }, 'custCategory', /choose a category/i],
    ['an unknown category', { custCategory: 'Crowns' }, 'custCategory', /store’s categories/],
    ['a diamond without quality', { custDiamond: 'Yes' }, 'custDiamondQuality', /diamond quality/i],
    ['an unknown diamond quality', { custDiamond: 'Yes', custDiamondQuality: 'Flawless' }, 'custDiamondQuality', /SI-IJ/],
    ['diamond details without a diamond', { custDiamondQuality: 'SI-IJ' }, 'custDiamond', /only with a diamond/],
    ['a stone without type', { custStone: 'Yes', custStoneNo: '2', custStoneWeight: '1' }, 'custStoneType', /stone type/i],
    ['a stone without number', { custStone: 'Yes', custStoneType: 'Pearl', custStoneWeight: '1' }, 'custStoneNo', /number of stones/i],
    ['a stone without weight', { custStone: 'Yes', custStoneType: 'Pearl', custStoneNo: '2' }, 'custStoneWeight', /stone weight/i],
    ['stone details without a stone', { custStoneType: 'Pearl' }, 'custStone', /only with a stone/],
    ['no remarks', { addRemarks: '   ' }, 'addRemarks', /add remarks/i],
    ['remarks too long', { addRemarks: 'x'.repeat(2001) }, 'addRemarks', /at most 2000 characters/],
    ['a negative weight', { custMetalWeight: '-3' }, 'custMetalWeight', /Metal weight must be a number/],
    ['a weight beyond reason', { custMetalWeight: '5000' }, 'custMetalWeight', /at most 1000 grams/],
    ['a weight that is not a number', { custMetalWeight: 'heavy' }, 'custMetalWeight', /Metal weight must be a number/],
    ['a fraction of a stone', { custStone: 'Yes', custStoneType: 'Pearl', custStoneNo: '1.5', custStoneWeight: '1' }, 'custStoneNo', /whole number/],
    [
      'a negative diamond weight',
      { custDiamond: 'Yes', custDiamondQuality: 'SI-IJ', custDiamondWeight: '-0.2' },
      'custDiamondWeight',
      /Diamond weight must be a number/,
    ],
  ];
  it.each(refusals)('refuses %s, naming the field', async (_name, overrides, field, pattern) => {
    const c = await customer();
    const res = await send(c, goldFields(c, overrides), { custImgOne: await png() });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).not.toBe(MESSAGES.customRequestSuccess);
    expect(body.fields[field]).toMatch(pattern);
    expect(body.message).toMatch(pattern);
    expect(await requestsOf(c.userId)).toHaveLength(0);
  });

  it('needs at least one image', async () => {
    const c = await customer();
    const res = await send(c, goldFields(c), { custImgOne: null, custImgTwo: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.custImgOne).toMatch(/at least one image/);
  });

  it('reports every problem at once', async () => {
    const c = await customer();
    const res = await send(c, goldFields(c, { custMetalType: '', custCategory: '', addRemarks: '' }));
    expect(Object.keys(res.json().fields).sort()).toEqual(['addRemarks', 'custCategory', 'custImgOne', 'custMetalType']);
  });
});

describe('image checks', () => {
  const before = () => uploadedDirs().length;

  it('refuses a script renamed .png, by its content', async () => {
    const c = await customer();
    const dirs = before();
    const res = await send(c, goldFields(c), { custImgOne: Buffer.from('#!/bin/sh\necho pwned\n<script>alert(1)</script>\n') });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.custImgOne).toMatch(/Image 1 is not an image we can read/);
    expect(res.json().message).toMatch(/is not an image we can read/);
    expect(uploadedDirs().length).toBe(dirs);
  });

  it('refuses an SVG carrying a script', async () => {
    const c = await customer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
    const res = await send(c, goldFields(c), { custImgOne: await png(), custImgTwo: svg });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.custImgTwo).toMatch(/Image 2 is not an image we can read.*SVG/);
    expect(await requestsOf(c.userId)).toHaveLength(0);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const c = await customer();
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(200_000);
    const res = await send(c, goldFields(c), { custImgOne: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.custImgOne).toMatch(/too many pixels/);
  });

  it('refuses a PNG whose modest header (64 × 64) sits on 8 GB of deflated zeros, without inflating them', async () => {
    const c = await customer();
    const dirs = before();
    const bomb = handPng(64, 8, zeroStream(8 * 1024));
    console.log(`bomb: 64 × 64 PNG of ${(bomb.length / 2 ** 20).toFixed(1)} MB whose pixel data inflates to 8 GB`);
    expect(bomb.length).toBeLessThan(10 * 1024 * 1024);
    const res = await send(c, goldFields(c), { custImgOne: bomb });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.custImgOne).toMatch(/Image 1 is not an image we can read: it holds far more data than its pixels need/);
    expect(await requestsOf(c.userId)).toHaveLength(0);
    expect(uploadedDirs().length).toBe(dirs);
  });

  it('still takes a PNG whose compressed data is honest, however well it compresses', async () => {
    const c = await customer();
    // 3000 × 3000 of one grey: 9 MB of pixels in about 9 KB, which is compression, not a bomb.
    const flat = handPng(3000, 8, deflateSync(Buffer.alloc(3001 * 3000, 0), { level: 9 }));
    const res = await send(c, goldFields(c), { custImgOne: flat });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 413 with a message to a file over 10 MB', async () => {
    const c = await customer();
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024 + 10)]);
    const res = await send(c, goldFields(c), { custImgOne: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/larger than 10 MB/);
    expect(await requestsOf(c.userId)).toHaveLength(0);
  });

  it.each([
    ['with its length declared', false],
    ['chunked, its length unknown', true],
  ])('refuses a 50 MB upload sent over a socket %s: a 413 with a message, memory held flat, nothing stored', async (_how, chunked) => {
    const c = await customer();
    const dirs = before();
    const sent = await streamUpload(c, 50 * 1024 * 1024, chunked);
    console.log(
      `50 MB upload (${chunked ? 'chunked' : 'content-length'}): ${sent.status} after ${(sent.bytesSent / 2 ** 20).toFixed(1)} MB sent; server buffers grew by at most ${(sent.peakGrowth / 2 ** 20).toFixed(1)} MB`,
    );
    expect(sent.status).toBe(413);
    expect(sent.body.message).toBe('An image is larger than 10 MB. Please send smaller pictures (at most 10 MB each).');
    // Holding the whole file would take 50 MB of buffers; the parser keeps at most the 10 MB limit.
    expect(sent.peakGrowth).toBeLessThan(30 * 1024 * 1024);
    expect(await requestsOf(c.userId)).toHaveLength(0);
    expect(uploadedDirs().length).toBe(dirs);
    // The server lives on and takes the next request.
    expect((await send(c, goldFields(c), { custImgOne: await png() })).statusCode).toBe(200);
  });

  it('tells a guest to log in before reading a byte of a 50 MB upload', async () => {
    const c = await customer();
    const sent = await streamUpload(c, 50 * 1024 * 1024, true, { guest: true });
    console.log(`guest's 50 MB upload: ${sent.status}; server buffers grew by at most ${(sent.peakGrowth / 2 ** 20).toFixed(1)} MB`);
    expect(sent.status).toBe(401);
    expect(sent.body.message).toBe('Please log in to continue.');
    // Parsing the form would have held the first 10 MB of the picture (12 MB measured); sockets and the
    // discarded rest of the stream account for a few MB.
    expect(sent.peakGrowth).toBeLessThan(8 * 1024 * 1024);
  });

  it('takes files on this form only: a picture sent to another form (log in) is refused, not held', async () => {
    const form = new FormData();
    form.append('username', 'someone');
    form.append('password', 'ring12345');
    form.append('avatar', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'me.png');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')! },
      remoteAddress: '10.8.1.1',
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 413 with a message to a fifth image', async () => {
    const c = await customer();
    const image = await png();
    const res = await send(c, goldFields(c), { custImgOne: image, custImgTwo: image, custImgThree: image, custImgFour: image, custImgFive: image });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('Please send at most four images.');
  });

  it('accepts WebP, GIF and AVIF, and a photograph of several megabytes, turned upright per its EXIF', async () => {
    const c = await customer();
    const base = sharp({ create: { width: 90, height: 60, channels: 3, background: '#c9a24a' } });
    const pixels = Buffer.alloc(1400 * 1000 * 3);
    for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
    const noise = await sharp(pixels, { raw: { width: 1400, height: 1000, channels: 3 } })
      .jpeg({ quality: 100 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(1024 * 1024);
    const res = await send(c, goldFields(c), {
      custImgOne: await base.clone().webp().toBuffer(),
      custImgTwo: await base.clone().gif().toBuffer(),
      custImgThree: await base.clone().avif().toBuffer(),
      custImgFour: noise,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [request] = await requestsOf(c.userId);
    const images = await t.database.db
      .select()
      .from(schema.customDesignImages)
      .where(eq(schema.customDesignImages.requestId, request!.id))
      .orderBy(schema.customDesignImages.slot);
    expect(images.map((i) => [i.slot, i.width, i.height])).toEqual([
      [1, 90, 60],
      [2, 90, 60],
      [3, 90, 60],
      [4, 1000, 1400],
    ]);
  });

  it('refuses text in an image slot', async () => {
    const c = await customer();
    const res = await send(c, goldFields(c, { custImgOne: 'C:\\fakepath\\ring.png' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.custImgOne).toBe('Image 1 must be an image file.');
  });

  it('removes the written pictures when the transaction fails', async () => {
    const c = await customer();
    const dirs = before();
    await t.database.db.execute(sql`ALTER TABLE mail_outbox RENAME TO mail_outbox_away`);
    try {
      const res = await send(c, goldFields(c), { custImgOne: await png() });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`ALTER TABLE mail_outbox_away RENAME TO mail_outbox`);
    }
    expect(await requestsOf(c.userId)).toHaveLength(0);
    expect(uploadedDirs().length).toBe(dirs);
  });
});

describe('the customer’s requests and pictures', () => {
  async function placed(c: Customer, overrides: Record<string, string> = {}) {
    const res = await send(c, goldFields(c, overrides), { custImgOne: await png(800, 600) });
    expect(res.statusCode).toBe(200);
    const rows = await requestsOf(c.userId);
    return rows.sort((a, b) => b.id - a.id)[0]!;
  }

  it('lists only the session customer’s requests, with title, number, status and thumbnail', async () => {
    const c = await customer();
    const other = await customer();
    const r = await placed(c, { custGoldQuality: '22', custGoldColor: 'rose gold', custCategory: 'Earrings' });
    await placed(other);
    const res = await t.app.inject({ url: '/api/custom-design/requests', headers: { cookie: c.cookie } });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ id: r.id, number: `CUS-${String(r.id).padStart(6, '0')}`, title: '22 kt Rose Gold Earrings', status: 'Requested' });
    expect(data[0].image).toMatch(/^\/media\/uploads\/custom\/\d+\/[0-9a-f]{32}-thumb\.webp$/);
    expect((await t.app.inject({ url: '/api/custom-design/requests' })).statusCode).toBe(401);
  });

  it('serves a picture only to its owner, as WebP that no browser may sniff', async () => {
    const c = await customer();
    const other = await customer();
    const r = await placed(c);
    const detail = (await t.app.inject({ url: `/api/custom-design/requests/${r.id}`, headers: { cookie: c.cookie } })).json();
    const url = detail.request.images[0].url as string;
    const res = await t.app.inject({ url, headers: { cookie: c.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(res.rawPayload).metadata()).format).toBe('webp');
    expect((await t.app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    for (const bad of [
      '/media/uploads/../../package.json',
      '/media/uploads/custom/1/..%2f..%2f..%2fetc%2fpasswd',
      `/media/uploads/custom/${r.id}/x.svg`,
      '/media/uploads/mailbox/1.eml',
    ]) {
      const probe = await t.app.inject({ url: bad, headers: { cookie: c.cookie } });
      expect(probe.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(probe.headers['content-type'] ?? '').not.toContain('image/');
    }
  });

  it('shows the request, then the design sheet once the team shares one, and takes a rejection with a reason', async () => {
    const c = await customer();
    const other = await customer();
    const r = await placed(c);
    const url = `/api/custom-design/requests/${r.id}`;
    expect((await t.app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    const first = (await t.app.inject({ url, headers: { cookie: c.cookie } })).json();
    expect(first.design).toBeNull();
    expect(first.request).toMatchObject({
      title: '18 kt Yellow Gold Rings',
      remarks: 'A slim band with a leaf pattern, for my mother.',
      images: [{ slot: 1, width: 800, height: 600 }],
    });

    const reject = (cookie: string, reason: string) => postForm(t.app, `${url}/reject`, { reason }, { cookie });
    expect((await reject(c.cookie, 'Thinner please')).statusCode).toBe(409);

    await t.database.db.insert(schema.cadDesigns).values({
      requestId: r.id,
      version: 1,
      metal: 'Gold',
      category: 'Rings',
      metalWeightMg: 4200,
      metalQuality: '18 kt',
      colour: 'Yellow Gold',
      totalAmountPaise: 4_850_000,
      advancePaise: 1_455_000,
    });
    await t.database.db.update(schema.customDesignRequests).set({ status: 'Design Shared' }).where(eq(schema.customDesignRequests.id, r.id));
    const shared = (await t.app.inject({ url, headers: { cookie: c.cookie } })).json();
    expect(shared.request.status).toBe('Design Shared');
    expect(shared.design).toMatchObject({
      version: 1,
      metalQuality: '18 kt',
      totalAmountPaise: 4_850_000,
      advancePercent: 30,
      advancePaise: 1_455_000,
      status: 'Shared',
    });

    expect((await reject(other.cookie, 'Not mine')).statusCode).toBe(404);
    const tooShort = await reject(c.cookie, ' ');
    expect(tooShort.statusCode).toBe(400);
    const ok = await reject(c.cookie, 'The band should be thinner, about 2 mm.');
    expect(ok.statusCode).toBe(200);
    const after = (await t.app.inject({ url, headers: { cookie: c.cookie } })).json();
    expect(after.request).toMatchObject({ status: 'Rejected', rejectReason: 'The band should be thinner, about 2 mm.' });
    expect(after.design).toMatchObject({ status: 'Rejected' });
    const mails = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'custom-design-rejected'));
    expect(mails.some((m) => m.textBody.includes('about 2 mm'))).toBe(true);
    expect((await reject(c.cookie, 'Again')).statusCode).toBe(409);
  });

  describe('approving a design by paying its advance', () => {
    /** A request with a shared design sheet (the design team's part, written directly). */
    async function withSharedDesign(c: Customer, version = 1) {
      const r = await placed(c);
      const [design] = await t.database.db
        .insert(schema.cadDesigns)
        .values({
          requestId: r.id,
          version,
          metal: 'Gold',
          category: 'Rings',
          metalWeightMg: 4200,
          metalQuality: '18 kt',
          colour: 'Yellow Gold',
          totalAmountPaise: 4_850_000,
          advancePaise: 1_455_000,
        })
        .returning();
      await t.database.db.update(schema.customDesignRequests).set({ status: 'Design Shared' }).where(eq(schema.customDesignRequests.id, r.id));
      return { request: r, design: design! };
    }
    const approve = (cookie: string, id: number) => t.app.inject({ method: 'POST', url: `/api/custom-design/requests/${id}/approve`, headers: { cookie } });
    const detail = async (cookie: string, id: number) => (await t.app.inject({ url: `/api/custom-design/requests/${id}`, headers: { cookie } })).json();
    const paymentsOf = (designId: number) => t.database.db.select().from(schema.payments).where(eq(schema.payments.cadDesignId, designId));

    it('answers the advance’s gateway order to the owner only; paying it approves the design once, with a mail', async () => {
      const c = await customer();
      const other = await customer();
      const { request, design } = await withSharedDesign(c);
      expect((await approve(other.cookie, request.id)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `/api/custom-design/requests/${request.id}/approve` })).statusCode).toBe(401);
      expect(await paymentsOf(design.id)).toEqual([]);

      const started = await approve(c.cookie, request.id);
      expect(started.statusCode, started.body).toBe(200);
      const { payment } = started.json();
      expect(payment).toMatchObject({ gateway: 'demo', amountPaise: 1_455_000, currency: 'INR', keyId: 'rzp_test_MilliDemo' });
      // Asking again before paying: the same payment, the same gateway order.
      expect((await approve(c.cookie, request.id)).json().payment.gatewayOrderId).toBe(payment.gatewayOrderId);
      expect(await paymentsOf(design.id)).toMatchObject([{ purpose: 'cad_advance', status: 'created', amountPaise: 1_455_000, customerId: c.id }]);
      expect((await detail(c.cookie, request.id)).design.status).toBe('Shared');

      // Another customer cannot pay it in their checkout.
      expect((await payThroughDemo(t.app, other, payment.gatewayOrderId)).statusCode).toBe(404);
      const checkout = await postForm(
        t.app,
        '/api/payments/demo/checkout',
        { gatewayOrderId: payment.gatewayOrderId, instrument: 'card_success' },
        { cookie: c.cookie },
      );
      expect(checkout.statusCode, checkout.body).toBe(200);
      const verified = await postForm(t.app, '/api/payments/razorpay/verify', checkout.json(), { cookie: c.cookie });
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json()).toMatchObject({ purpose: 'cad_advance', customRequestId: request.id, replayed: false });
      const after = await detail(c.cookie, request.id);
      expect(after.request.status).toBe('Approved');
      expect(after.design.status).toBe('Approved');
      const [sheet] = await t.database.db.select().from(schema.cadDesigns).where(eq(schema.cadDesigns.id, design.id));
      expect(sheet!.decidedAt).toBeInstanceOf(Date);

      // The same verify again changes nothing.
      const twice = await postForm(t.app, '/api/payments/razorpay/verify', checkout.json(), { cookie: c.cookie });
      expect(twice.statusCode).toBe(200);
      expect(twice.json().replayed).toBe(true);
      expect((await paymentsOf(design.id)).map((p) => p.status)).toEqual(['paid']);
      const mails = await t.database.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.kind, 'custom-design-approved'));
      expect(mails.filter((m) => m.toAddress === c.email)).toHaveLength(1);
      const listed = (await t.app.inject({ url: '/api/payments', headers: { cookie: c.cookie } })).json().data;
      expect(listed[0]).toMatchObject({ purpose: 'cad_advance', description: 'Custom design advance (30 %)', amountPaise: 1_455_000, status: 'paid' });

      // Approved: nothing left to approve or reject.
      expect((await approve(c.cookie, request.id)).statusCode).toBe(409);
      expect((await postForm(t.app, `/api/custom-design/requests/${request.id}/reject`, { reason: 'Changed my mind' }, { cookie: c.cookie })).statusCode).toBe(
        409,
      );
    });

    it('refuses a request without a shared design, and refunds an advance paid after the design was rejected', async () => {
      const c = await customer();
      const bare = await placed(c);
      const refused = await approve(c.cookie, bare.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('NO_DESIGN_TO_APPROVE');

      const { request, design } = await withSharedDesign(c);
      const { payment } = (await approve(c.cookie, request.id)).json();
      // The customer rejects the design in another tab, then pays the advance in the first.
      expect((await postForm(t.app, `/api/custom-design/requests/${request.id}/reject`, { reason: 'Thinner please' }, { cookie: c.cookie })).statusCode).toBe(
        200,
      );
      const late = await payThroughDemo(t.app, c, payment.gatewayOrderId);
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toMatch(/rejected before the advance arrived.*refunded in full/);
      expect((await detail(c.cookie, request.id)).request.status).toBe('Rejected');
      const listed = (await t.app.inject({ url: '/api/payments', headers: { cookie: c.cookie } })).json().data;
      expect(listed.find((p: { purpose: string }) => p.purpose === 'cad_advance')).toMatchObject({
        status: 'refunded',
        refundedPaise: 1_455_000,
        refunds: [{ status: 'processed' }],
      });
      expect((await paymentsOf(design.id)).map((p) => p.status)).toEqual(['refunded']);
    });
  });
});

describe("one account's requests (issue 35)", () => {
  it('are at most 5 a day; the sixth is refused with a message and nothing is stored', async () => {
    const c = await customer();
    const picture = await png();
    for (let i = 0; i < 5; i++) expect((await send(c, goldFields(c), { custImgOne: picture })).statusCode).toBe(200);
    const sixth = await send(c, goldFields(c), { custImgOne: picture });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/at most 5 custom design requests a day/);
    expect(await requestsOf(c.userId)).toHaveLength(5);
    // Another customer is not held back by them.
    const other = await customer();
    expect((await send(other, goldFields(other), { custImgOne: picture })).statusCode).toBe(200);
  });

  it('are tried at most 10 times an hour, refused ones included, before any picture is decoded', async () => {
    const c = await customer();
    for (let i = 0; i < 10; i++) expect((await send(c, goldFields(c, { custCategory: 'Spaceships' }), { custImgOne: await png() })).statusCode).toBe(400);
    const eleventh = await send(c, goldFields(c), { custImgOne: await png() });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toMatch(/in the last hour/);
  });

  it('keep at most 50 MB of pictures in storage for one customer: beyond it a request is refused (409 UPLOADS_FULL) and writes nothing', async () => {
    const c = await customer();
    expect((await send(c, goldFields(c), { custImgOne: await png() })).statusCode).toBe(200);
    const [first] = await requestsOf(c.userId);
    const [image] = await t.database.db.select().from(schema.customDesignImages).where(eq(schema.customDesignImages.requestId, first!.id));
    expect(image!.bytes).toBeGreaterThan(0);
    // The customer's pictures so far take all but a few bytes of the allowance.
    await t.database.db
      .update(schema.customDesignImages)
      .set({ bytes: 50 * 1024 * 1024 - 10 })
      .where(eq(schema.customDesignImages.id, image!.id));
    const dirs = uploadedDirs().length;
    const full = await send(c, goldFields(c), { custImgOne: await png() });
    expect(full.statusCode, full.body).toBe(409);
    expect(full.json().code).toBe('UPLOADS_FULL');
    expect(await requestsOf(c.userId)).toHaveLength(1);
    expect(uploadedDirs().length).toBe(dirs);
  });

  it.runIf(Boolean(testServerUrl))('count each other when sent at once (PostgreSQL): two that fit alone but not together, one is refused', async () => {
    const c = await customer();
    const picture = await jpeg(1200, 900);
    expect((await send(c, goldFields(c), { custImgOne: picture })).statusCode).toBe(200);
    const [first] = await requestsOf(c.userId);
    const [image] = await t.database.db.select().from(schema.customDesignImages).where(eq(schema.customDesignImages.requestId, first!.id));
    const one = image!.bytes;
    await t.database.db
      .update(schema.customDesignImages)
      .set({ bytes: 50 * 1024 * 1024 - Math.floor(one * 1.5) })
      .where(eq(schema.customDesignImages.id, image!.id));
    const both = await Promise.all([send(c, goldFields(c), { custImgOne: picture }), send(c, goldFields(c), { custImgOne: picture })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await requestsOf(c.userId)).toHaveLength(2);
  });
});
