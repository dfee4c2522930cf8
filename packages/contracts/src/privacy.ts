import { z } from 'zod';
import { EmailSchema, INDIAN_MOBILE } from './accounts.ts';
import {
  CONSENT_SOURCES,
  ERASURE_BLOCKER_KINDS,
  ERASURE_CODE_DIGITS,
  MARKETING_CHANNELS,
  NOMINEE_RELATIONSHIPS,
  RETAINED_ON_ERASURE,
} from './privacy-rules.ts';

/**
 * The shopper's rights over their data (issue 38): My privacy's calls. The lists they speak of (channels, what
 * erasure keeps) are in privacy-rules.ts, which the browser may import.
 */

const when = z.string();
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

// ---------------------------------------------------------------------------------------------
// Consents

export const ConsentChannelSchema = z.object({
  channel: z.enum(MARKETING_CHANNELS),
  granted: z.boolean(),
  /** When it was last given or withdrawn; null while never given (off by default). */
  changedAt: when.nullable(),
});
export const ConsentEventSchema = z.object({ channel: z.enum(MARKETING_CHANNELS), granted: z.boolean(), at: when, source: z.enum(CONSENT_SOURCES) });
export type ConsentEvent = z.infer<typeof ConsentEventSchema>;

/** GET and PUT /api/account/consents: order messages (always on, not switchable) and each marketing channel, with every change, newest first. */
export const ConsentsSchema = z.object({
  orderMessages: z.object({ on: z.literal(true), switchable: z.literal(false), note: z.string() }),
  marketing: z.array(ConsentChannelSchema),
  history: z.array(ConsentEventSchema),
});
export type Consents = z.infer<typeof ConsentsSchema>;

const flag = (channel: string) =>
  z.preprocess(
    (v) => (v === 'true' || v === 'on' || v === '1' ? true : v === 'false' || v === 'off' || v === '0' ? false : v),
    z.boolean({ error: `Say whether ${channel} marketing is on (true) or off (false).` }),
  );

/** PUT /api/account/consents: the whole marketing choice, each channel true or false; only a change is recorded. */
export const ConsentsUpdateSchema = z.strictObject(
  { email: flag('e-mail'), sms: flag('SMS'), whatsapp: flag('WhatsApp') },
  { error: 'Only e-mail, sms and whatsapp can be chosen: order messages are always on.' },
);
export type ConsentsUpdate = z.infer<typeof ConsentsUpdateSchema>;

// ---------------------------------------------------------------------------------------------
// The nominee (DPDP Act s.14)

export const NomineeSchema = z.object({
  name: z.string(),
  relationship: z.enum(NOMINEE_RELATIONSHIPS),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  updatedAt: when,
});
export type Nominee = z.infer<typeof NomineeSchema>;

/** PUT /api/account/nominee: sets or changes the one nominee; an e-mail or a phone number (or both) to reach them. */
export const NomineeUpdateSchema = z
  .object({
    name: z
      .string({ error: 'Please give your nominee’s name.' })
      .trim()
      .min(2, 'Please give your nominee’s name.')
      .max(100, 'A name is at most 100 characters.'),
    relationship: z.enum(NOMINEE_RELATIONSHIPS, { error: `Choose how they are related to you: ${NOMINEE_RELATIONSHIPS.join(', ')}.` }),
    email: z.preprocess(blank, EmailSchema.optional()),
    phone: z.preprocess(blank, z.string().trim().regex(INDIAN_MOBILE, 'Please enter a valid 10-digit Indian mobile number.').optional()),
  })
  .refine((n) => n.email !== undefined || n.phone !== undefined, {
    path: ['email'],
    message: 'Please give an e-mail address or a mobile number to reach your nominee.',
  });
export type NomineeUpdate = z.infer<typeof NomineeUpdateSchema>;
/** GET /api/account/nominee */
export const NomineeAnswerSchema = z.object({ nominee: NomineeSchema.nullable() });

// ---------------------------------------------------------------------------------------------
// Erasure

export const ErasureBlockerSchema = z.object({ kind: z.enum(ERASURE_BLOCKER_KINDS), message: z.string() });
export type ErasureBlocker = z.infer<typeof ErasureBlockerSchema>;

/** GET /api/account/privacy: what My privacy shows besides the consents (the nominee, and whether erasure may go ahead and why not). */
export const PrivacyOverviewSchema = z.object({
  nominee: NomineeSchema.nullable(),
  erasure: z.object({
    /** What stops erasure now (empty: it may go ahead). */
    blockers: z.array(ErasureBlockerSchema),
    /** What erasure keeps, by the keys of RETAINED_ON_ERASURE. */
    retained: z.array(z.enum(RETAINED_ON_ERASURE.map((r) => r.key) as [string, ...string[]])),
  }),
});
export type PrivacyOverview = z.infer<typeof PrivacyOverviewSchema>;

const CODE_MESSAGE = `Please enter the ${ERASURE_CODE_DIGITS}-digit code we mailed you.`;

/**
 * POST /api/account/privacy/erase: confirmed by the account's password, or by the code mailed by
 * POST /api/account/privacy/erase/code (for an account without a password it knows). `confirm` must be 'ERASE'.
 */
export const EraseAccountSchema = z
  .object({
    password: z.preprocess(blank, z.string().max(200, 'Password is too long.').optional()),
    code: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(new RegExp(`^\\d{${ERASURE_CODE_DIGITS}}$`), CODE_MESSAGE)
        .optional(),
    ),
    confirm: z.literal('ERASE', { error: 'Type ERASE to confirm that your account is to be erased.' }),
  })
  .refine((e) => (e.password === undefined) !== (e.code === undefined), {
    path: ['password'],
    message: 'Confirm with your password, or with the code we mailed you (one of the two).',
  });
export type EraseAccount = z.infer<typeof EraseAccountSchema>;

// ---------------------------------------------------------------------------------------------
// The export (GET /api/account/privacy/export, and the customer desk's): everything the store holds about the customer

const Paise = z.number().int();
const AddressOut = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.string().nullable(),
  pincode: z.string(),
  country: z.string(),
  phone: z.string(),
});

export const PrivacyExportSchema = z.object({
  exportedAt: when,
  store: z.string(),
  note: z.string(),
  profile: z.object({
    customerId: z.number().int(),
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    mobile: z.string().nullable(),
    createdAt: when,
    erasedAt: when.nullable(),
  }),
  addresses: z.array(AddressOut.extend({ isDefault: z.boolean(), createdAt: when })),
  orders: z.array(
    z.object({
      orderNumber: z.string(),
      status: z.string(),
      placedAt: when,
      paymentMethod: z.string(),
      subtotalPaise: Paise,
      discountPaise: Paise,
      shippingPaise: Paise,
      taxPaise: Paise,
      totalPaise: Paise,
      couponCode: z.string().nullable(),
      companyName: z.string().nullable(),
      companyGstin: z.string().nullable(),
      pan: z.string().nullable(),
      invoicedAt: when.nullable(),
      deliveredAt: when.nullable(),
      lines: z.array(
        z.object({
          productName: z.string(),
          sku: z.string(),
          quantity: z.number().int(),
          unitPricePaise: Paise,
          lineTotalPaise: Paise,
          huid: z.string().nullable(),
        }),
      ),
      addresses: z.array(AddressOut.extend({ kind: z.string() })),
      statusHistory: z.array(z.object({ status: z.string(), at: when })),
    }),
  ),
  /** The payment gateway's references only: no card data ever reaches the store. */
  payments: z.array(
    z.object({
      purpose: z.string(),
      orderNumber: z.string().nullable(),
      amountPaise: Paise,
      status: z.string(),
      method: z.string().nullable(),
      gateway: z.string(),
      gatewayOrderId: z.string().nullable(),
      gatewayPaymentId: z.string().nullable(),
      refundedPaise: Paise,
      createdAt: when,
      paidAt: when.nullable(),
      refunds: z.array(z.object({ amountPaise: Paise, status: z.string(), gatewayRefundId: z.string().nullable(), createdAt: when })),
    }),
  ),
  harvestPlans: z.array(
    z.object({
      planId: z.number().int(),
      status: z.string(),
      monthlyAmountPaise: Paise,
      email: z.string(),
      redeemableBalancePaise: Paise,
      startedAt: when,
      maturesAt: when,
      closedAt: when.nullable(),
      instalments: z.array(z.object({ number: z.number().int(), dueDate: z.string(), amountPaise: Paise, status: z.string(), paidAt: when.nullable() })),
    }),
  ),
  reviews: z.array(
    z.object({
      productName: z.string(),
      rating: z.number().int(),
      title: z.string(),
      text: z.string(),
      hidden: z.boolean(),
      createdAt: when,
      editedAt: when.nullable(),
    }),
  ),
  appointments: z.array(
    z.object({
      kind: z.string(),
      day: z.string(),
      slot: z.string(),
      purpose: z.string(),
      store: z.string().nullable(),
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      note: z.string().nullable(),
      status: z.string(),
      createdAt: when,
    }),
  ),
  customDesigns: z.array(
    z.object({ requestId: z.number().int(), category: z.string(), metal: z.string(), remarks: z.string(), status: z.string(), createdAt: when }),
  ),
  storeCredit: z.array(z.object({ amountPaise: Paise, kind: z.string(), note: z.string(), createdAt: when })),
  wishlist: z.array(z.object({ productName: z.string(), addedAt: when })),
  consents: z.object({ current: z.array(ConsentChannelSchema), history: z.array(ConsentEventSchema) }),
  nominee: NomineeSchema.nullable(),
  /** Mails sent to the customer's address while it was theirs, as the outbox keeps them (sent mail is pruned after a while): no bodies. */
  messages: z.array(z.object({ subject: z.string(), kind: z.string(), status: z.string(), createdAt: when, sentAt: when.nullable() })),
});
export type PrivacyExport = z.infer<typeof PrivacyExportSchema>;
