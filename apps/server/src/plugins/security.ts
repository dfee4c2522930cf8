import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Security headers, a per-request CSP nonce for React Router's inline scripts (helmet's default CSP
 * would stop hydration), and a same-origin check on every state-changing call.
 */
export async function securityPlugin(app: FastifyInstance, opts: { dev: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: false,
    // 'no-referrer' makes Chromium send Origin: null on plain form posts, which React Router refuses.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    hsts: !opts.dev,
  });

  app.addHook('onRequest', async (request, reply) => {
    const nonce = randomBytes(16).toString('base64');
    reply.cspNonce = { script: nonce, style: nonce };
    const connect = opts.dev ? "'self' ws: wss:" : "'self'";
    reply.header(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'${opts.dev ? " 'unsafe-eval'" : ''}`,
        // Server-rendered style attributes need 'unsafe-inline'; scripts stay nonce-only.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        `connect-src ${connect}`,
        "frame-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    );

    if (UNSAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site') {
        return reply.status(403).send({ message: 'Requests from other sites are not allowed.', code: 'CROSS_ORIGIN' });
      }
      if (origin && origin !== 'null') {
        let host: string;
        try {
          host = new URL(origin).host;
        } catch {
          return reply.status(403).send({ message: 'Requests from other sites are not allowed.', code: 'CROSS_ORIGIN' });
        }
        if (host !== request.host) {
          return reply.status(403).send({ message: 'Requests from other sites are not allowed.', code: 'CROSS_ORIGIN' });
        }
      }
    }
  });
}
