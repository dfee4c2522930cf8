import { existsSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createReadableStreamFromReadable } from '@react-router/node';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Config } from '../config.ts';
import { createInProcessFetch } from './in-process-fetch.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');
const clientDir = path.join(webRoot, 'build/client');
const serverBuildFile = path.join(webRoot, 'build/server/index.js');

export class MissingBuildError extends Error {}

/**
 * Serves the React Router app inside Fastify: built assets with long-lived cache headers for hashed
 * files, and a catch-all route that turns Fastify's request into a Fetch Request for React Router.
 * Loaders reach the API through `context.fetch`, which calls this same Fastify instance in process.
 */
export async function webPlugin(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  let getBuild: () => Promise<ServerBuild>;
  let mode: 'development' | 'production' = 'production';

  if (config.env === 'development') {
    mode = 'development';
    const vite = await import('vite');
    const devServer = await vite.createServer({
      root: webRoot,
      configFile: path.join(webRoot, 'vite.config.ts'),
      server: { middlewareMode: true },
      appType: 'custom',
    });
    app.addHook('onRequest', (req, reply, done) => {
      if (req.url.startsWith('/api/') || req.url.startsWith('/media/')) return done();
      devServer.middlewares(req.raw, reply.raw, () => done());
    });
    app.addHook('onClose', () => devServer.close());
    getBuild = () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  } else {
    if (!existsSync(serverBuildFile)) {
      throw new MissingBuildError(`the web app is not built (${serverBuildFile} is missing): run 'npm run build' first`);
    }
    const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
    getBuild = async () => build;
    await app.register(fastifyStatic, {
      root: clientDir,
      prefix: '/',
      wildcard: false,
      decorateReply: false,
      setHeaders(res, filePath) {
        // @fastify/static hands us the reply.
        // Files under assets/ carry a content hash in their name, so they never change.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const inProcessFetch = createInProcessFetch(app);

  app.register(async (scope) => {
    // React Router reads form bodies itself: hand it the raw stream, untouched.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));

    scope.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const handler = createRequestHandler(await getBuild(), mode);
        const webRequest = toWebRequest(request, reply);
        const cookie = request.headers.cookie;
        const response = await handler(webRequest, {
          cspNonce: reply.cspNonce?.script ?? '',
          fetch: (input: string, init?: RequestInit) => inProcessFetch(input, init, cookie, request.ip),
        });
        return sendWebResponse(reply, response);
      },
    });
  });
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.url, origin);
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers, signal: controller.signal };
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body instanceof Readable) {
    init.body = createReadableStreamFromReadable(request.body);
    init.duplex = 'half';
  }
  return new Request(url, init);
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
