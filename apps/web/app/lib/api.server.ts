import {
  AdminDashboardSchema,
  CartLineSchema,
  CustomRequestDetailSchema,
  CustomRequestListSchema,
  DemoCheckoutAnswerSchema,
  ErrorSchema,
  HarvestEnrolAnswerSchema,
  HarvestPayAnswerSchema,
  LoginAnswerSchema,
  MeSchema,
  MessageSchema,
  PlaceOrderAnswerSchema,
  PlaceOrderErrorSchema,
  RegisterErrorSchema,
  TradePartnerAnswerSchema,
  UndoEmailChangeAnswerSchema,
  VerifyOtpAnswerSchema,
  CategorySchema,
  CouponAnswerSchema,
  HarvestPlanListSchema,
  OrderDetailSchema,
  OrderListSchema,
  OrderPayAnswerSchema,
  OrderStatusAnswerSchema,
  OtherStoneSchema,
  PaymentListSchema,
  PaymentVerifyAnswerSchema,
  PersonalSummarySchema,
  PincodeCheckSchema,
  ProductDetailSchema,
  ProductFacetsSchema,
  ProductPageSchema,
  ProductReviewsSchema,
  MyReviewStateSchema,
  ReviewWrittenSchema,
  ProductSummarySchema,
  StoreSettingsSchema,
  TagSchema,
  WishlistIdsSchema,
  WishlistRowSchema,
} from '@milli/contracts/schemas';
import { createApi, type AnswerCheck, type ApiClient, type Fetcher } from './api.ts';

/** What a contract schema offers here: zod's safeParse, typed structurally so this file names no zod type. */
interface Contract {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

interface ContractedAnswer {
  method: 'GET' | 'POST' | 'PUT';
  /** The path without its query string. */
  path: RegExp;
  contract: Contract;
  /** The answer's field the contract is about, for answers wrapped as `{ data }`. */
  at?: 'data';
}

const ID = String.raw`\d+`;
const path = (pattern: string) => new RegExp(`^/api/${pattern}$`);

/** Each answer the storefront reads with get/post, and the schema the API itself answers it with. */
const CONTRACTED: readonly ContractedAnswer[] = [
  { method: 'GET', path: path(`product/find-by-id/${ID}`), contract: ProductDetailSchema, at: 'data' },
  { method: 'GET', path: path(`product/${ID}/reviews`), contract: ProductReviewsSchema },
  { method: 'GET', path: path(`product/${ID}/reviews/mine`), contract: MyReviewStateSchema },
  { method: 'POST', path: path(`product/${ID}/reviews`), contract: ReviewWrittenSchema },
  { method: 'GET', path: path('product/productList'), contract: ProductPageSchema },
  { method: 'GET', path: path('product/facets'), contract: ProductFacetsSchema },
  { method: 'POST', path: path('product/get_product_detail'), contract: ProductSummarySchema.array() },
  { method: 'GET', path: path('category'), contract: CategorySchema.array() },
  { method: 'GET', path: path('admin/tags'), contract: TagSchema.array() },
  { method: 'GET', path: path('admin/other-stones'), contract: OtherStoneSchema.array() },
  { method: 'GET', path: path('settings'), contract: StoreSettingsSchema },
  { method: 'GET', path: path('stores/pincode/[^/]+'), contract: PincodeCheckSchema },
  { method: 'GET', path: path(`cart/find-by-user-id/${ID}`), contract: CartLineSchema.array() },
  { method: 'POST', path: path('coupons/apply'), contract: CouponAnswerSchema },
  { method: 'GET', path: path(`wishlist/find-by-user-id/${ID}`), contract: WishlistRowSchema.array() },
  { method: 'GET', path: path(`wishlist/ids/${ID}`), contract: WishlistIdsSchema },
  { method: 'GET', path: path('me/summary'), contract: PersonalSummarySchema },
  { method: 'GET', path: path('orders'), contract: OrderListSchema },
  { method: 'GET', path: path('orders/[^/]+'), contract: OrderDetailSchema },
  { method: 'POST', path: path('orders/[^/]+/cancel'), contract: OrderStatusAnswerSchema },
  { method: 'GET', path: path('payments'), contract: PaymentListSchema },
  { method: 'POST', path: path('orders/[^/]+/pay'), contract: OrderPayAnswerSchema },
  { method: 'POST', path: path('payments/demo/checkout'), contract: DemoCheckoutAnswerSchema },
  { method: 'POST', path: path('payments/razorpay/verify'), contract: PaymentVerifyAnswerSchema },
  { method: 'GET', path: path('harvest/plans'), contract: HarvestPlanListSchema },
  // What the actions read through raw (sessions, forms that answer per field, uploads).
  { method: 'GET', path: path('auth/me'), contract: MeSchema },
  { method: 'POST', path: path('auth/login'), contract: LoginAnswerSchema },
  { method: 'POST', path: path('auth/(register|logout|forgot-password|reset-password)'), contract: MessageSchema },
  { method: 'POST', path: path('auth/verify-otp'), contract: VerifyOtpAnswerSchema },
  { method: 'POST', path: path('auth/reset-link'), contract: VerifyOtpAnswerSchema },
  { method: 'POST', path: path('auth/undo-email-change'), contract: UndoEmailChangeAnswerSchema },
  { method: 'PUT', path: path(`users/user-details/${ID}`), contract: MessageSchema },
  { method: 'POST', path: path('orders/placeOrders'), contract: PlaceOrderAnswerSchema },
  { method: 'POST', path: path('harvest/enrol'), contract: HarvestEnrolAnswerSchema },
  { method: 'POST', path: path(`harvest/instalments/${ID}/pay`), contract: HarvestPayAnswerSchema },
  { method: 'POST', path: path('manufacturer/register'), contract: TradePartnerAnswerSchema },
  { method: 'POST', path: path('admin/cutom-jewelry/new-request'), contract: MessageSchema },
  { method: 'GET', path: path('custom-design/requests'), contract: CustomRequestListSchema },
  { method: 'GET', path: path(`custom-design/requests/${ID}`), contract: CustomRequestDetailSchema },
  // The back office's (issue 17).
  { method: 'GET', path: path('admin/dashboard'), contract: AdminDashboardSchema },
  { method: 'POST', path: path(`custom-design/requests/${ID}/reject`), contract: MessageSchema },
];

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

/** Checks an answer whose call has a contract here, and every refusal against the Error contract. */
export const checkAnswer: AnswerCheck = (method, fullPath, body, status) => {
  const bare = fullPath.split('?')[0] ?? fullPath;
  if (status >= 400) {
    const refusal = REFUSALS.find((r) => r.path.test(bare));
    const parsed = refusal?.contract.safeParse(body);
    if (!parsed || parsed.success) return;
    throw new AnswerContractError(
      method.toUpperCase(),
      bare,
      parsed.error.issues.slice(0, 5).map((i) => `${i.path.map(String).join('.') || '(refusal)'}: ${i.message}`),
    );
  }
  const known = CONTRACTED.find((c) => c.method === method.toUpperCase() && c.path.test(bare));
  if (!known) return;
  const value = known.at ? (body && typeof body === 'object' ? (body as Record<string, unknown>)[known.at] : undefined) : body;
  const parsed = known.contract.safeParse(value);
  if (parsed.success) return;
  const problems = parsed.error.issues.slice(0, 5).map(
    (i) =>
      `${
        [known.at, ...i.path]
          .filter((p) => p !== undefined)
          .map(String)
          .join('.') || '(answer)'
      }: ${i.message}`,
  );
  throw new AnswerContractError(method.toUpperCase(), bare, problems);
};

/**
 * For loaders and actions: the server's in-process fetch. Outside production (the load context's
 * `checkAnswers`, from the server's config) each answer with a contract is checked against it, so a
 * disagreement between the API and a screen fails in development and in tests instead of reaching a page
 * as a wrong shape; production trusts the API (its own serializer already
 * answers with these schemas) and pays nothing.
 */
export function serverApi(context: { fetch: Fetcher; checkAnswers: boolean }): ApiClient {
  return createApi(context.fetch, context.checkAnswers ? checkAnswer : undefined);
}
