/**
 * The one API client, for the browser and for the server's loaders. On the server (api.server.ts) it is
 * given `context.fetch` (in process, the visitor's cookies attached) and, outside production, a check of
 * each answer against the contracts' schemas; in the browser it uses window.fetch and checks nothing, so no
 * zod reaches the bundle (type-only imports of the contracts' types).
 */
import { isErrorCode, type ApiAnswer, type ApiPath, type ErrorCode } from '@milli/contracts';

export type Fetcher = (input: string, init?: RequestInit) => Promise<Response>;

/** The code of a refusal's answer (`{ message, code, fields? }`), or null when it carries none the vocabulary knows. */
export function refusalCode(body: unknown): ErrorCode | null {
  const code = body && typeof body === 'object' ? (body as { code?: unknown }).code : undefined;
  return isErrorCode(code) ? code : null;
}

/** A refusal's readable message (`{ message }`), or null when it carries none. */
export function refusalMessage(body: unknown): string | null {
  const message = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' && message !== '' ? message : null;
}

export class ApiError extends Error {
  /** What the API said went wrong, from the contracts' vocabulary (null for an answer without a code). */
  readonly code: ErrorCode | null;

  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
    this.code = refusalCode(body);
  }
}

/**
 * A screen's reaction to the codes it can meet. `handlers` must name every code of `C` (a screen declares
 * them as a union, so adding one there without a reaction does not compile) and only codes of the
 * vocabulary (a misspelt or retired code does not compile either). Any other code, or none, gets
 * `otherwise`: as a rule the API's own message.
 */
export function onCode<C extends ErrorCode, R>(code: ErrorCode | null, handlers: { readonly [K in C]: (code: K) => R }, otherwise: () => R): R {
  if (code === null || !Object.hasOwn(handlers, code)) return otherwise();
  const handle = handlers[code as C] as (code: C) => R;
  return handle(code as C);
}

/**
 * What an action tells the person when an API call failed. A 4xx is the API refusing this request for a
 * reason the person can act on ('Only 3 of this piece in stock'): its status and its message go to the
 * page as they are. Anything else (5xx, no answer, an answer without a message) is ours: 502 and the
 * action's own words, never the page's error screen.
 */
export function apiFailure(error: unknown, fallback: string): { status: number; message: string; code: ErrorCode | null } {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    const readable = error.message !== '' && !/^Request failed/.test(error.message);
    return { status: error.status, message: readable ? error.message : fallback, code: error.code };
  }
  return { status: 502, message: fallback, code: null };
}

/**
 * `get` and `post` are typed by their path: the answer is what the API map of packages/contracts says the route
 * answers (`api.get(`/api/orders/${n}`)` is an OrderDetail), and a path that no route of the map answers does not
 * compile. Only types come from the map here, so the browser's bundle gets no schema.
 */
export interface ApiClient {
  get<P extends string>(path: ApiPath<'GET', P>): Promise<ApiAnswer<'GET', P>>;
  post<P extends string>(path: ApiPath<'POST', P>, body?: FormData | URLSearchParams | object): Promise<ApiAnswer<'POST', P>>;
  /** The raw Response, for callers that need headers (Set-Cookie) or non-JSON bodies. */
  raw(path: string, init?: RequestInit): Promise<Response>;
}

/** Judges the JSON answer to `method path` (a success or a refusal); throws when it is not what the contracts say it is. */
export type AnswerCheck = (method: string, path: string, body: unknown, status: number) => void;

export function createApi(fetcher: Fetcher, check?: AnswerCheck): ApiClient {
  async function call<T>(path: string, init: RequestInit): Promise<T> {
    const res = await fetcher(path, init);
    const type = res.headers.get('content-type') ?? '';
    const json = type.includes('application/json');
    const body: unknown = json ? await res.json() : await res.text();
    if (json) check?.(init.method ?? 'GET', path, body, res.status);
    if (!res.ok) {
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : `Request failed (${res.status})`;
      throw new ApiError(res.status, message, body);
    }
    return body as T;
  }
  return {
    get: <P extends string>(path: ApiPath<'GET', P>) => call<ApiAnswer<'GET', P>>(path, { method: 'GET', headers: { accept: 'application/json' } }),
    post: <P extends string>(path: ApiPath<'POST', P>, body?: FormData | URLSearchParams | object) => {
      type Answer = ApiAnswer<'POST', P>;
      if (body instanceof FormData || body instanceof URLSearchParams) return call<Answer>(path, { method: 'POST', body });
      return call<Answer>(path, {
        method: 'POST',
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
    // Callers of raw read the body themselves; a copy of it is checked first, so they meet no shape the
    // contracts do not promise either.
    raw: async (path, init) => {
      const res = await fetcher(path, init);
      if (check && (res.headers.get('content-type') ?? '').includes('application/json')) {
        const body: unknown = await res
          .clone()
          .json()
          .catch(() => undefined);
        if (body !== undefined) check(init?.method ?? 'GET', path, body, res.status);
      }
      return res;
    },
  };
}

/** For code that runs in the browser (event handlers, effects). */
export const browserApi: ApiClient = createApi((input, init) => fetch(input, { credentials: 'same-origin', ...init }));
