import { Transform } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import './context.ts';
import { deferHydration } from './lib/defer-hydration.ts';

export const streamTimeout = 5_000;

/**
 * Streams the page as it renders. Crawlers (and link previews) get the whole page at once. Every inline
 * script carries the request's CSP nonce, or the browser would refuse to hydrate.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = loadContext.cspNonce || undefined;
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const onReady = () => {
      shellRendered = true;
      // React writes a page in hundreds of 2 KB pieces; what it writes in one go leaves as one chunk, so the
      // compressor (which flushes every chunk, for streaming) and the socket see a few large writes.
      let pending: Buffer[] = [];
      let scheduled = false;
      // The chunk with React Router's scripts starts them after the first paint (lib/defer-hydration.ts). Read
      // as latin1, one character per byte, so the rewrite never splits a multi-byte character across chunks.
      const release = () => {
        const chunk = Buffer.concat(pending);
        pending = [];
        return chunk.includes('__reactRouterRouteModules') ? Buffer.from(deferHydration(chunk.toString('latin1')), 'latin1') : chunk;
      };
      const body: Transform = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          pending.push(chunk);
          if (!scheduled) {
            scheduled = true;
            setImmediate(() => {
              scheduled = false;
              if (pending.length > 0) body.push(release());
            });
          }
          callback();
        },
        flush(callback) {
          clearTimeout(timer);
          timer = undefined;
          if (pending.length > 0) this.push(release());
          callback();
        },
      });
      headers.set('Content-Type', 'text/html; charset=utf-8');
      pipe(body);
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
    };
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      ...(waitForAll ? { onAllReady: onReady } : { onShellReady: onReady }),
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
  });
}
