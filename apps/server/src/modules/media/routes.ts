import type { FastifyInstance } from 'fastify';
import { parseArtPath, renderArt } from '@milli/db';
import { imageJob } from '../../lazy-sharp.ts';

/** Link previews (WhatsApp, Facebook, X) do not show SVG: each drawing also comes as a PNG this wide. */
export const PREVIEW_PNG_SIZE = 1200;

/**
 * /media/art/{kind}/{metal}/{variant}.svg: the demo catalogue's drawings, rendered from their path.
 * The same path always draws the same picture, so browsers and CDNs may keep it for a year. The SVG is
 * served with its own strict policy, so even a picture opened on its own could never run a script.
 */
export function mediaRoutes(app: FastifyInstance) {
  const cache = new Map<string, string>();
  const pngCache = new Map<string, Buffer>();
  app.get('/media/art/*', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.endsWith('.png')) {
      const ref = parseArtPath(`${path.slice(0, -4)}.svg`);
      if (!ref) return reply.status(404).type('text/plain; charset=utf-8').send('No such picture.');
      let png = pngCache.get(path);
      if (!png) {
        png = await imageJob((sharp) =>
          sharp(Buffer.from(renderArt(ref)), { density: 300 })
            .resize(PREVIEW_PNG_SIZE, PREVIEW_PNG_SIZE, { fit: 'contain', background: '#fbf6ef' })
            .flatten({ background: '#fbf6ef' })
            .png({ compressionLevel: 9, palette: true })
            .toBuffer(),
        );
        // Previews are fetched rarely (once per share): a small cache is plenty.
        if (pngCache.size >= 100) pngCache.delete(pngCache.keys().next().value!);
        pngCache.set(path, png);
      }
      return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').header('x-content-type-options', 'nosniff').send(png);
    }
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
