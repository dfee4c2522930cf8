/**
 * The ceiling every figure is compared with: a bare Fastify route answering a constant JSON body of the
 * same size as the listing answer, in a process of its own, on the same machine. Nothing the store does
 * per request (database, pricing, sessions, security headers) can be faster than this.
 * Usage: node --import tsx bench/ceiling.ts <file with the JSON body>; prints "ceiling listening on <url>".
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.argv[2]!, 'utf8');
const app = Fastify({ logger: false });
app.get('/constant', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(body);
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`ceiling listening on ${address}`);
