import type { Db } from '@milli/db';
import {
  RATE_JUMP_LIMIT,
  RATE_KEYS,
  RATE_LABELS,
  RATE_MAX_PAISE,
  isRateKey,
  type RateEntry,
  type RateKey,
  type RateRow,
  type RatesAnswer,
  type RateSample,
  type RatesUpdate,
  type RatesUpdateAnswer,
} from '@milli/contracts/schemas';
import { formatRupees, indianDate } from '@milli/pricing';
import { DomainError } from '../../domain-error.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { createCatalogService } from '../catalog/service.ts';
import { createSettingsService } from '../settings/service.ts';
import { createRatesRepository, type DatedRate } from './repository.ts';

/** How many days of history the rates screen shows unless asked otherwise. */
export const DEFAULT_HISTORY_DAYS = 90;

const GOLD_PURITIES = [14, 18, 22, 24];
const METAL_PURITY: Record<string, number[]> = { gold: GOLD_PURITIES, platinum: [950], silver: [925] };
const QUALITIES = ['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF'];

/** The calendar day `n` days before an ISO date. */
export function daysBefore(isoDate: string, n: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
}

interface CheckedRate {
  key: RateKey;
  paise: number;
  index: number;
}

/**
 * Checks each entry of a PUT: a known metal and purity (or diamond grade), a whole number of paise above 0 and
 * within reason, each rate once. Problems are keyed by the entry's field (`rates.2.purity`).
 */
export function checkRateEntries(entries: readonly RateEntry[]): { rates: CheckedRate[]; fields: Record<string, string> } {
  const fields: Record<string, string> = {};
  const rates: CheckedRate[] = [];
  const seen = new Map<RateKey, number>();
  entries.forEach((entry, i) => {
    const at = `rates.${i}`;
    let key: string;
    let amount: number | undefined;
    let amountField: string;
    if (entry.metal === 'diamond') {
      amountField = `${at}.paisePerCarat`;
      amount = entry.paisePerCarat;
      if (entry.paisePerGram !== undefined || entry.purity !== undefined)
        fields[`${at}.paisePerGram`] = 'A diamond rate is per carat: give quality and paisePerCarat, not purity or paisePerGram.';
      if (!entry.quality || !QUALITIES.includes(entry.quality)) {
        fields[`${at}.quality`] = `Unknown diamond grade${entry.quality ? ` “${entry.quality}”` : ''}: it must be one of ${QUALITIES.join(', ')}.`;
        return;
      }
      key = `diamond:${entry.quality}`;
    } else if (METAL_PURITY[entry.metal]) {
      amountField = `${at}.paisePerGram`;
      amount = entry.paisePerGram;
      const purities = METAL_PURITY[entry.metal]!;
      if (entry.paisePerCarat !== undefined || entry.quality !== undefined)
        fields[`${at}.paisePerCarat`] = 'A metal rate is per gram: give purity and paisePerGram, not quality or paisePerCarat.';
      if (entry.purity === undefined || !purities.includes(entry.purity)) {
        fields[`${at}.purity`] =
          entry.purity === undefined
            ? `Give the purity of ${entry.metal}: ${purities.join(', ')}.`
            : `Unknown purity ${entry.purity} for ${entry.metal}: it must be ${purities.join(', ')}.`;
        return;
      }
      key = `${entry.metal}:${entry.purity}`;
    } else {
      fields[`${at}.metal`] = `Unknown metal “${entry.metal}”: it must be gold, platinum, silver or diamond.`;
      return;
    }
    if (!isRateKey(key)) return;
    const label = RATE_LABELS[key];
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      fields[entry.metal === 'diamond' ? `${at}.quality` : `${at}.purity`] = `${label} is given twice (also rates.${earlier}).`;
      return;
    }
    seen.set(key, i);
    if (amount === undefined) fields[amountField] = `Give the rate of ${label} in paise.`;
    else if (!Number.isInteger(amount)) fields[amountField] = `The rate of ${label} must be a whole number of paise.`;
    else if (amount <= 0) fields[amountField] = `The rate of ${label} must be above 0.`;
    else if (amount > RATE_MAX_PAISE) fields[amountField] = `The rate of ${label} is too high: at most ${formatRupees(RATE_MAX_PAISE)}.`;
    else rates.push({ key, paise: amount, index: i });
  });
  return { rates, fields };
}

/**
 * Whether a new rate is a jump to confirm: more than RATE_JUMP_LIMIT away from the rate in force, and from
 * yesterday's (so putting right today's confirmed mistake, back near yesterday's rate, needs no confirmation).
 */
export function isJump(paise: number, inForce: number | undefined, yesterday: number | undefined): boolean {
  const far = (from: number | undefined) => from === undefined || Math.abs(paise - from) / from > RATE_JUMP_LIMIT;
  if (inForce === undefined && yesterday === undefined) return false;
  return far(inForce) && far(yesterday);
}

function percentChange(paise: number, from: number): string {
  const pct = ((paise - from) / from) * 100;
  return `${pct > 0 ? '+' : ''}${pct.toFixed(1)} %`;
}

/**
 * The day's rates (issue 17): what the back office's rates screen reads, and today's rates set in one transaction
 * with the catalogue repriced and the change audited.
 */
export function createRatesService(db: Db, now: () => Date = () => new Date()) {
  const repo = createRatesRepository(db);

  return {
    async overview(days = DEFAULT_HISTORY_DAYS): Promise<RatesAnswer> {
      const today = indianDate(now());
      const yesterday = daysBefore(today, 1);
      const from = daysBefore(today, days - 1);
      const inForce = new Map((await repo.inForceOn(today)).map((r) => [r.key, r]));
      const before = new Map((await repo.inForceOn(yesterday)).map((r) => [r.key, r]));
      const history = await repo.between(from, today);
      const opening = new Map((await repo.inForceOn(daysBefore(from, 1))).map((r) => [r.key, r]));
      const rates: RateRow[] = RATE_KEYS.map((key) => {
        const [metal, grade] = key.split(':') as [RateRow['metal'], string];
        const current = inForce.get(key);
        const prior = before.get(key);
        return {
          key,
          label: RATE_LABELS[key],
          metal,
          purity: metal === 'diamond' ? null : Number(grade),
          quality: metal === 'diamond' ? grade : null,
          unit: metal === 'diamond' ? 'carat' : 'gram',
          today: current?.date === today ? current.paise : null,
          inForce: current ? { paise: current.paise, date: current.date } : null,
          yesterday: prior ? { paise: prior.paise, date: prior.date } : null,
        };
      });
      const series = RATE_KEYS.map((key) => ({
        key,
        before: opening.has(key) ? { paise: opening.get(key)!.paise, date: opening.get(key)!.date } : null,
        points: history.filter((r) => r.key === key).map((r) => ({ paise: r.paise, date: r.date })),
      }));
      return {
        today,
        yesterday,
        todayComplete: rates.every((r) => r.today !== null),
        rates,
        history: { days, from, series },
        samples: await samples(),
      };
    },

    /**
     * Sets today's rates (only those given). Refuses bad entries with a message per field, and changes of more
     * than 20 % unless `confirm` (409 CONFLICT naming them). In one transaction: the rows, the catalogue's list
     * prices (reprice) and the audit record; the caller flushes the read cache after the commit.
     */
    async update(actor: AuditActor, body: RatesUpdate): Promise<RatesUpdateAnswer> {
      const { rates, fields } = checkRateEntries(body.rates);
      if (Object.keys(fields).length > 0) throw new DomainError('INVALID_REQUEST', Object.values(fields).join(' '), fields);
      const today = indianDate(now());
      return db.transaction(async (tx) => {
        const txRepo = createRatesRepository(tx);
        const inForce = new Map((await txRepo.inForceOn(today)).map((r) => [r.key, r]));
        const yesterday = new Map((await txRepo.inForceOn(daysBefore(today, 1))).map((r) => [r.key, r]));
        if (!body.confirm) {
          const jumps: Record<string, string> = {};
          for (const rate of rates) {
            const current = inForce.get(rate.key)?.paise;
            if (!isJump(rate.paise, current, yesterday.get(rate.key)?.paise)) continue;
            const from = current ?? yesterday.get(rate.key)!.paise;
            const field = rate.key.startsWith('diamond:') ? 'paisePerCarat' : 'paisePerGram';
            jumps[`rates.${rate.index}.${field}`] =
              `${RATE_LABELS[rate.key]}: ${formatRupees(from)} → ${formatRupees(rate.paise)} (${percentChange(rate.paise, from)}), more than ${RATE_JUMP_LIMIT * 100} % from the rate in force.`;
          }
          if (Object.keys(jumps).length > 0) {
            throw new DomainError(
              'CONFLICT',
              `Please check: ${Object.values(jumps).join(' ')} Send the same rates with "confirm": true if they are right.`,
              jumps,
            );
          }
        }
        const before: Record<string, DatedRate | null> = {};
        const written: Record<string, number> = {};
        for (const rate of rates) {
          before[rate.key] = inForce.get(rate.key) ?? null;
          written[rate.key] = rate.paise;
          const [metal, grade] = rate.key.split(':') as [string, string];
          if (metal === 'diamond') await txRepo.upsertDiamond(today, grade as 'SI-IJ', rate.paise);
          else await txRepo.upsertMetal(today, metal as 'gold', Number(grade), rate.paise);
        }
        const repriced = await createCatalogService(tx, createSettingsService(tx), now).reprice();
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'rates',
          entityId: today,
          before: Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v && { paise: v.paise, date: v.date }])),
          after: { ...written, repriced },
        });
        return { date: today, written, repriced };
      });
    },
  };

  /** The typical pieces with what their price is made of, priced at the rates in force. */
  async function samples(): Promise<RateSample[]> {
    const catalog = createCatalogService(db, createSettingsService(db), now);
    const out: RateSample[] = [];
    for (const id of await repo.sampleProductIds()) {
      const detail = await catalog.detail(id);
      if (!detail) continue;
      const key = `${detail.pricing.metal}:${detail.pricing.defaultPurity}`;
      if (!isRateKey(key)) continue;
      out.push({ id, name: detail.product_name, sku: detail.product_sku, key, pricePaise: detail.product_price_paise, pricing: detail.pricing });
    }
    return out;
  }
}
