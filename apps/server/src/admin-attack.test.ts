/**
 * The back office attacked from outside (issue 17 review): what a stranger, a customer or a low-privilege member
 * tried and must not get. Each test here failed before its fix.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing.ts';
import { createStaff } from './testing-factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
}, 120_000);
afterAll(() => t?.close());

/** A multipart body of one `size`-byte file, made as it is read; `pulled()` says how much the server read. */
function uploadStream(size: number) {
  const boundary = 'AttackBoundary';
  let sent = 0;
  let started = false;
  const stream = new Readable({
    read() {
      if (!started) {
        started = true;
        this.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n`));
        return;
      }
      if (sent >= size) {
        this.push(Buffer.from(`\r\n--${boundary}--\r\n`));
        this.push(null);
        return;
      }
      sent += 64 * 1024;
      this.push(Buffer.alloc(64 * 1024, 0x61));
    },
  });
  return { stream, contentType: `multipart/form-data; boundary=${boundary}`, pulled: () => sent };
}

describe('uploads are refused before they are read', () => {
  it('a stranger’s or an unpermitted member’s multipart upload is refused without reading the files into memory', async () => {
    const orders = await createStaff(t.app, { role: 'orders' });
    for (const [url, cookie, status] of [
      ['/api/admin/products/1/images', undefined, 401],
      ['/api/admin/products/import', undefined, 401],
      ['/api/admin/products/1/images', orders.cookie, 403],
    ] as const) {
      const body = uploadStream(8 * 1024 * 1024);
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': body.contentType, ...(cookie ? { cookie } : {}) }, payload: body.stream });
      expect(res.statusCode, url).toBe(status);
      // Before: the multipart plugin's preValidation hook read all 8 MB before the staff check said no.
      expect(body.pulled(), url).toBeLessThan(1024 * 1024);
    }
  });
});
