/**
 * Page forms have a size limit (1 MB; 41 MB for the custom design form's pictures): a larger body, with a
 * declared length or sent in chunks without one, is refused with 413 and a page that says why, without the
 * server holding it whole. The store keeps answering afterwards.
 */
import { request as httpRequest } from 'node:http';
import { expect, test } from './fixtures.ts';

/** Sends `chunks` pieces of 256 KB as a chunked urlencoded body (no Content-Length) and answers the status. */
function chunkedPost(baseURL: string, path: string, chunks: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, baseURL), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(baseURL).origin },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const piece = Buffer.alloc(256 * 1024, 'a');
    req.write('email=');
    let sent = 0;
    const more = () => {
      while (sent < chunks) {
        sent++;
        if (!req.write(piece)) return req.once('drain', more);
      }
      req.end();
    };
    more();
  });
}

test('a page form larger than 1 MB is refused with 413, declared or chunked, and the store keeps answering', async ({ request, baseURL }) => {
  const declared = await request.post('/login', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: `email=${'a'.repeat(2 * 1024 * 1024)}`,
  });
  expect(declared.status()).toBe(413);
  expect(await declared.text()).toContain('The form you sent is too large');

  const chunked = await chunkedPost(baseURL!, '/login', 40);
  console.log(`form limit: 2 MB declared → ${declared.status()}; 10 MB chunked → ${chunked.status}`);
  expect(chunked.status).toBe(413);
  expect(chunked.body).toContain('The form you sent is too large');

  expect((await request.get('/login')).status()).toBe(200);
  // A form within the limit still reaches its action (which answers the wrong password itself).
  const small = await request.post('/login', { form: { email: 'nobody@example.in', password: 'not-the-password' } });
  expect(small.status()).toBeLessThan(500);
  expect(small.status()).not.toBe(413);
});
