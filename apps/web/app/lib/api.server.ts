import { ErrorSchema, PlaceOrderErrorSchema, RegisterErrorSchema, fieldMessages, invalidRequestMessage, type ApiErrorBody } from '@milli/contracts/schemas';
import { answerSchemaOf, type ApiAnswer, type ApiMethod, type ApiPath } from '@milli/contracts/api';
import { createApi, type AnswerCheck, type ApiClient, type Fetcher } from './api.ts';

type Issues = readonly { path: readonly PropertyKey[]; message: string }[];
const problemsOf = (issues: Issues, whole: string) => issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || whole}: ${i.message}`);

/** What a contract schema offers here: zod's safeParse, typed structurally so this file names no zod type. */
interface Contract {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issues } };
}

const path = (pattern: string) => new RegExp(`^/api/${pattern}$`);

/**
 * Every refusal is an Error answer whose code is in the vocabulary; the spec's sign-up answers its fields in
 * `message`, and placing an order answers per field in `fields`.
 */
const REFUSALS: readonly { path: RegExp; contract: Contract }[] = [
  {
    path: path('auth/register'),
    contract: { safeParse: (v: unknown) => (RegisterErrorSchema.safeParse(v).success ? { success: true as const } : ErrorSchema.safeParse(v)) },
  },
  { path: path('orders/placeOrders'), contract: PlaceOrderErrorSchema },
  { path: /^\/api\//, contract: ErrorSchema },
];

/** An answer that is not what the contracts say: the API and the storefront disagree, which a test must show. */
export class AnswerContractError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly problems: readonly string[],
  ) {
    super(`The answer to ${method} ${path} does not match its contract: ${problems.join('; ')}`);
    this.name = 'AnswerContractError';
  }
}

/** Checks a success against the answer schema of its route in the API map, and every refusal against the Error contract. */
export const checkAnswer: AnswerCheck = (method, fullPath, body, status) => {
  const bare = fullPath.split('?')[0] ?? fullPath;
  if (status >= 400) {
    const refusal = REFUSALS.find((r) => r.path.test(bare));
    const parsed = refusal?.contract.safeParse(body);
    if (!parsed || parsed.success) return;
    throw new AnswerContractError(method.toUpperCase(), bare, problemsOf(parsed.error.issues, '(refusal)'));
  }
  // A success is held to the schema its route declares, from the API map of packages/contracts.
  const contract: Contract | undefined = answerSchemaOf(method, bare);
  if (!contract) return;
  const parsed = contract.safeParse(body);
  if (parsed.success) return;
  throw new AnswerContractError(method.toUpperCase(), bare, problemsOf(parsed.error.issues, '(answer)'));
};

/**
 * For loaders and actions: the server's in-process fetch. Outside production (the load context's
 * `checkAnswers`, from the server's config) each answer is checked against its route's schema in the API map, so a
 * disagreement between the API and a screen fails in development and in tests instead of reaching a page
 * as a wrong shape; production trusts the API (its own serializer already
 * answers with these schemas) and pays nothing.
 */
export function serverApi(context: { fetch: Fetcher; checkAnswers: boolean }): ApiClient {
  return createApi(context.fetch, context.checkAnswers ? checkAnswer : undefined);
}

/**
 * An answer read whole, for actions that show a refusal's field messages or pass its Set-Cookie headers on: a success
 * carries its body typed by the API map (`data`), a refusal the body as it came (`{ message, code, fields }` as a rule).
 */
export type ApiReply<T> = { ok: true; status: number; data: T; setCookies: string[] } | { ok: false; status: number; body: unknown; setCookies: string[] };

/**
 * The API's own refusal of a body that its route's schema does not accept, made here with that schema before anything
 * is sent: 400 INVALID_REQUEST with each field's message, word for word what the API answers (contracts' fieldMessages),
 * or null when the body has the shape the route accepts (the API still decides the rest). A multipart form is checked as
 * the API reads it: its text fields by name. Only for a route that looks at nothing before its body that the caller has
 * not settled already (who is asking, an allowance of attempts), since here the body is looked at first.
 */
export function contractRefusal(schema: Contract, body: object | FormData): ApiErrorBody | null {
  const value: unknown =
    body instanceof FormData
      ? Object.fromEntries([...body.entries()].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
      : JSON.parse(JSON.stringify(body));
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const fields = fieldMessages(parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
  return { message: invalidRequestMessage(fields), code: 'INVALID_REQUEST', fields };
}

/**
 * `method path` with a JSON body, a multipart form or none; the reply whatever its status, or null when the call could
 * not be made at all (the screen then says its own fallback). Given the route's body schema (`contract`), a body of the
 * wrong shape is refused here as the API would refuse it (contractRefusal), without the call.
 */
export async function replyTo<M extends ApiMethod, P extends string>(
  api: ApiClient,
  method: M,
  path: ApiPath<M, P>,
  body?: object | FormData,
  contract?: Contract,
): Promise<ApiReply<ApiAnswer<M, P>> | null> {
  const refused = contract && body !== undefined ? contractRefusal(contract, body) : null;
  if (refused) return { ok: false, status: 400, body: refused, setCookies: [] };
  try {
    const form = body instanceof FormData;
    const res = await api.raw(path, {
      method,
      headers: { accept: 'application/json', ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}) },
      ...(body === undefined ? {} : { body: form ? body : JSON.stringify(body) }),
    });
    const parsed: unknown = (res.headers.get('content-type') ?? '').includes('application/json') ? await res.json().catch(() => null) : null;
    const setCookies = res.headers.getSetCookie();
    return res.ok ? { ok: true, status: res.status, data: parsed as ApiAnswer<M, P>, setCookies } : { ok: false, status: res.status, body: parsed, setCookies };
  } catch {
    return null;
  }
}
