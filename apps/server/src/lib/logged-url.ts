/**
 * What the access log may say of an address (issue 35). Addresses carry secrets and personal values in their query:
 * a password reset's link, an appointment's manage token, the e-mail an OTP screen is for, the phone number a desk
 * searched for (the back office's search box, /admin/search?q= and /api/admin/search?q=, issue 39: `q` is never listed). A log line is read by more people and kept longer than anything it names, so the log keeps a query
 * parameter's value only when its name is on this list of names that never hold either; every other value is
 * replaced by `~`, whatever its name, so a parameter added tomorrow is hidden until someone decides otherwise.
 * The parameter's name stays, so the log still tells which form of a page was asked for.
 */
const SHOWN = new Set([
  // The catalogue's listing and filters (the spec's productList and its pages).
  'page',
  'sort',
  'material',
  'category',
  'tag',
  'stone',
  'style',
  'occasion',
  'recipient',
  'collection',
  'minPrice',
  'maxPrice',
  'onSale',
  'pr_cat_name',
  'size',
  'limit',
  // Desks' queues and calendars.
  'status',
  'queue',
  'kind',
  'storeId',
  'hidden',
  'due',
  'open',
  'from',
  'to',
  'date',
  'days',
  'metal',
  'purity',
  'method',
  // Pictures and assets.
  'w',
  'width',
  'v',
  'format',
  // Pages' own switches.
  'booked',
  'tab',
  'view',
  'index',
  '_data',
]);

/** The hidden value's stand-in: short, and not a character an address would carry of its own. */
export const HIDDEN = '~';

/** The address as the log may show it: path as it is, each query value shown only for a name in SHOWN. */
export function loggedUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const path = url.slice(0, mark);
  const hashAt = url.indexOf('#', mark);
  const query = url.slice(mark + 1, hashAt < 0 ? undefined : hashAt);
  if (query === '') return path + '?';
  const parts = query.split('&').map((part) => {
    const eq = part.indexOf('=');
    const name = decoded(eq < 0 ? part : part.slice(0, eq));
    if (name !== null && SHOWN.has(name)) return part;
    // A bare part (`?abc`) could be the secret itself, and so could a name the store never uses.
    if (eq < 0) return HIDDEN;
    return `${name !== null && /^[\w.-]{1,40}$/.test(name) ? name : HIDDEN}=${HIDDEN}`;
  });
  return `${path}?${parts.join('&')}`;
}

function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Fastify's request serializer with the address as the log may show it (the other fields as Fastify's own). */
export function requestForLog(request: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}): Record<string, unknown> {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Fastify's error serializer with the values a database error carries taken out: Drizzle's error names the statement
 * and then every value bound to it (`params: asha@example.in,$argon2id$…,+91 98765 43210`), and PostgreSQL's detail
 * names a duplicate key's value (`Key (email)=(asha@example.in) already exists.`). The statement, the codes and the
 * stack stay; the values are written `~`, as an address's are.
 */
export function errorForLog(error: Error): { type: string; message: string; stack: string; [key: string]: unknown } {
  // A line that logs a message as its `err` (a string) has it passed on as it is.
  return errorWithin(error, 0) as { type: string; message: string; stack: string };
}

function errorWithin(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  const fields = error as unknown as Record<string, unknown>;
  const bound = Array.isArray(fields.params) ? `\nparams: ${String(fields.params)}` : null;
  const hide = (text: string | undefined) => (text && bound ? text.split(bound).join(`\nparams: ${HIDDEN}`) : text);
  const out: Record<string, unknown> = { type: error.constructor?.name ?? error.name, message: hide(error.message), stack: hide(error.stack) };
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'cause') continue;
    out[key] = key === 'params' || key === 'detail' ? HIDDEN : value instanceof Error ? errorWithin(value, depth + 1) : value;
  }
  if (error.cause !== undefined && depth < 5) out.cause = errorWithin(error.cause, depth + 1);
  return out;
}
