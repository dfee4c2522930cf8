/**
 * The ceiling the read cache's answers are compared with: a bare Fastify answering, at the store's own paths,
 * the very bodies the store answers there, in a process of its own, on the same machine. Nothing the store does
 * per request (routing and validation, sessions, security headers, rate limits, the cache lookup) can be faster.
 * Usage: node --import tsx bench/ceiling.ts <file of a JSON object: path and query → body>; prints
 * "ceiling listening on <url>".
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Record<string, string>));
const app = Fastify({ logger: false });
// One route per path (a listing's several queries share theirs); the body is the one of the whole address.
for (const routePath of new Set([...bodies.keys()].map((address) => address.split('?')[0]!))) {
  app.get(routePath, (request, reply) => {
    const body = bodies.get(request.url);
    if (body === undefined) return reply.code(404).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ceiling listening on ${address}`);
