import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig, parseS3, testConfig } from '../config.ts';
import { createTestApp, type TestApp } from '../testing.ts';
import { createShopper } from '../testing-factories.ts';
import { startTestBucket, type TestBucket } from '../testing-s3.ts';
import { createFileStore } from './file-store.ts';
import { createS3FileStore, listKeys } from './storage-s3.ts';

let bucket: TestBucket;
let store: ReturnType<typeof createS3FileStore>;

beforeAll(async () => {
  bucket = await startTestBucket();
  store = createS3FileStore(bucket.s3);
});
afterAll(async () => {
  store?.close();
  await bucket?.close();
});

const keysIn = async (prefix = '') => {
  const keys: string[] = [];
  for await (const page of listKeys(store.client, bucket.s3.bucket, prefix)) keys.push(...page);
  return keys.sort();
};

describe('the S3 file store (against s3rver)', () => {
  it('puts, gets and deletes a file under the key it was given', async () => {
    const body = Buffer.from('a picture of a bangle');
    await store.put('products/12/ab12-640.webp', body, 'image/webp');
    expect(await store.get('products/12/ab12-640.webp')).toEqual(body);
    expect(await keysIn('products/12/')).toEqual(['products/12/ab12-640.webp']);
    await store.put('products/12/ab12-640.webp', Buffer.from('replaced'), 'image/webp');
    expect((await store.get('products/12/ab12-640.webp'))?.toString()).toBe('replaced');
    await store.delete('products/12/ab12-640.webp');
    expect(await store.get('products/12/ab12-640.webp')).toBeNull();
    // Deleting what is not there is not an error (as the local store's rm --force).
    await store.delete('products/12/ab12-640.webp');
  });

  it('answers null for a key that holds nothing', async () => {
    expect(await store.get('products/999/none.webp')).toBeNull();
    expect(await store.get('nothing-here')).toBeNull();
  });

  it('keeps binary files byte for byte', async () => {
    const webp = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 150, b: 20 } } })
      .webp()
      .toBuffer();
    await store.put('products/3/pic.webp', webp, 'image/webp');
    const back = await store.get('products/3/pic.webp');
    expect(back?.equals(webp)).toBe(true);
    expect((await sharp(back!).metadata()).format).toBe('webp');
  });

  it('deletes everything under a prefix, and nothing beside it', async () => {
    for (const key of ['custom/7/a.webp', 'custom/7/a-thumb.webp', 'custom/7/deeper/b.webp', 'custom/70/c.webp', 'custom/7x.webp']) {
      await store.put(key, Buffer.from(key), 'image/webp');
    }
    await store.deletePrefix('custom/7/');
    expect(await keysIn('custom/')).toEqual(['custom/70/c.webp', 'custom/7x.webp']);
    await store.deletePrefix('custom/70'); // without the slash: still the folder, not custom/70x…
    expect(await keysIn('custom/')).toEqual(['custom/7x.webp']);
    await store.deletePrefix('custom/404/'); // an empty folder is no error
  });

  it('deletes a folder of more than one page of keys', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `bulk/1/f${i}.webp`);
    for (let i = 0; i < keys.length; i += 50) await Promise.all(keys.slice(i, i + 50).map((k) => store.put(k, Buffer.from('x'), 'image/webp')));
    const pages: number[] = [];
    for await (const page of listKeys(store.client, bucket.s3.bucket, 'bulk/1/', 400)) pages.push(page.length);
    expect(pages).toEqual([400, 400, 205]);
    await store.deletePrefix('bulk/1/');
    expect(await keysIn('bulk/')).toEqual([]);
  }, 60_000);

  it('refuses keys the store never makes, before anything reaches the bucket', async () => {
    const bad = [
      '../etc/passwd',
      '/products/1.webp',
      'products/../../x',
      'Products/1.webp',
      'products/.hidden',
      'products//1.webp',
      'products/1 2.webp',
      '',
      'a'.repeat(301),
    ];
    for (const key of bad) {
      await expect(store.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow(/not a key the store writes/);
      await expect(store.delete(key), key).rejects.toThrow(/not a key the store writes/);
      expect(await store.get(key), key).toBeNull();
    }
    await expect(store.deletePrefix('../')).rejects.toThrow(/not a key the store writes/);
    await expect(store.deletePrefix('/')).rejects.toThrow(/not a key the store writes/);
    expect(await keysIn('')).not.toContain('../etc/passwd');
  });

  it('is what the factory gives when S3_BUCKET is set, and the local folder otherwise', async () => {
    const config = loadConfig({ DATA_DIR: 'memory', ...bucket.env });
    expect(config.s3).toEqual(bucket.s3);
    const files = await createFileStore(config);
    expect(files.kind).toBe('s3');
    await files.put('factory/1.txt', Buffer.from('from the factory'), 'text/plain');
    expect((await store.get('factory/1.txt'))?.toString()).toBe('from the factory');
    files.close?.();
    expect((await createFileStore(loadConfig({ DATA_DIR: 'memory' }))).kind).toBe('local');
  });
});

describe('S3_* configuration', () => {
  const full = { S3_BUCKET: 'milli-files', S3_REGION: 'ap-south-1', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };

  it('reads a whole set, and none at all as the local folder', () => {
    expect(parseS3({})).toBeNull();
    expect(parseS3(full)).toEqual({
      bucket: 'milli-files',
      endpoint: undefined,
      region: 'ap-south-1',
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
      forcePathStyle: false,
    });
    // No keys: the SDK's own chain (an instance role) provides them.
    expect(parseS3({ S3_BUCKET: 'milli-files', S3_REGION: 'ap-south-1' })?.credentials).toBeUndefined();
    expect(parseS3({ ...full, S3_ENDPOINT: 'http://minio.internal:9000', S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      endpoint: 'http://minio.internal:9000',
      forcePathStyle: true,
    });
  });

  it('refuses a half-configured set at start, saying what is missing', () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: 'http://minio:9000' }, /S3_ENDPOINT set without S3_BUCKET/],
      [{ S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b' }, /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY set without S3_BUCKET/],
      [{ S3_BUCKET: 'milli-files' }, /S3_REGION is not/],
      [{ ...full, S3_SECRET_ACCESS_KEY: '' }, /S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not/],
      [{ ...full, S3_ACCESS_KEY_ID: '' }, /S3_SECRET_ACCESS_KEY is set but S3_ACCESS_KEY_ID is not/],
      [{ ...full, S3_ENDPOINT: 'minio:9000' }, /S3_ENDPOINT: 'minio:9000' is not an http\(s\) address/],
      [{ ...full, S3_BUCKET: 'Milli_Files' }, /not a bucket name/],
    ];
    for (const [env, message] of refused) {
      expect(() => parseS3(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig({ DATA_DIR: 'memory', ...env }), JSON.stringify(env)).toThrow(message);
    }
    expect(() => loadConfig({ DATA_DIR: 'memory', ...full, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(ConfigError);
  });
});

describe('custom-design uploads with S3 configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, config: { s3: bucket.s3 } });
  });
  afterAll(async () => t?.close());

  const png = () =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 160, b: 60 } } })
      .png()
      .toBuffer();

  it('stores the pictures in the bucket under custom/{id}/, and serves them only to their owner', async () => {
    expect(t.app.deps.config.s3).not.toBeNull();
    const c = await createShopper(t.app);
    const other = await createShopper(t.app);
    const form = new FormData();
    const fields = {
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
      addRemarks: 'A slim band with a leaf pattern.',
      userId: String(c.userId),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('custImgOne', new Blob([new Uint8Array(await png())], { type: 'image/png' }), 'one.png');
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cutom-jewelry/new-request',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, cookie: c.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);

    const list = (await t.app.inject({ url: '/api/custom-design/requests', headers: { cookie: c.cookie } })).json();
    const id = list.data[0].id as number;
    const keys = await keysIn(`custom/${id}/`);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(new RegExp(`^custom/${id}/[0-9a-f]{32}-thumb\\.webp$`));
    expect(keys[1]).toMatch(new RegExp(`^custom/${id}/[0-9a-f]{32}\\.webp$`));

    const detail = (await t.app.inject({ url: `/api/custom-design/requests/${id}`, headers: { cookie: c.cookie } })).json();
    const url = detail.request.images[0].url as string;
    expect(url).toBe(`/media/uploads/${keys[1]}`);
    const mine = await t.app.inject({ url, headers: { cookie: c.cookie } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/webp');
    expect(mine.rawPayload.equals((await store.get(keys[1]!))!)).toBe(true);
    expect((await t.app.inject({ url: `/media/uploads/${keys[0]}`, headers: { cookie: c.cookie } })).statusCode).toBe(200);
    // Someone else, a guest, or a name the store never wrote: the same 404 from the bucket as from the disk.
    expect((await t.app.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/media/uploads/custom/${id}/${'0'.repeat(32)}.webp`, headers: { cookie: c.cookie } })).statusCode).toBe(404);

    // A second instance on the same database and bucket (and an empty disk of its own) serves the same picture.
    const second = await buildApp({ config: testConfig({ s3: bucket.s3 }), database: t.database }, { web: false });
    try {
      const there = await second.inject({ url, headers: { cookie: c.cookie } });
      expect(there.statusCode).toBe(200);
      expect(there.rawPayload.equals(mine.rawPayload)).toBe(true);
      expect((await second.inject({ url, headers: { cookie: other.cookie } })).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('refuses a file that is not a picture before anything reaches the bucket', async () => {
    const c = await createShopper(t.app);
    const before = await keysIn('custom/');
    const form = new FormData();
    for (const [k, v] of Object.entries({
      custMetalType: 'gold',
      custGoldQuality: '18',
      custMetalWeight: '4.5',
      custGoldColor: 'Yellow Gold',
      custCategory: 'Rings',
      custDiamond: 'No',
      custStone: 'No',
      addRemarks: 'x',
      userId: String(c.userId),
    }))
      form.append(k, v);
    form.append(
      'custImgOne',
      new Blob([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')], { type: 'image/png' }),
      'one.png',
    );
    const encoded = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/cutom-jewelry/new-request',
      payload: Buffer.from(await encoded.arrayBuffer()),
      headers: { 'content-type': encoded.headers.get('content-type')!, cookie: c.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(await keysIn('custom/')).toEqual(before);
  });
});
