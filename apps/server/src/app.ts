import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { constants as zlib } from 'node:zlib';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '@milli/db';
import type { Config } from './config.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { modules } from './modules/index.ts';
import { mediaRoutes } from './modules/media/routes.ts';

export interface AppDeps {
  config: Config;
  database: Database;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

/** Builds the whole store (API + server-rendered web) around the given dependencies. Tests use inject(). */
export async function buildApp(deps: AppDeps, options: { web?: boolean } = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // A path that cannot be decoded is the client's mistake: a 400 with a message, never a 500.
    frameworkErrors: (error, _request, reply) => {
      void (reply as FastifyReply).code(400).type('application/json').send({ message: 'The address is not valid.', code: error.code ?? 'BAD_URL' });
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);

  errorsPlugin(app);
  await securityPlugin(app, { dev: config.env === 'development' });
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 4, fields: 200, fieldSize: 64 * 1024 } });
  // Flush on every write so streamed pages arrive as they render, not after the slowest data.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
    brotliOptions: { flush: zlib.BROTLI_OPERATION_FLUSH, params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(
    async (api) => {
      for (const mod of modules) await api.register(mod, deps);
      // Unknown API paths answer JSON 404, never the web app's page.
      api.all('/*', (request, reply) => {
        reply.status(404).send({ message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' });
      });
    },
    { prefix: '/api' },
  );

  mediaRoutes(app);
  if (options.web !== false) await app.register(webPlugin, { config });
  return app;
}
