import type { FastifyInstance } from 'fastify';
import { parseArtPath, renderArt } from '@milli/db';

/**
 * /media/art/{kind}/{metal}/{variant}.svg: the demo catalogue's drawings, rendered from their path.
 * The same path always draws the same picture, so browsers and CDNs may keep it for a year. The SVG is
 * served with its own strict policy, so even a picture opened on its own could never run a script.
 */
export function mediaRoutes(app: FastifyInstance) {
  const cache = new Map<string, string>();
  app.get('/media/art/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const ref = parseArtPath(path);
    if (!ref) return reply.status(404).type('text/plain; charset=utf-8').send('No such picture.');
    let svg = cache.get(path);
    if (!svg) {
      svg = renderArt(ref);
      if (cache.size < 2000) cache.set(path, svg);
    }
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('x-content-type-options', 'nosniff')
      .send(svg);
  });
}
