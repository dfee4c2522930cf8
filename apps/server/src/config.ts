import path from 'node:path';
import { z } from 'zod';
import { holdEveryClient, holdsPublicAddresses, parseAddressRange } from './lib/address-ranges.ts';
import { parsePurgeHeader, type CdnPurgeConfig } from './lib/cdn-purge.ts';

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
  /** A streaming replica of DATABASE_URL's server for the reads that tolerate a moment's lag (issue 37). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_READ_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(5),
  /** Memory for the read cache of catalogue answers and anonymous pages, in MB; 0 turns it off. */
  READ_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(64),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  PUBLIC_URL: z.url().optional(),
  /** Decision 032: where to POST when the shared pages change, so a CDN drops its copies (lib/cdn-purge.ts). */
  CDN_PURGE_URL: z.url({ protocol: /^https?$/, error: 'CDN_PURGE_URL must be an http(s) address' }).optional(),
  CDN_PURGE_HEADER: z.string().max(4000).optional(),
  CDN_PURGE_BODY: z.string().max(4000).default('{"purge_everything":true}'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Milli <no-reply@milli.example>'),
  REDIS_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().default('false'),
  /** 'true' lets TRUST_PROXY name public addresses (a CDN's published ranges): see parseTrustProxy. */
  TRUST_PROXY_PUBLIC: z.enum(['true', 'false'], { error: 'TRUST_PROXY_PUBLIC is true or false' }).default('false'),
  /** Which gateway takes payments: the built-in test gateway ('demo', no money moves) or Razorpay (issue 18). */
  PAYMENT_GATEWAY: z.enum(['demo', 'razorpay']).default('demo'),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  RAZORPAY_KEY_SECRET_PREVIOUS: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET_PREVIOUS: z.string().optional(),
  RAZORPAY_API_URL: z.url('RAZORPAY_API_URL must be an http(s) address').default('https://api.razorpay.com'),
  /** Issue 39: the courier partner booked from the dispatch step; unset, staff type the courier and AWB as before. */
  COURIER_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['shiprocket'], { error: 'COURIER_PROVIDER is shiprocket, or unset' }).optional()),
  SHIPROCKET_API_URL: z.url({ protocol: /^https?$/, error: 'SHIPROCKET_API_URL must be an http(s) address' }).optional(),
  SHIPROCKET_EMAIL: z.string().optional(),
  SHIPROCKET_PASSWORD: z.string().optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z.string().optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().optional(),
  /** Issue 41, decision 057: SMS through MSG91; unset, SMS messages are written to DATA_DIR/messages. */
  SMS_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['msg91'], { error: 'SMS_PROVIDER is msg91, or unset' }).optional()),
  MSG91_AUTH_KEY: z.string().optional(),
  MSG91_SENDER_ID: z.string().optional(),
  MSG91_API_URL: z.url({ protocol: /^https?$/, error: 'MSG91_API_URL must be an http(s) address' }).default('https://control.msg91.com'),
  MSG91_WEBHOOK_TOKEN: z.string().optional(),
  /** WhatsApp through Meta's WhatsApp Cloud API; unset, WhatsApp messages are written to DATA_DIR/messages. */
  WHATSAPP_PROVIDER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['meta'], { error: 'WHATSAPP_PROVIDER is meta, or unset' }).optional()),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
  WHATSAPP_APP_SECRET: z.string().optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().optional(),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/, error: 'WHATSAPP_API_URL must be an http(s) address' }).default('https://graph.facebook.com/v21.0'),
  /**
   * After SIGTERM or SIGINT: how long the instance keeps serving while answering not-ready, so a load balancer's
   * health check notices and sends no more (lib/lifecycle.ts), and then how long it waits for requests and
   * background work in flight before cutting them.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(20_000),
  /** 'false' serves the API and media only, without the web app (and so without needing its build). */
  SERVE_WEB: z.enum(['true', 'false']).default('true'),
  /** The back office's first owner, made at start when no staff exists yet (issue 17). */
  ADMIN_EMAIL: z.email('ADMIN_EMAIL must be an e-mail address').optional(),
  ADMIN_PASSWORD: z.string().optional(),
  /** The password `npm run staff -- create` gives the new member (else it asks on the terminal). */
  STAFF_PASSWORD: z.string().optional(),
  /** An S3-compatible bucket for uploads and product pictures (lib/storage-s3.ts); unset keeps them under DATA_DIR/uploads. */
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /**
   * Issue 41, decision 058: the limits on one-time codes sent to mobile numbers (each SMS costs money and can be
   * abused to pump traffic to a range of numbers). Per number per hour and per day, per source address per hour,
   * per number range (its first PHONE_RANGE_DIGITS digits) per day, and the tries each code allows.
   */
  PHONE_CODES_PER_HOUR: z.coerce.number().int().min(1).max(100).default(3),
  PHONE_CODES_PER_DAY: z.coerce.number().int().min(1).max(500).default(8),
  PHONE_CODES_PER_ADDRESS_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
  PHONE_RANGE_CODES_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(200),
  PHONE_RANGE_DIGITS: z.coerce.number().int().min(4).max(9).default(6),
  PHONE_CODE_TRIES: z.coerce.number().int().min(1).max(10).default(5),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /** A streaming replica of DATABASE_URL's server: the catalogue and staff reports read from it (issue 37). */
  databaseReadUrl: string | undefined;
  databaseReadPoolSize: number;
  readCacheMb: number;
  seedDemo: boolean;
  publicUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  logLevel: string;
  /**
   * Whom X-Forwarded-For/-Proto/-Host are believed from: nobody (false), the addresses and CIDR ranges of
   * the proxies in front, or a number of proxy hops. Never everyone: that would let a client choose its address.
   */
  trustProxy: TrustProxy;
  paymentGateway: 'demo' | 'razorpay';
  /** RAZORPAY_* when PAYMENT_GATEWAY=razorpay (all three secrets required then). */
  razorpay: {
    keyId: string;
    keySecret: string;
    webhookSecret: string;
    /**
     * While keys are rotated (docs/operations.md): the secret being retired, still accepted on a payment's or a
     * webhook's signature so a checkout begun, or an event signed, before the change is not refused.
     */
    previousKeySecret?: string;
    previousWebhookSecret?: string;
    apiUrl: string;
    /** Tests shorten the gateway calls' 10 s limit. */ timeoutMs?: number;
  } | null;
  serveWeb: boolean;
  /** SHUTDOWN_GRACE_MS and SHUTDOWN_TIMEOUT_MS: the drain after SIGTERM (lib/lifecycle.ts). */
  shutdown: { graceMs: number; timeoutMs: number };
  /** ADMIN_EMAIL and ADMIN_PASSWORD, when both are set: the first owner of an empty staff table. */
  firstOwner: { email: string; password: string } | undefined;
  /** STAFF_PASSWORD, for the staff command line. */
  staffPassword: string | undefined;
  /** Where files are kept: null for DATA_DIR/uploads, or an S3-compatible bucket (S3_BUCKET and its companions). */
  s3: S3Config | null;
  /** Asks a CDN to drop the shared pages whenever the read cache is emptied (CDN_PURGE_*), or null. */
  cdnPurge: CdnPurgeConfig | null;
  /** The limits on codes sent to mobile numbers (decision 058). */
  phoneCodes: PhoneCodeLimits;
  /** COURIER_PROVIDER and its SHIPROCKET_* settings (issue 39), or null: AWBs are typed by staff. */
  courier: CourierConfig | null;
  /** SMS_PROVIDER=msg91 and its MSG91_* settings (issue 41), or null: SMS go to DATA_DIR/messages. */
  sms: Msg91Config | null;
  /** WHATSAPP_PROVIDER=meta and its WHATSAPP_* settings (issue 41), or null: WhatsApp messages go to DATA_DIR/messages. */
  whatsapp: WhatsAppConfig | null;
}

export interface Msg91Config {
  provider: 'msg91';
  /** MSG91's API base address (https://control.msg91.com), or the tests' simulator. */
  apiUrl: string;
  /** Sent as the `authkey` header. */
  authKey: string;
  /** The six-letter DLT header the SMS come from. */
  senderId: string;
  /** What MSG91's delivery-report webhook sends in its `x-milli-token` header (set in MSG91's webhook panel). */
  webhookToken: string;
  /** Tests shorten the calls' 10 s limit. */
  timeoutMs?: number;
}

export interface WhatsAppConfig {
  provider: 'meta';
  /** The Graph API's base address with its version (https://graph.facebook.com/v21.0), or the tests' simulator. */
  apiUrl: string;
  /** The system user's access token, sent as a bearer token. */
  token: string;
  /** The WhatsApp business phone number's id, which messages are sent from. */
  phoneNumberId: string;
  /** The app's secret: X-Hub-Signature-256 on each webhook is its HMAC-SHA256 of the raw body. */
  appSecret: string;
  /** What Meta's webhook subscription sends as hub.verify_token (WHATSAPP_VERIFY_TOKEN); unset, the app secret. */
  verifyToken: string;
  timeoutMs?: number;
}

export interface PhoneCodeLimits {
  perHour: number;
  perDay: number;
  perAddressHour: number;
  rangePerDay: number;
  rangeDigits: number;
  tries: number;
}

export interface CourierConfig {
  provider: 'shiprocket';
  /** The provider's API base address, or the tests' simulator. */
  apiUrl: string;
  /** The API user's login (Shiprocket issues a token for it). */
  email: string;
  password: string;
  /** What the provider sends as `x-api-key` on each tracking webhook. */
  webhookToken: string;
  /** The pickup address's name as registered with the provider. */
  pickupLocation: string;
  /** Tests shorten the calls' 15 s limit. */
  timeoutMs?: number;
}

export interface S3Config {
  bucket: string;
  /** e.g. https://s3.example.internal:9000 for MinIO or another S3-compatible service; unset for AWS itself. */
  endpoint: string | undefined;
  region: string;
  /** Both or neither: without them the SDK's own chain (instance role, shared profile) provides credentials. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (http://host/bucket/key) rather than the host name: what most self-hosted services need. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

export type TrustProxy = false | number | string[];

const TRUST_PROXY_HELP =
  'write the addresses or CIDR ranges of the proxies in front of the server (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1), ' +
  'the number of proxies every request passes through (e.g. TRUST_PROXY=1), or false';

/**
 * TRUST_PROXY: 'false' (or '0'), a whole number of proxy hops, or a comma-separated list of addresses and
 * CIDR ranges. 'true' is refused: believing X-Forwarded-For from anyone lets every client pick the address
 * its rate limits are counted under. So is a list that holds public addresses, where any client may be,
 * unless `allowPublic` (TRUST_PROXY_PUBLIC=true) says the proxies really are there; a list that holds every
 * public address is 'true' by another name and is refused even then.
 */
export function parseTrustProxy(raw: string, allowPublic = false): TrustProxy {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    throw new ConfigError(
      `TRUST_PROXY=true would believe X-Forwarded-For from any client, so anyone could choose the address their limits count: ${TRUST_PROXY_HELP}`,
    );
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 20) throw new ConfigError(`TRUST_PROXY=${value}: more proxy hops than any real deployment has; ${TRUST_PROXY_HELP}`);
    return hops;
  }
  // Every entry is read here, with node's own address parser, so nothing vague reaches Fastify (whose
  // proxy-addr throws on a /0 at start, with a stack trace instead of this module's message).
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new ConfigError(`TRUST_PROXY is empty; ${TRUST_PROXY_HELP}`);
  const ranges = entries.map((entry) => {
    const range = parseAddressRange(entry);
    if (!range)
      throw new ConfigError(
        `TRUST_PROXY: '${entry}' is not an address or CIDR range (an IPv4 prefix is at most /32, an IPv6 one at most /128); ${TRUST_PROXY_HELP}`,
      );
    return range;
  });
  if (holdEveryClient(ranges)) {
    throw new ConfigError(
      `TRUST_PROXY=${value} holds every public address, which is TRUST_PROXY=true by another name (refused even with TRUST_PROXY_PUBLIC=true); ${TRUST_PROXY_HELP}`,
    );
  }
  const publicEntries = entries.filter((_entry, i) => holdsPublicAddresses(ranges[i]!));
  if (publicEntries.length > 0 && !allowPublic) {
    throw new ConfigError(
      `TRUST_PROXY: ${publicEntries.join(', ')} ${publicEntries.length > 1 ? 'hold' : 'holds'} public addresses, where any client may be, and a client believed as a proxy chooses the address its limits count. ` +
        'Name the proxies by their private addresses (10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16, 100.64.0.0/10, 127.0.0.1, fc00::/7), ' +
        "or, if they really are on public addresses (a CDN's published ranges), set TRUST_PROXY_PUBLIC=true as well",
    );
  }
  return entries;
}

/**
 * S3_* as one bucket or none. A half-written set is refused with what is missing, so an instance never starts
 * writing files to its own disk while its siblings read a bucket (or the other way round).
 */
export function parseS3(e: {
  S3_BUCKET?: string;
  S3_ENDPOINT?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: string;
}): S3Config | null {
  const bucket = e.S3_BUCKET?.trim() ?? '';
  const others = (['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter(
    (name) => (e[name] ?? '').trim() !== '',
  );
  if (bucket === '') {
    if (others.length > 0)
      throw new ConfigError(
        `${others.join(', ')} set without S3_BUCKET: set S3_BUCKET to keep files in that bucket, or unset ${others.length > 1 ? 'them' : 'it'} to keep files under DATA_DIR/uploads`,
      );
    return null;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new ConfigError(`S3_BUCKET: '${bucket}' is not a bucket name (3 to 63 lower-case letters, digits, '.' and '-')`);
  const region = e.S3_REGION?.trim() ?? '';
  if (region === '')
    throw new ConfigError("S3_BUCKET is set but S3_REGION is not: set the bucket's region (e.g. ap-south-1; self-hosted services usually accept us-east-1)");
  const keyId = e.S3_ACCESS_KEY_ID?.trim() ?? '';
  const secret = e.S3_SECRET_ACCESS_KEY?.trim() ?? '';
  if ((keyId === '') !== (secret === '')) {
    throw new ConfigError(
      `${keyId === '' ? 'S3_SECRET_ACCESS_KEY is set but S3_ACCESS_KEY_ID is not' : 'S3_ACCESS_KEY_ID is set but S3_SECRET_ACCESS_KEY is not'}: set both, or neither to use the machine's own credentials (an instance role)`,
    );
  }
  const endpoint = e.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/]+/.test(endpoint))
    throw new ConfigError(`S3_ENDPOINT: '${endpoint}' is not an http(s) address (e.g. https://minio.internal:9000)`);
  return {
    bucket,
    endpoint,
    region,
    credentials: keyId === '' ? undefined : { accessKeyId: keyId, secretAccessKey: secret },
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
  };
}

/**
 * COURIER_PROVIDER=shiprocket needs every SHIPROCKET_* setting: a half-configured courier would book parcels whose
 * tracking no webhook can ever report, or take webhooks from anyone.
 */
export function parseCourier(e: {
  COURIER_PROVIDER?: 'shiprocket' | undefined;
  SHIPROCKET_API_URL?: string | undefined;
  SHIPROCKET_EMAIL?: string | undefined;
  SHIPROCKET_PASSWORD?: string | undefined;
  SHIPROCKET_WEBHOOK_TOKEN?: string | undefined;
  SHIPROCKET_PICKUP_LOCATION?: string | undefined;
}): CourierConfig | null {
  const names = ['SHIPROCKET_API_URL', 'SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_WEBHOOK_TOKEN', 'SHIPROCKET_PICKUP_LOCATION'] as const;
  if (!e.COURIER_PROVIDER) {
    const set = names.filter((n) => (e[n] ?? '').trim() !== '');
    if (set.length > 0)
      throw new ConfigError(`${set.join(', ')} set without COURIER_PROVIDER: set COURIER_PROVIDER=shiprocket to book couriers, or unset them`);
    return null;
  }
  const missing = names.filter((n) => (e[n] ?? '').trim() === '');
  if (missing.length > 0) throw new ConfigError(`COURIER_PROVIDER=shiprocket needs ${missing.join(', ')}`);
  const token = e.SHIPROCKET_WEBHOOK_TOKEN!.trim();
  if (token.length < 16)
    throw new ConfigError('SHIPROCKET_WEBHOOK_TOKEN must be at least 16 characters: it is all that tells the courier’s webhook from anyone else’s');
  return {
    provider: 'shiprocket',
    apiUrl: e.SHIPROCKET_API_URL!.trim(),
    email: e.SHIPROCKET_EMAIL!.trim(),
    password: e.SHIPROCKET_PASSWORD!,
    webhookToken: token,
    pickupLocation: e.SHIPROCKET_PICKUP_LOCATION!.trim(),
  };
}

/** SMS_PROVIDER=msg91 needs its key, sender id and webhook token: a half-configured SMS would send with no receipts. */
export function parseSms(e: {
  SMS_PROVIDER?: 'msg91' | undefined;
  MSG91_AUTH_KEY?: string | undefined;
  MSG91_SENDER_ID?: string | undefined;
  MSG91_API_URL: string;
  MSG91_WEBHOOK_TOKEN?: string | undefined;
}): Msg91Config | null {
  const names = ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_WEBHOOK_TOKEN'] as const;
  if (!e.SMS_PROVIDER) {
    const set = names.filter((n) => (e[n] ?? '').trim() !== '');
    if (set.length > 0) throw new ConfigError(`${set.join(', ')} set without SMS_PROVIDER: set SMS_PROVIDER=msg91 to send SMS, or unset them`);
    return null;
  }
  const missing = names.filter((n) => (e[n] ?? '').trim() === '');
  if (missing.length > 0) throw new ConfigError(`SMS_PROVIDER=msg91 needs ${missing.join(', ')}`);
  const senderId = e.MSG91_SENDER_ID!.trim();
  if (!/^[A-Za-z]{6}$/.test(senderId)) throw new ConfigError('MSG91_SENDER_ID is the six-letter sender id (DLT header) registered for the store');
  const token = e.MSG91_WEBHOOK_TOKEN!.trim();
  if (token.length < 16) throw new ConfigError('MSG91_WEBHOOK_TOKEN must be at least 16 characters: it is all that tells MSG91’s receipts from anyone else’s');
  return { provider: 'msg91', apiUrl: e.MSG91_API_URL.trim(), authKey: e.MSG91_AUTH_KEY!.trim(), senderId: senderId.toUpperCase(), webhookToken: token };
}

/** WHATSAPP_PROVIDER=meta needs its token, phone number id and app secret (the webhooks' signatures). */
export function parseWhatsApp(e: {
  WHATSAPP_PROVIDER?: 'meta' | undefined;
  WHATSAPP_TOKEN?: string | undefined;
  WHATSAPP_PHONE_NUMBER_ID?: string | undefined;
  WHATSAPP_APP_SECRET?: string | undefined;
  WHATSAPP_VERIFY_TOKEN?: string | undefined;
  WHATSAPP_API_URL: string;
}): WhatsAppConfig | null {
  const names = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET'] as const;
  if (!e.WHATSAPP_PROVIDER) {
    const set = [...names, 'WHATSAPP_VERIFY_TOKEN' as const].filter((n) => (e[n] ?? '').trim() !== '');
    if (set.length > 0)
      throw new ConfigError(`${set.join(', ')} set without WHATSAPP_PROVIDER: set WHATSAPP_PROVIDER=meta to send WhatsApp messages, or unset them`);
    return null;
  }
  const missing = names.filter((n) => (e[n] ?? '').trim() === '');
  if (missing.length > 0) throw new ConfigError(`WHATSAPP_PROVIDER=meta needs ${missing.join(', ')}`);
  const phoneNumberId = e.WHATSAPP_PHONE_NUMBER_ID!.trim();
  if (!/^\d{5,30}$/.test(phoneNumberId))
    throw new ConfigError('WHATSAPP_PHONE_NUMBER_ID is the number’s id from WhatsApp Manager (digits), not the phone number');
  const appSecret = e.WHATSAPP_APP_SECRET!.trim();
  return {
    provider: 'meta',
    apiUrl: e.WHATSAPP_API_URL.trim().replace(/\/+$/, ''),
    token: e.WHATSAPP_TOKEN!.trim(),
    phoneNumberId,
    appSecret,
    verifyToken: e.WHATSAPP_VERIFY_TOKEN?.trim() || appSecret,
  };
}

function cdnPurgeConfig(e: { CDN_PURGE_URL?: string; CDN_PURGE_HEADER?: string; CDN_PURGE_BODY: string }): CdnPurgeConfig | null {
  const header = parsePurgeHeader(e.CDN_PURGE_HEADER);
  if (header instanceof Error) throw new ConfigError(header.message);
  if (!e.CDN_PURGE_URL) {
    if (header) throw new ConfigError("CDN_PURGE_HEADER is set without CDN_PURGE_URL: set the CDN's purge address too, or unset it");
    return null;
  }
  return { url: e.CDN_PURGE_URL, header, body: e.CDN_PURGE_BODY };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) {
    throw new ConfigError(
      'DATABASE_READ_URL needs DATABASE_URL: a read replica replays a PostgreSQL primary, and the embedded database has none. Set DATABASE_URL to the primary, or unset DATABASE_READ_URL',
    );
  }
  if (Boolean(e.ADMIN_EMAIL) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('ADMIN_EMAIL and ADMIN_PASSWORD go together: set both to make the first owner of the back office, or neither');
  }
  let razorpay: Config['razorpay'] = null;
  if (e.PAYMENT_GATEWAY === 'razorpay') {
    const missing = (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const).filter((name) => !(e[name] ?? '').trim());
    if (missing.length > 0)
      throw new ConfigError(`PAYMENT_GATEWAY=razorpay needs ${missing.join(', ')} (from Razorpay's dashboard: API keys and the webhook's secret)`);
    razorpay = {
      keyId: e.RAZORPAY_KEY_ID!.trim(),
      keySecret: e.RAZORPAY_KEY_SECRET!.trim(),
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET!.trim(),
      ...(e.RAZORPAY_KEY_SECRET_PREVIOUS?.trim() ? { previousKeySecret: e.RAZORPAY_KEY_SECRET_PREVIOUS.trim() } : {}),
      ...(e.RAZORPAY_WEBHOOK_SECRET_PREVIOUS?.trim() ? { previousWebhookSecret: e.RAZORPAY_WEBHOOK_SECRET_PREVIOUS.trim() } : {}),
      apiUrl: e.RAZORPAY_API_URL,
    };
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR === 'memory' ? 'memory' : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReadUrl: e.DATABASE_READ_URL,
    databaseReadPoolSize: e.DATABASE_READ_POOL_SIZE,
    readCacheMb: e.READ_CACHE_MB,
    seedDemo: e.SEED_DEMO === 'true',
    publicUrl: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY, e.TRUST_PROXY_PUBLIC === 'true'),
    paymentGateway: e.PAYMENT_GATEWAY,
    razorpay,
    serveWeb: e.SERVE_WEB === 'true',
    shutdown: { graceMs: e.SHUTDOWN_GRACE_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    firstOwner: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    staffPassword: e.STAFF_PASSWORD || undefined,
    s3: parseS3(e),
    cdnPurge: cdnPurgeConfig(e),
    courier: parseCourier(e),
    phoneCodes: {
      perHour: e.PHONE_CODES_PER_HOUR,
      perDay: e.PHONE_CODES_PER_DAY,
      perAddressHour: e.PHONE_CODES_PER_ADDRESS_HOUR,
      rangePerDay: e.PHONE_RANGE_CODES_PER_DAY,
      rangeDigits: e.PHONE_RANGE_DIGITS,
      tries: e.PHONE_CODE_TRIES,
    },
    sms: parseSms(e),
    whatsapp: parseWhatsApp(e),
  };
}

/** A config for tests: in-memory database, no demo seed unless asked, quiet logs. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory', SEED_DEMO: 'false', LOG_LEVEL: 'silent' }), ...overrides };
}
