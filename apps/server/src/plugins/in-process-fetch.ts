import type { FastifyInstance } from 'fastify';
import { IN_PROCESS_HEADER } from './security.ts';

export type InProcessFetch = (input: string, init?: RequestInit, cookie?: string, remoteAddress?: string) => Promise<Response>;

/**
 * A fetch() that answers from this Fastify instance without a network hop (app.inject), so
 * server-side loaders speak the same HTTP API as the browser. The visitor's cookie is passed on,
 * and the visitor's address, so the API sees the same identity and client it would see from the browser.
 */
export function createInProcessFetch(app: FastifyInstance): InProcessFetch {
  return async (input, init = {}, cookie, remoteAddress) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    if (cookie && !headers.cookie) headers.cookie = cookie;
    // The page's own request passed the cross-site check; its calls to the API carry no Origin of their own.
    headers[IN_PROCESS_HEADER] = app.inProcessToken;
    let payload: string | Buffer | undefined;
    const body = init.body;
    if (typeof body === 'string') payload = body;
    else if (body instanceof URLSearchParams) {
      payload = body.toString();
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    } else if (body instanceof FormData) {
      const encoded = new Response(body);
      payload = Buffer.from(await encoded.arrayBuffer());
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
    } else if (body != null) {
      payload = Buffer.from(await new Response(body as BodyInit).arrayBuffer());
    }
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: input,
      headers,
      // The visitor's address, so per-IP rate limits count the visitor, not this server.
      ...(remoteAddress ? { remoteAddress } : {}),
      ...(payload === undefined ? {} : { payload }),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const v of value) responseHeaders.append(key, v);
      else responseHeaders.set(key, String(value));
    }
    const status = res.statusCode;
    const noBody = status === 204 || status === 304;
    return new Response(noBody ? null : new Uint8Array(res.rawPayload), { status, headers: responseHeaders });
  };
}
