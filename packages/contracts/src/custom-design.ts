import { z } from 'zod';
import { CUSTOM_GOLD_QUALITIES, DIAMOND_QUALITIES, METAL_COLOURS } from './constants.ts';
import { CUSTOM_LIMITS, type CustomDesignField } from './custom-design-fields.ts';
import { GatewayPaymentSchema } from './payments.ts';

export * from './custom-design-fields.ts';

const NONE = new Set(['', 'no', 'none', 'false', '0', 'n']);
const YES = new Set(['yes', 'true', '1', 'y']);

/** Multipart fields arrive as strings (or a file's Buffer, or a list if sent twice): one trimmed string or undefined. */
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : v === undefined || v === null ? '' : v);

function textField(label: string, max: number) {
  return z.preprocess(str, z.string({ error: `${label} must be text.` }).max(max, `${label} must be at most ${max} characters.`));
}

function numberField(label: string, unit: string, max: number, whole: boolean) {
  return textField(label, 20).transform((raw, ctx): number | undefined => {
    if (raw === '') return undefined;
    const n = Number(raw);
    if (!/^\d*\.?\d+$/.test(raw) || !Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a number${whole ? '' : ` in ${unit}`}, 0 or more.` });
      return z.NEVER;
    }
    if (whole && !Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a whole number.` });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most ${max}${whole ? '' : ` ${unit}`}.` });
      return z.NEVER;
    }
    return n;
  });
}

/** 'Yes' / a named kind means wanted; empty or 'No' means none. */
function choiceField(label: string) {
  return textField(label, 60).transform((raw) => {
    const lower = raw.toLowerCase();
    if (NONE.has(lower)) return null;
    return YES.has(lower) ? 'Yes' : raw;
  });
}

const ci = <T extends string>(values: readonly T[], raw: string): T | undefined => values.find((v) => v.toLowerCase() === raw.toLowerCase());

/**
 * The text fields of POST /api/admin/cutom-jewelry/new-request (multipart). Images are checked by the
 * server from their bytes; the category against the store's categories. Every message names its field.
 */
export const CustomDesignFormSchema = z
  .object({
    custMetalType: textField('Metal', 20),
    custGoldQuality: textField('Gold quality', 10),
    custMetalWeight: numberField('Metal weight', 'grams', CUSTOM_LIMITS.metalGrams, false),
    custGoldColor: textField('Gold colour', 20),
    custCategory: textField('Category', 60),
    custDiamond: choiceField('Diamond'),
    custDiamondQuality: textField('Diamond quality', 20),
    custDiamondNo: numberField('Number of diamonds', '', CUSTOM_LIMITS.count, true),
    custDiamondWeight: numberField('Diamond weight', 'carats', CUSTOM_LIMITS.diamondCarats, false),
    custStone: choiceField('Stone'),
    custStoneType: textField('Stone type', 60),
    custStoneNo: numberField('Number of stones', '', CUSTOM_LIMITS.count, true),
    custStoneWeight: numberField('Stone weight', 'carats', CUSTOM_LIMITS.stoneCarats, false),
    addRemarks: textField('Remarks', CUSTOM_LIMITS.remarks),
  })
  .transform((f, ctx) => {
    const fail = (path: CustomDesignField, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });

    const metal = ci(['gold', 'silver', 'platinum'] as const, f.custMetalType);
    if (!f.custMetalType) fail('custMetalType', 'Please choose a metal: Gold, Silver or Platinum.');
    else if (!metal) fail('custMetalType', 'Metal must be Gold, Silver or Platinum.');

    let goldQuality: number | null = null;
    let goldColour: (typeof METAL_COLOURS)[number] | null = null;
    if (metal === 'gold') {
      const kt = f.custGoldQuality.replace(/\s*(kt|k|karat|carat)$/i, '');
      goldQuality = CUSTOM_GOLD_QUALITIES.find((q) => String(q) === kt) ?? null;
      if (!f.custGoldQuality) fail('custGoldQuality', 'Please choose the gold quality: 14, 18 or 22 kt.');
      else if (!goldQuality) fail('custGoldQuality', 'Gold quality must be 14, 18 or 22 kt.');
      const colour = ci(METAL_COLOURS, f.custGoldColor) ?? ci(METAL_COLOURS, `${f.custGoldColor} Gold`);
      goldColour = colour ?? null;
      if (!f.custGoldColor) fail('custGoldColor', 'Please choose the gold colour: Yellow, Rose or White Gold.');
      else if (!colour) fail('custGoldColor', 'Gold colour must be Yellow Gold, Rose Gold or White Gold.');
    } else if (metal) {
      const name = metal === 'silver' ? 'silver' : 'platinum';
      if (f.custGoldQuality) fail('custGoldQuality', `Gold quality is for gold only: leave it empty for ${name}.`);
      if (f.custGoldColor) fail('custGoldColor', `Gold colour is for gold only: leave it empty for ${name}.`);
    }

    if (!f.custCategory) fail('custCategory', 'Please choose a category.');

    let diamondQuality: string | null = null;
    if (f.custDiamond) {
      diamondQuality = ci(DIAMOND_QUALITIES, f.custDiamondQuality) ?? null;
      if (!f.custDiamondQuality) fail('custDiamondQuality', `Please choose the diamond quality: ${DIAMOND_QUALITIES.join(', ')}.`);
      else if (!diamondQuality) fail('custDiamondQuality', `Diamond quality must be one of ${DIAMOND_QUALITIES.join(', ')}.`);
    } else {
      const extra = f.custDiamondQuality || f.custDiamondNo !== undefined || f.custDiamondWeight !== undefined;
      if (extra) fail('custDiamond', 'Diamond quality, number and weight apply only with a diamond: choose Yes under Diamond, or leave them empty.');
    }

    if (f.custStone) {
      if (!f.custStoneType) fail('custStoneType', 'Please choose the stone type.');
      if (f.custStoneNo === undefined) fail('custStoneNo', 'Please give the number of stones.');
      else if (f.custStoneNo < 1) fail('custStoneNo', 'Number of stones must be at least 1.');
      if (f.custStoneWeight === undefined) fail('custStoneWeight', 'Please give the stone weight in carats.');
      else if (f.custStoneWeight <= 0) fail('custStoneWeight', 'Stone weight must be more than 0 carats.');
    } else {
      const extra = f.custStoneType || f.custStoneNo !== undefined || f.custStoneWeight !== undefined;
      if (extra) fail('custStone', 'Stone type, number and weight apply only with a stone: choose Yes under Stone, or leave them empty.');
    }

    if (!f.addRemarks) fail('addRemarks', 'Please add remarks: tell our designers about the piece you have in mind.');

    return {
      metalType: metal ?? 'gold',
      goldQuality,
      goldColour,
      metalWeightMg: f.custMetalWeight === undefined ? null : Math.round(f.custMetalWeight * 1000),
      category: f.custCategory,
      diamond: f.custDiamond,
      diamondQuality: f.custDiamond ? diamondQuality : null,
      diamondCount: f.custDiamond ? (f.custDiamondNo ?? null) : null,
      diamondWeightCents: f.custDiamond && f.custDiamondWeight !== undefined ? Math.round(f.custDiamondWeight * 100) : null,
      stone: f.custStone,
      stoneType: f.custStone ? f.custStoneType : null,
      stoneCount: f.custStone ? (f.custStoneNo ?? null) : null,
      stoneWeightCents: f.custStone && f.custStoneWeight !== undefined ? Math.round(f.custStoneWeight * 100) : null,
      remarks: f.addRemarks,
    };
  });
export type CustomDesignForm = z.output<typeof CustomDesignFormSchema>;

/** A refused request: one sentence (the spec's message) plus the message of each field at fault. */
export const CustomDesignErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type CustomDesignError = z.infer<typeof CustomDesignErrorSchema>;

export const CustomImageSchema = z.object({ slot: z.number().int(), url: z.string(), thumbUrl: z.string(), width: z.number().int(), height: z.number().int() });
export type CustomImage = z.infer<typeof CustomImageSchema>;

/** One row of GET /api/custom-design/requests (the Customized Orders list: spec §3's title, id, date, status, image). */
export const CustomRequestRowSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  title: z.string(),
  date: z.string(),
  status: z.string(),
  image: z.string().nullable(),
});
export type CustomRequestRow = z.infer<typeof CustomRequestRowSchema>;
export const CustomRequestListSchema = z.object({ data: z.array(CustomRequestRowSchema) });

/** POST /api/custom-design/requests/{id}/approve: the gateway order for the design's advance, to pay in the checkout. */
export const CadApproveAnswerSchema = z.object({ message: z.string(), payment: GatewayPaymentSchema });
export type CadApproveAnswer = z.infer<typeof CadApproveAnswerSchema>;

/** The design sheet the design team shares (spec §3's CAD sheet attributes); amounts in paise. */
export const CadSheetSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  metal: z.string(),
  category: z.string(),
  metalWeightMg: z.number().int(),
  metalQuality: z.string(),
  colour: z.string().nullable(),
  diamondQuality: z.string().nullable(),
  diamondWeightCents: z.number().int().nullable(),
  stone: z.string().nullable(),
  stoneWeightCents: z.number().int().nullable(),
  totalAmountPaise: z.number().int(),
  advancePercent: z.number().int(),
  advancePaise: z.number().int(),
  image: z.string().nullable(),
  status: z.string(),
  sharedAt: z.string(),
});
export type CadSheet = z.infer<typeof CadSheetSchema>;

/** GET /api/custom-design/requests/{id}: the request as sent, its images, and the latest design sheet. */
export const CustomRequestDetailSchema = z.object({
  request: CustomRequestRowSchema.extend({
    metalType: z.string(),
    goldQuality: z.number().int().nullable(),
    goldColour: z.string().nullable(),
    metalWeightMg: z.number().int().nullable(),
    category: z.string(),
    diamond: z.string().nullable(),
    diamondQuality: z.string().nullable(),
    diamondCount: z.number().int().nullable(),
    diamondWeightCents: z.number().int().nullable(),
    stone: z.string().nullable(),
    stoneType: z.string().nullable(),
    stoneCount: z.number().int().nullable(),
    stoneWeightCents: z.number().int().nullable(),
    remarks: z.string(),
    rejectReason: z.string().nullable(),
    images: z.array(CustomImageSchema),
  }),
  design: CadSheetSchema.nullable(),
});
export type CustomRequestDetail = z.infer<typeof CustomRequestDetailSchema>;

/** POST /api/custom-design/requests/{id}/reject: why the shared design is not right (DECISIONS §2). */
/** The {id} of /api/custom-design/requests/{id}. */
export const CustomRequestParamsSchema = z.object({ id: z.coerce.number({ error: 'id must be a request number' }).int().positive().max(2_147_483_647) });

/**
 * POST /api/admin/cutom-jewelry/new-request as multipart delivers it (text fields as strings, pictures as
 * Buffers). Its fields are checked by CustomDesignFormSchema in the service, together with the pictures, so
 * that one answer names every field to mend; here only that it is a form.
 */
export const CustomDesignBodySchema = z.preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: 'Please send the custom design form.' }));

export const CadRejectSchema = z.object({
  reason: z.preprocess(
    str,
    z
      .string({ error: 'Reason must be text.' })
      .min(3, 'Please tell our designers what to change (at least a few words).')
      .max(1000, 'Reason must be at most 1000 characters.'),
  ),
});
