import path from 'node:path';
import { z } from 'zod';

/** The only module that reads process.env: everything else receives a Config. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Memory for the read cache of catalogue answers and anonymous pages, in MB; 0 turns it off. */
  READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  API_BASE_URL: z.url().optional(),
  PUBLIC_URL: z.url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Milli <no-reply@milli.example>'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  /** Which payment gateway charges cards; only the built-in test gateway ('demo') exists so far. */
  PAYMENT_GATEWAY: z.enum(['demo']).default('demo'),
  /** 'false' serves the API and media only, without the web app (and so without needing its build). */
  SERVE_WEB: z.enum(['true', 'false']).default('true'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  readCacheMb: number;
  seedDemo: boolean;
  apiBaseUrl: string | undefined;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  logLevel: string;
  trustProxy: boolean;
  paymentGateway: 'demo';
  serveWeb: boolean;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === 'memory' ? 'memory' : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    readCacheMb: e.READ_CACHE_MB,
    seedDemo: e.SEED_DEMO === 'true',
    apiBaseUrl: e.API_BASE_URL,
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === 'true',
    paymentGateway: e.PAYMENT_GATEWAY,
    serveWeb: e.SERVE_WEB === 'true',
  };
}

/** A config for tests: in-memory database, no demo seed unless asked, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }), ...overrides };
}
