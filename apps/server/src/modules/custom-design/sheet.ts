import type { Db, schema } from '@milli/db';
import type { CadBreakup, CadVersion } from '@milli/contracts/schemas';
import { cadMetalValue, cadPretax, cadPrice, indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { uploadUrl } from './storage.ts';
import { customDesignRepository } from './repository.ts';

/**
 * A CAD sheet's money (issue 19): its breakup from the day's rates, the advance, and the made piece's final
 * total. Shared by the design desk (desk.ts) and the customer's page and balance (service.ts, balance.ts).
 */

type Metal = 'gold' | 'silver' | 'platinum';

/** The purity metal_rates keys a sheet's metal quality by: 14/18/22/24 kt gold, 950 platinum, 925 silver. */
export function purityOf(metal: Metal, metalQuality: string): number {
  if (metal === 'platinum') return 950;
  if (metal === 'silver') return 925;
  const kt = /^\s*(14|18|22|24)\s*(k|kt|karat|carat)?\s*$/i.exec(metalQuality);
  if (!kt)
    throw new DomainError('INVALID_REQUEST', 'Metal quality for gold is 14, 18, 22 or 24 kt.', {
      metalQuality: 'Metal quality for gold is 14, 18, 22 or 24 kt.',
    });
  return Number(kt[1]);
}

/** The rate in force today (the newest on or before today's Indian date) for a metal and purity, and its date. */
export async function metalRateToday(db: Db, metal: Metal, purity: number, day = indianDate(new Date())) {
  const found = await customDesignRepository(db).metalRateOn(metal, purity, day);
  if (!found) throw new DomainError('NO_RATE', `There is no ${metal} rate for purity ${purity} today. Please publish today's rates first.`);
  return found;
}

const DIAMOND_QUALITIES = ['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF'] as const;

export async function diamondRateToday(db: Db, quality: string, day = indianDate(new Date())) {
  const known = DIAMOND_QUALITIES.find((q) => q.toLowerCase() === quality.trim().toLowerCase());
  const message = `Diamond quality must be one of ${DIAMOND_QUALITIES.join(', ')}.`;
  if (!known) throw new DomainError('INVALID_REQUEST', message, { diamondQuality: message });
  const paise = await customDesignRepository(db).diamondRateOn(known, day);
  if (paise === null) throw new DomainError('NO_RATE', `There is no diamond rate for ${known} today. Please publish today's rates first.`);
  return paise;
}

export function storedBreakup(raw: Record<string, number> | null): CadBreakup | null {
  if (!raw) return null;
  const n = (k: string) => Number(raw[k] ?? 0);
  return {
    metalPaise: n('metalPaise'),
    makingPaise: n('makingPaise'),
    diamondPaise: n('diamondPaise'),
    stonesPaise: n('stonesPaise'),
    gstPaise: n('gstPaise'),
    totalPaise: n('totalPaise'),
  };
}

/**
 * The made piece's final total: the approved sheet's, or, when the sheet follows the weight, its metal line at the
 * real net weight and today's rate for the same purity, the other lines as on the sheet, and the GST recomputed.
 */
export async function finalTotalOf(
  db: Db,
  sheet: typeof schema.cadDesigns.$inferSelect,
  netWeightMg: number,
  gstPercent: number,
  day = indianDate(new Date()),
) {
  const b = storedBreakup(sheet.priceBreakup);
  if (!sheet.adjustToWeight || !b)
    return { totalPaise: sheet.totalAmountPaise, breakup: b, ratePaisePerGram: sheet.ratePaisePerGram, rateDate: sheet.rateDate };
  const metal = sheet.metal as Metal;
  const { ratePaisePerGram, rateDate } = await metalRateToday(db, metal, purityOf(metal, sheet.metalQuality), day);
  const breakup = cadPrice(
    { metalPaise: cadMetalValue(netWeightMg, ratePaisePerGram), makingPaise: b.makingPaise, diamondPaise: b.diamondPaise, stonesPaise: b.stonesPaise },
    gstPercent,
  );
  return { totalPaise: breakup.totalPaise, breakup, ratePaisePerGram, rateDate };
}

/**
 * The breakup of a recorded final total, for the balance order's line: recomputed at the rate of the day the piece
 * was made; should that day's rate have been corrected since, the metal line is the part of the recorded total the
 * other lines do not take (so the line always adds up to what the customer was told).
 */
export async function finalBreakupOf(
  db: Db,
  sheet: typeof schema.cadDesigns.$inferSelect,
  netWeightMg: number,
  finalTotalPaise: number,
  madeAt: Date,
  gstPercent: number,
) {
  const again = await finalTotalOf(db, sheet, netWeightMg, gstPercent, indianDate(madeAt));
  if (again.breakup && again.totalPaise === finalTotalPaise) return { ...again, breakup: again.breakup };
  const b = again.breakup ?? { metalPaise: 0, makingPaise: 0, diamondPaise: 0, stonesPaise: 0, gstPaise: 0, totalPaise: 0 };
  const others = b.makingPaise + b.diamondPaise + b.stonesPaise;
  const pretax = cadPretax(finalTotalPaise, gstPercent);
  const metalPaise = Math.max(0, pretax - others);
  const breakup: CadBreakup = {
    metalPaise,
    makingPaise: b.makingPaise,
    diamondPaise: b.diamondPaise,
    stonesPaise: b.stonesPaise,
    gstPaise: finalTotalPaise - metalPaise - others,
    totalPaise: finalTotalPaise,
  };
  return { totalPaise: finalTotalPaise, breakup, ratePaisePerGram: again.ratePaisePerGram, rateDate: again.rateDate };
}

/** Every version of a request's sheet, newest first, with its renders. */
export async function versionsOf(db: Db, requestId: number): Promise<CadVersion[]> {
  const { sheets, renders } = await customDesignRepository(db).designsWithRenders(requestId);
  return sheets.map((s) => ({
    id: s.id,
    version: s.version,
    status: s.status,
    metal: s.metal,
    category: s.category,
    metalWeightMg: s.metalWeightMg,
    metalQuality: s.metalQuality,
    colour: s.colour,
    diamondQuality: s.diamondQuality,
    diamondWeightCents: s.diamondWeightCents,
    stone: s.stone,
    stoneWeightCents: s.stoneWeightCents,
    totalAmountPaise: s.totalAmountPaise,
    advancePercent: s.advancePercent,
    advancePaise: s.advancePaise,
    breakup: storedBreakup(s.priceBreakup),
    ratePaisePerGram: s.ratePaisePerGram,
    rateDate: s.rateDate,
    adjustToWeight: s.adjustToWeight,
    note: s.note,
    rejectReason: s.rejectReason,
    sharedAt: s.sharedAt.toISOString(),
    decidedAt: s.decidedAt ? s.decidedAt.toISOString() : null,
    renders: renders
      .filter((r) => r.designId === s.id)
      .map((r) => ({ slot: r.slot, url: uploadUrl(r.path), thumbUrl: uploadUrl(r.thumbPath ?? r.path), width: r.width, height: r.height })),
  }));
}

/** The approved sheet of a request (the one its advance paid for). */
export const approvedSheet = (db: Db, requestId: number) => customDesignRepository(db).approvedDesign(requestId);

/** The order made for a request's balance (the newest not cancelled), if any. */
export async function balanceOrderOf(db: Db, requestId: number) {
  return (await customDesignRepository(db).ordersOf(requestId)).find((o) => o.status !== 'Cancelled') ?? null;
}
