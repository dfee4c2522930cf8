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
    /** The mobile number the customer signs in with (E.164), once a code sent to it was entered, and when. */
    phone: z.string().nullable(),
    phoneVerifiedAt: when.nullable(),
    createdAt: when,
    erasedAt: when.nullable(),
  }),
  /** Each change of the account's e-mail address, and its undo if the old address undid it. */
  emailChanges: z.array(z.object({ oldEmail: z.string(), newEmail: z.string(), at: when, undoneAt: when.nullable() })),
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
      /** What orders took from the plan's balance (returnedAt: the order was cancelled and the amount went back). */
      redemptions: z.array(z.object({ orderNumber: z.string(), amountPaise: Paise, spentAt: when, returnedAt: when.nullable() })),
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
  /**
   * The metal account (issue 42): each credit of fine gold from old gold assayed at a store (its gross weight, the
   * assay's purity and the melting loss taken off, per mille; what was used, sold back or expired; its expiry), and
   * each take from a credit (a use by an order, a buy-back with what it paid, an expiry). Weights in milligrams.
   */
  metalAccount: z.object({
    credits: z.array(
      z.object({
        creditId: z.number().int(),
        grossMg: z.number().int(),
        purityPerMille: z.number().int(),
        meltingLossPerMille: z.number().int(),
        fineMg: z.number().int(),
        usedMg: z.number().int(),
        soldMg: z.number().int(),
        expiredMg: z.number().int(),
        leftMg: z.number().int(),
        note: z.string(),
        madeAt: when,
        expiresAt: when,
      }),
    ),
    debits: z.array(
      z.object({
        creditId: z.number().int(),
        kind: z.string(),
        mg: z.number().int(),
        /** What the grams were worth: the metal they paid for, or the buy-back paid; 0 for an expiry. */
        valuePaise: Paise,
        orderNumber: z.string().nullable(),
        at: when,
        returnedAt: when.nullable(),
      }),
    ),
  }),
  /** Rate locks (issue 42): the weight and rate held, the advance and what became of it, and each order's use of it. Weights in milligrams. */
  rateLocks: z.array(
    z.object({
      lockId: z.number().int(),
      metal: z.string(),
      purity: z.number().int(),
      lockedMg: z.number().int(),
      usedMg: z.number().int(),
      leftMg: z.number().int(),
      ratePaisePerGram: Paise,
      rateDate: z.string(),
      advancePercent: z.number().int(),
      advancePaise: Paise,
      advanceUsedPaise: Paise,
      periodDays: z.number().int(),
      unusedAdvance: z.string(),
      status: z.string(),
      createdAt: when,
      paidAt: when.nullable(),
      endsAt: when.nullable(),
      endedAt: when.nullable(),
      advanceRefundedPaise: Paise,
      advanceKeptPaise: Paise,
      uses: z.array(z.object({ orderNumber: z.string(), usedMg: z.number().int(), advancePaise: Paise, at: when, returnedAt: when.nullable() })),
    }),
  ),
  /** Rate alerts (issue 42): the account's own, and those asked for by e-mail to the customer's address while it was theirs. */
  rateAlerts: z.array(
    z.object({
      metal: z.string(),
      purity: z.number().int(),
      direction: z.string(),
      levelPaisePerGram: Paise,
      channel: z.string(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      status: z.string(),
      rateAtRequestPaisePerGram: Paise,
      createdAt: when,
      confirmedAt: when.nullable(),
      crossedAt: when.nullable(),
      crossedRatePaisePerGram: Paise.nullable(),
      stoppedAt: when.nullable(),
    }),
  ),
  /** Returns of delivered pieces, with their lines and each step. */
  returns: z.array(
    z.object({
      orderNumber: z.string(),
      status: z.string(),
      reason: z.string(),
      amountPaise: Paise,
      refundMethod: z.string(),
      pickupDate: z.string().nullable(),
      pickupNote: z.string().nullable(),
      pickupCourier: z.string().nullable(),
      pickupAwb: z.string().nullable(),
      checkNote: z.string().nullable(),
      refusedReason: z.string().nullable(),
      refundedPaise: Paise,
      createdAt: when,
      lines: z.array(z.object({ productName: z.string(), quantity: z.number().int(), amountPaise: Paise })),
      history: z.array(z.object({ status: z.string(), note: z.string().nullable(), at: when })),
    }),
  ),
  /** Lifetime exchanges and buy-backs of pieces bought here: the quote, and how it was settled. Weights in milligrams and cents (carat). */
  exchanges: z.array(
    z.object({
      kind: z.string(),
      status: z.string(),
      orderNumber: z.string(),
      productName: z.string(),
      quotedPaise: Paise,
      ratePaisePerGram: Paise,
      rateDate: z.string(),
      metalWeightMg: z.number().int(),
      diamondWeightCents: z.number().int(),
      settledPaise: Paise.nullable(),
      payoutReference: z.string().nullable(),
      refusedReason: z.string().nullable(),
      note: z.string().nullable(),
      createdAt: when,
      settledAt: when.nullable(),
    }),
  ),
  /** Complaints filed while signed in, with their thread as the customer sees it (the desk's internal notes are not part of it). */
  complaints: z.array(
    z.object({
      ticketNumber: z.string(),
      orderNumber: z.string().nullable(),
      category: z.string(),
      subject: z.string(),
      description: z.string(),
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      status: z.string(),
      createdAt: when,
      acknowledgeBy: when,
      resolveBy: when,
      acknowledgedAt: when.nullable(),
      resolvedAt: when.nullable(),
      reopenedAt: when.nullable(),
      resolution: z.string().nullable(),
      thread: z.array(z.object({ kind: z.string(), body: z.string().nullable(), event: z.string().nullable(), at: when })),
    }),
  ),
  /** Trade partner applications made while signed in, as given (with the owners and contact persons named in them). */
  tradePartnerApplications: z.array(
    z.object({
      reference: z.string(),
      form: z.string(),
      partnerType: z.string(),
      status: z.string(),
      firstName: z.string().nullable(),
      middleName: z.string().nullable(),
      lastName: z.string().nullable(),
      companyName: z.string(),
      email: z.string(),
      phone: z.string(),
      countryCode: z.string(),
      company: z.object({
        type: z.string().nullable(),
        typeOther: z.string().nullable(),
        address1: z.string().nullable(),
        address2: z.string().nullable(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        postalCode: z.string().nullable(),
        pan: z.string().nullable(),
        gstin: z.string().nullable(),
        invoiceName: z.string().nullable(),
        withEffectFrom: z.string().nullable(),
        bankName: z.string().nullable(),
        bankAccount: z.string().nullable(),
        bankBranch: z.string().nullable(),
        ifsc: z.string().nullable(),
        retail: z.string().nullable(),
        location: z.string().nullable(),
      }),
      showroom: z.object({
        name: z.string().nullable(),
        area: z.string().nullable(),
        established: z.string().nullable(),
        address1: z.string().nullable(),
        address2: z.string().nullable(),
        city: z.string().nullable(),
        state: z.string().nullable(),
        pincode: z.string().nullable(),
      }),
      /** Fast-moving categories' shares, in percent. */
      categoryShares: z.object({
        bangles: z.number().int().nullable(),
        bracelets: z.number().int().nullable(),
        earrings: z.number().int().nullable(),
        fingerRings: z.number().int().nullable(),
        necklaces: z.number().int().nullable(),
        nosePins: z.number().int().nullable(),
        pendants: z.number().int().nullable(),
      }),
      owners: z.array(
        z.object({
          name: z.string(),
          mobile: z.string().nullable(),
          email: z.string().nullable(),
          dob: z.string().nullable(),
          anniversary: z.string().nullable(),
        }),
      ),
      contacts: z.array(z.object({ role: z.string(), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })),
      createdAt: when,
    }),
  ),
  /** Free ring sizer requests made while signed in. */
  sizerRequests: z.array(
    z.object({
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      address: z.string(),
      productName: z.string().nullable(),
      status: z.string(),
      createdAt: when,
    }),
  ),
  /** What is in the cart now, at the price each line was added at. */
  cart: z.array(
    z.object({
      productName: z.string(),
      quantity: z.number().int(),
      options: z.record(z.string(), z.union([z.string(), z.number()])),
      unitPricePaise: Paise,
      addedAt: when,
    }),
  ),
  wishlist: z.array(z.object({ productName: z.string(), addedAt: when })),
  consents: z.object({ current: z.array(ConsentChannelSchema), history: z.array(ConsentEventSchema) }),
  /** The answers given for SMS and WhatsApp messages, per channel and purpose (none: the default, decision 057). */
  messageConsents: z.array(z.object({ channel: z.string(), purpose: z.string(), granted: z.boolean(), changedAt: when })),
  nominee: NomineeSchema.nullable(),
  /** Mails sent to the customer's address while it was theirs, as the outbox keeps them (sent mail is pruned after a while): no bodies. */
  messages: z.array(z.object({ subject: z.string(), kind: z.string(), status: z.string(), createdAt: when, sentAt: when.nullable() })),
  /** SMS and WhatsApp messages sent to the customer, as the outbox keeps them (sent ones are pruned after a while): never their words, which may carry a code. */
  phoneMessages: z.array(
    z.object({ channel: z.string(), toPhone: z.string(), kind: z.string(), status: z.string(), createdAt: when, sentAt: when.nullable() }),
  ),
});
export type PrivacyExport = z.infer<typeof PrivacyExportSchema>;
