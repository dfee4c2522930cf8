/**
 * The demo catalogue, computed (not typed in): each piece gets a style, a stone, a metal and a
 * target price band, and its weight is solved so that weight × rate + making + stones + 3 % GST
 * lands in that band at the seed day's rates. That is how every listing band has pieces and how
 * every list price agrees with the pricing package.
 */
import { lengthWeightsMg, priceJewellery } from '@milli/pricing';
import { ART_SPIN_FRAMES, artMetalFor, artPath, artVariant, type ArtKind, type ArtStone } from '../art.ts';
import { GIFT_OCCASIONS, GIFT_RECIPIENTS, type NewProduct } from '../schema.ts';
import { offeredChoices } from './choices.ts';
import { CATEGORY_SPECS, type CategorySpec, type Gender, type StyleSpec } from './catalog-data.ts';
import { Prng } from './prng.ts';
import { DIAMOND_RATES_RUPEES_PER_CARAT, GST_PERCENT, METAL_RATES_RUPEES_PER_GRAM } from './rates.ts';

/** The demo pieces that turn through 360° (issue 40): those whose shape a turntable shows best. */
const SPINNING: ReadonlySet<ArtKind> = new Set<ArtKind>(['ring', 'bangle', 'pendant']);

type Material = 'Gold' | 'Diamond' | 'Platinum' | 'Silver';
type Metal = 'gold' | 'platinum' | 'silver';
type Stone = ArtStone | 'polki';

/** Price bands of the listing, in rupees (spec §9); the last has no upper end. */
export const PRICE_BANDS_RUPEES: readonly [number, number | null][] = [
  [0, 10_000],
  [10_000, 20_000],
  [20_000, 30_000],
  [30_000, 50_000],
  [50_000, 75_000],
  [75_000, 100_000],
  [100_000, null],
];

export function priceBandOf(paise: number): number {
  const rupees = paise / 100;
  return PRICE_BANDS_RUPEES.findIndex(([lo, hi]) => rupees >= lo && (hi === null || rupees < hi));
}

interface MaterialPlan {
  material: Material;
  letter: string;
  metal: Metal;
  /** Pieces per category. */
  counts: Record<string, number>;
  /** Lowest and highest price band per category: what such a piece believably costs. */
  bands: Record<string, [number, number]>;
  stones: Partial<Record<Stone, number>>;
}

const PLANS: MaterialPlan[] = [
  {
    material: 'Gold',
    letter: 'G',
    metal: 'gold',
    counts: { Bangles: 9, Bracelets: 9, Chains: 9, Earrings: 11, Necklaces: 10, 'Nose Pins': 7, Pendants: 10, Rings: 11, 'Daily Wears': 8 },
    bands: {
      Bangles: [4, 6],
      Bracelets: [2, 6],
      Chains: [2, 6],
      Earrings: [1, 5],
      Necklaces: [4, 6],
      'Nose Pins': [0, 1],
      Pendants: [1, 4],
      Rings: [1, 4],
      'Daily Wears': [0, 2],
    },
    stones: { plain: 40, ruby: 11, emerald: 11, pearl: 11, coral: 7, navaratna: 7, 'smoky-quartz': 4 },
  },
  {
    material: 'Diamond',
    letter: 'D',
    metal: 'gold',
    counts: { Bangles: 6, Bracelets: 8, Chains: 4, Earrings: 11, Necklaces: 8, 'Nose Pins': 7, Pendants: 10, Rings: 12, 'Daily Wears': 8 },
    bands: {
      Bangles: [4, 6],
      Bracelets: [3, 6],
      Chains: [3, 5],
      Earrings: [1, 6],
      Necklaces: [4, 6],
      'Nose Pins': [0, 2],
      Pendants: [1, 5],
      Rings: [1, 6],
      'Daily Wears': [0, 3],
    },
    stones: { diamond: 60, ruby: 9, emerald: 9, sapphire: 11, pearl: 4, polki: 6 },
  },
  {
    material: 'Platinum',
    letter: 'P',
    metal: 'platinum',
    counts: { Bangles: 3, Bracelets: 6, Chains: 5, Earrings: 5, Necklaces: 3, 'Nose Pins': 3, Pendants: 6, Rings: 10, 'Daily Wears': 4 },
    bands: {
      Bangles: [4, 6],
      Bracelets: [3, 5],
      Chains: [3, 5],
      Earrings: [2, 4],
      Necklaces: [5, 6],
      'Nose Pins': [0, 1],
      Pendants: [1, 3],
      Rings: [2, 5],
      'Daily Wears': [1, 2],
    },
    stones: { diamond: 55, plain: 35, sapphire: 10 },
  },
  {
    material: 'Silver',
    letter: 'S',
    metal: 'silver',
    counts: { Bangles: 6, Bracelets: 8, Chains: 6, Earrings: 8, Necklaces: 6, 'Nose Pins': 6, Pendants: 8, Rings: 7, 'Daily Wears': 7 },
    bands: {
      Bangles: [0, 1],
      Bracelets: [0, 0],
      Chains: [0, 1],
      Earrings: [0, 0],
      Necklaces: [0, 2],
      'Nose Pins': [0, 0],
      Pendants: [0, 0],
      Rings: [0, 0],
      'Daily Wears': [0, 0],
    },
    stones: { plain: 28, pearl: 12, coral: 10, hematite: 12, 'smoky-quartz': 12, ruby: 6, emerald: 6, sapphire: 6, navaratna: 6 },
  },
];

/** Highest demo price per category in the open-ended top band, rupees. */
const TOP_BAND_CEILING: Record<string, number> = { Necklaces: 450_000, Bangles: 350_000 };
const DEFAULT_TOP_CEILING = 250_000;

/** Stone links (other_stones names) and the listing colour each stone gives. */
const STONE_FACTS: Record<
  Stone,
  { links: string[]; colour: 'Red' | 'Green' | 'Brown' | 'Grey' | 'Orange' | null; word: string | null; rupeesPerCarat: number }
> = {
  plain: { links: [], colour: null, word: null, rupeesPerCarat: 0 },
  diamond: { links: [], colour: null, word: 'Diamond', rupeesPerCarat: 0 },
  ruby: { links: ['Ruby', 'Gem Stone'], colour: 'Red', word: 'Ruby', rupeesPerCarat: 9_000 },
  emerald: { links: ['Emerald', 'Gem Stone'], colour: 'Green', word: 'Emerald', rupeesPerCarat: 8_000 },
  sapphire: { links: ['Sapphire', 'Gem Stone'], colour: null, word: 'Sapphire', rupeesPerCarat: 7_000 },
  pearl: { links: ['Pearl'], colour: null, word: 'Pearl', rupeesPerCarat: 2_500 },
  coral: { links: ['Coral', 'Gem Stone'], colour: 'Orange', word: 'Coral', rupeesPerCarat: 1_500 },
  navaratna: { links: ['Navaratna', 'Gem Stone'], colour: null, word: 'Navaratna', rupeesPerCarat: 4_000 },
  'smoky-quartz': { links: ['Smoky Quartz', 'Gem Stone'], colour: 'Brown', word: 'Smoky Quartz', rupeesPerCarat: 600 },
  hematite: { links: ['Hematite', 'Gem Stone'], colour: 'Grey', word: 'Hematite', rupeesPerCarat: 300 },
  polki: { links: ['Polki'], colour: null, word: 'Polki', rupeesPerCarat: 30_000 },
};

/** One demo piece, ready to insert once its category id is known. */
export interface DemoProduct {
  row: Omit<NewProduct, 'categoryId' | 'searchText'>;
  category: string;
  tags: string[];
  stones: string[];
  /** On the demo store's sale (seed/sales.ts). */
  onSale: boolean;
}

export interface DemoCatalogueOptions {
  today: Date;
  /** Rate day (YYYY-MM-DD) the list prices are computed at. */
  rateDate: string;
}

const DAY_MS = 86_400_000;

export function buildDemoProducts({ today, rateDate }: DemoCatalogueOptions): DemoProduct[] {
  const rng = new Prng(0x4d696c6c); // 'Mill'
  const usedNames = new Set<string>();
  const usedHuids = new Set<string>();
  const out: DemoProduct[] = [];
  let seq = 0;

  for (const [planIndex, plan] of PLANS.entries()) {
    for (const category of CATEGORY_SPECS) {
      const count = plan.counts[category.name] ?? 0;
      const [bandLo, bandHi] = plan.bands[category.name] ?? [0, 0];
      for (let i = 0; i < count; i++) {
        seq += 1;
        // Each range starts at a different style so that, together, they show every style.
        const styleIndex = i + planIndex * 2;
        let style = category.styles[styleIndex % category.styles.length]!;
        // Solitaires are diamond pieces: the Gold and Silver ranges take the next style instead.
        if (style.solitaire && (plan.material === 'Gold' || plan.material === 'Silver')) {
          style = category.styles[(styleIndex + 1) % category.styles.length]!;
        }
        let stone = rng.weighted(plan.stones);
        // A solitaire is a diamond in the Diamond and Platinum ranges; Men's pieces stay plain or bold.
        if (style.solitaire && (plan.material === 'Diamond' || plan.material === 'Platinum')) stone = 'diamond';
        const band = bandLo + ((i + (seq % 2)) % (bandHi - bandLo + 1));
        const piece = makePiece({ rng, plan, category, style, stone, band, seq, groupIndex: i, rateDate, usedNames, usedHuids });
        const createdAt = new Date(today.getTime() - rng.int(1, 200) * DAY_MS - rng.int(0, 86_399) * 1000);
        out.push({ ...piece, row: { ...piece.row, createdAt, updatedAt: createdAt } });
      }
    }
  }

  // Featured: the best sellers lead the default sort.
  [...out]
    .sort((a, b) => (b.row.unitsSold ?? 0) - (a.row.unitsSold ?? 0) || a.row.sku.localeCompare(b.row.sku))
    .slice(0, 24)
    .forEach((p, rank) => {
      p.row.featuredRank = rank + 1;
    });

  // Kundan chokers (issue 38): among the commonest bridal pieces an Indian jeweller sells, and what a shopper searches
  // for as such. Styled Kundan and Chokers both. Made last, from a random stream of their own and after the featured
  // picks, so every piece above is as it was.
  const kundan = new Prng(0x4b756e64); // 'Kund'
  const necklaces = CATEGORY_SPECS.find((c) => c.name === 'Necklaces')!;
  for (const [i, k] of KUNDAN_CHOKERS.entries()) {
    seq += 1;
    const plan = PLANS.find((p) => p.material === k.material)!;
    const piece = makePiece({
      rng: kundan,
      plan,
      category: necklaces,
      style: KUNDAN_CHOKER,
      stone: k.stone,
      band: k.band,
      seq,
      groupIndex: i,
      rateDate,
      usedNames,
      usedHuids,
    });
    const createdAt = new Date(today.getTime() - kundan.int(1, 60) * DAY_MS - kundan.int(0, 86_399) * 1000);
    out.push({ ...piece, tags: ['Kundan', 'Chokers'], row: { ...piece.row, createdAt, updatedAt: createdAt } });
  }
  return out;
}

/** The kundan choker's style: a bridal and festive piece, drawn as a necklace. */
const KUNDAN_CHOKER: StyleSpec = { tag: 'Kundan', noun: 'Kundan Choker', art: 'necklace', artStyle: 0, occasions: ['Wedding', 'Festive'] };

/** Three kundan chokers: 22 kt gold with uncut polki, gold with pearls, and silver with pearls, in their price bands. */
const KUNDAN_CHOKERS: { material: MaterialPlan['material']; stone: Stone; band: number }[] = [
  { material: 'Gold', stone: 'polki', band: 6 },
  { material: 'Gold', stone: 'pearl', band: 5 },
  { material: 'Silver', stone: 'pearl', band: 2 },
];

interface PieceInput {
  rng: Prng;
  plan: MaterialPlan;
  category: CategorySpec;
  style: StyleSpec;
  stone: Stone;
  band: number;
  seq: number;
  groupIndex: number;
  rateDate: string;
  usedNames: Set<string>;
  usedHuids: Set<string>;
}

function makePiece(input: PieceInput): Omit<DemoProduct, 'row'> & { row: DemoProduct['row'] } {
  const { rng, plan, category, style, stone, band, seq, groupIndex, rateDate } = input;
  const metal = plan.metal;

  // Metal colour and purity: yellow gold is 22 kt; rose and white gold need 18 kt alloys;
  // diamond settings are 18 kt (14 kt for the lightest pieces).
  let metalColour: 'Yellow Gold' | 'Rose Gold' | 'White Gold' | null = null;
  let purity: number;
  if (metal === 'gold') {
    metalColour = rng.weighted(
      plan.material === 'Gold' ? { 'Yellow Gold': 70, 'Rose Gold': 15, 'White Gold': 15 } : { 'Yellow Gold': 40, 'Rose Gold': 25, 'White Gold': 35 },
    );
    if (plan.material === 'Gold') purity = metalColour === 'Yellow Gold' ? (category.name === 'Daily Wears' ? 18 : 22) : 18;
    else purity = band <= 1 ? 14 : 18;
  } else {
    purity = metal === 'platinum' ? 950 : 925;
  }
  const rateRupees = metalRate(metal, purity);

  const facts = STONE_FACTS[stone];
  const diamondQuality: 'SI-IJ' | 'VVS-GH' | null =
    stone === 'diamond' || (plan.material === 'Diamond' && stone !== 'polki') || (plan.material === 'Platinum' && stone === 'sapphire')
      ? style.solitaire
        ? 'VVS-GH'
        : 'SI-IJ'
      : null;

  // Shares of the pre-tax price: making is a percentage of the metal, as Indian jewellers charge it.
  const making = plan.material === 'Silver' ? rng.range(0.25, 0.45) : plan.material === 'Platinum' ? rng.range(0.18, 0.25) : rng.range(0.12, 0.2);
  let diamondShare = 0;
  let stoneShare = 0;
  if (stone === 'diamond')
    diamondShare = style.solitaire ? rng.range(0.55, 0.68) : plan.material === 'Platinum' ? rng.range(0.25, 0.45) : rng.range(0.35, 0.58);
  else if (diamondQuality) diamondShare = rng.range(0.18, 0.3);
  if (stone === 'polki') stoneShare = rng.range(0.3, 0.42);
  else if (stone === 'navaratna') stoneShare = rng.range(0.15, 0.25);
  else if (stone === 'ruby' || stone === 'emerald' || stone === 'sapphire')
    stoneShare = plan.material === 'Silver' ? rng.range(0.1, 0.22) : rng.range(0.08, 0.18);
  else if (stone === 'pearl' || stone === 'coral') stoneShare = rng.range(0.05, 0.14);
  else if (stone === 'smoky-quartz' || stone === 'hematite') stoneShare = rng.range(0.05, 0.12);

  // Rupees of GST-inclusive price per gram of metal for this piece.
  const perGram = ((rateRupees * (1 + making)) / (1 - diamondShare - stoneShare)) * (1 + GST_PERCENT / 100);
  const [minG, maxG] = metal === 'silver' ? category.grams.silver : category.grams.precious;
  const [bandLow, bandHighOrNull] = PRICE_BANDS_RUPEES[band]!;
  const bandHigh = bandHighOrNull ?? TOP_BAND_CEILING[category.name] ?? DEFAULT_TOP_CEILING;
  // Aim inside both the band and what a believable weight can cost; stay off the band's edges.
  let lo = Math.max(bandLow, minG * perGram);
  let hi = Math.min(bandHigh, maxG * perGram);
  if (lo > hi) [lo, hi] = minG * perGram > bandHigh ? [minG * perGram, minG * perGram * 1.2] : [maxG * perGram * 0.85, maxG * perGram];
  const target = lo + (hi - lo) * rng.range(0.12, 0.88);

  const pretax = target / (1 + GST_PERCENT / 100);
  const metalRupees = (pretax * (1 - diamondShare - stoneShare)) / (1 + making);
  const metalWeightMg = Math.max(100, Math.round((metalRupees / rateRupees) * 100) * 10);
  const makingChargePaise = roundTo(metalRupees * making * 100, 1000);
  const stoneValuePaise = stoneShare > 0 ? roundTo(pretax * stoneShare * 100, 1000) : 0;
  const diamondRupeesPerCarat = diamondQuality ? DIAMOND_RATES_RUPEES_PER_CARAT[diamondQuality] : 0;
  const diamondWeightCents = diamondShare > 0 ? Math.max(2, Math.round(((pretax * diamondShare) / diamondRupeesPerCarat) * 100)) : 0;
  const diamondCount = diamondWeightCents === 0 ? 0 : style.solitaire ? 1 : Math.max(2, Math.round(diamondWeightCents / rng.range(1.5, 3.5)));
  const stoneWeightCents = stoneValuePaise > 0 ? Math.max(5, Math.round((stoneValuePaise / 100 / facts.rupeesPerCarat) * 100)) : 0;

  const price = priceJewellery({
    metalWeightMg,
    ratePaisePerGram: rateRupees * 100,
    makingChargePaise,
    stoneValuePaise,
    diamondWeightCents,
    diamondRatePaisePerCarat: diamondRupeesPerCarat * 100,
    fixedPricePaise: null,
    gstPercent: GST_PERCENT,
  });

  // A few small silver pieces are sold at a typed price (no weight-based pricing), as silver
  // fashion pieces often are; they keep the fixed-price path of the pricing package exercised.
  const fixedPrice = plan.material === 'Silver' && (category.name === 'Nose Pins' || category.name === 'Daily Wears') && groupIndex % 3 === 2;
  const fixedPricePaise = fixedPrice ? roundTo(price.totalPaise, 1000) - 100 : null; // e.g. Rs. 1,489

  const name = uniqueName(input, facts.word);
  const sku = `M${plan.letter}-${category.code}-${String(seq).padStart(4, '0')}`;
  const artStone: ArtStone = stone === 'polki' ? 'diamond' : stone;
  const artStyle = style.artStyle ?? seq % 2;
  const image = artPath(style.art, artMetalFor(metal, metalColour), artVariant(artStone, artStyle));

  // These draws once made up a review count and a rating (decision 024: stars come from real reviews now).
  // They are still drawn, and thrown away, so that every later draw and the demo catalogue stay as they were.
  if (!rng.chance(0.15)) {
    rng.next();
    rng.next();
  }
  const unitsSold = Math.floor(rng.next() ** 2 * 420);
  // A handful of sold-out pieces, so "Out of Stock" shows somewhere.
  const stock = seq % 41 === 7 ? 0 : rng.int(1, 24);

  // On the demo store's sale. Fixed-price pieces have no making charge to discount, so none of them is chosen.
  const onSale =
    (['Pendants', 'Rings', 'Bracelets'].includes(category.name) && groupIndex % 3 === 1) ||
    (plan.material === 'Silver' && category.name === 'Bracelets' && groupIndex % 2 === 0) ||
    (category.name === 'Earrings' && groupIndex % 5 === 3);

  const gender: Gender = style.gender ?? (category.name === 'Chains' && rng.chance(0.4) ? 'Unisex' : 'Women');
  const occasion = rng.pick(style.occasions);
  const choices = offeredChoices({
    material: plan.material,
    metal,
    category: category.name,
    art: style.art,
    metalColour,
    diamondQuality,
    solitaire: Boolean(style.solitaire),
    plain: stone === 'plain',
    kids: gender === 'Kids',
  });
  // Issue 38: a chain weighs more the longer it is; the weight drawn above is its first (shortest) length's.
  const sizeWeightsMg = choices.sizeKind === 'length' && !fixedPrice ? (lengthWeightsMg(metalWeightMg, choices.sizes) ?? []) : [];

  // Issue 38 (contracts hallmark.ts): gold is always hallmarked; silver is when its maker sent it for hallmarking, as
  // about half the weighed silver pieces here were; platinum never is. Each piece's HUID comes on its order.
  const hallmarked = metal === 'gold' || (metal === 'silver' && !fixedPrice && seq % 2 === 0);
  const description = describe({ rng, style, metal, metalColour, purity, stone, diamondWeightCents, hallmarked });
  // This draw once gave the product a HUID of its own. It is still drawn, and thrown away, so that every later draw
  // and the demo catalogue stay as they were.
  if (metal === 'gold') huid(rng, input.usedHuids);

  return {
    category: category.name,
    tags: [style.tag],
    stones: facts.links,
    onSale,
    row: {
      sku,
      name,
      slug: slugify(name),
      description,
      material: plan.material,
      metal,
      metalColour,
      purity,
      metalWeightMg: fixedPrice ? null : metalWeightMg,
      fixedPricePaise,
      makingChargePaise: fixedPrice ? 0 : makingChargePaise,
      diamondWeightCents,
      diamondCount,
      diamondQuality,
      stoneValuePaise: fixedPrice ? 0 : stoneValuePaise,
      stoneWeightCents,
      colour: facts.colour,
      hallmarked,
      stock,
      unitsSold,
      featuredRank: null,
      image,
      spinFrames: SPINNING.has(style.art) ? ART_SPIN_FRAMES : 0,
      gender,
      occasion,
      ...giftingOf(style, category.name, plan.material, gender, band),
      listPricePaise: fixedPricePaise ?? price.totalPaise,
      listPriceDate: rateDate,
      active: true,
      ...choices,
      sizeWeightsMg,
    },
  };
}

/** Styles a jeweller engraves a name or a date on. */
const ENGRAVABLE_STYLES = new Set(['Charm', 'Coin', 'Heart', 'Couple Bands', "Men's Rings", 'Minimal Pendants']);

/**
 * The gifting collections of a piece (decision 024), by rules a merchandiser would follow, so every gifting
 * link of the header lists pieces: gifts for an occasion the style is made for; everyday pieces as gifts to
 * oneself; engravable styles as personalised gifts; and for whom, by who wears it and what it costs.
 */
function giftingOf(
  style: StyleSpec,
  category: string,
  material: Material,
  gender: Gender,
  band: number,
): { giftOccasions: (typeof GIFT_OCCASIONS)[number][]; giftRecipients: (typeof GIFT_RECIPIENTS)[number][] } {
  const worn = new Set(style.occasions);
  const occasions = GIFT_OCCASIONS.filter((o) => {
    if (o === 'Self') return worn.has('Daily') || worn.has('Office');
    if (o === 'Personalized') return ENGRAVABLE_STYLES.has(style.tag);
    return worn.has(o);
  });
  const women = gender === 'Women';
  const recipients = GIFT_RECIPIENTS.filter((r) => {
    switch (r) {
      case 'Kids':
        return gender === 'Kids';
      case 'Wife':
        return women && (worn.has('Anniversary') || worn.has('Wedding') || material === 'Diamond' || material === 'Platinum');
      case 'Mom':
        return women && (worn.has('Festive') || worn.has('Wedding') || category === 'Bangles' || category === 'Necklaces');
      case 'Sister':
        return women && (worn.has('Birthday') || worn.has('Daily')) && band <= 3;
      case 'Friends':
        return gender !== 'Kids' && (gender !== 'Women' || material === 'Silver' || band <= 1);
    }
  });
  return { giftOccasions: occasions, giftRecipients: recipients };
}

function metalRate(metal: Metal, purity: number): number {
  const rate = METAL_RATES_RUPEES_PER_GRAM.find((r) => r.metal === metal && r.purity === purity);
  if (!rate) throw new Error(`no demo rate for ${metal} ${purity}`);
  return rate.rupees;
}

function roundTo(value: number, step: number): number {
  return Math.max(step, Math.round(value / step) * step);
}

function uniqueName(input: PieceInput, stoneWord: string | null): string {
  const { rng, plan, category, style, usedNames } = input;
  const metalWord = plan.material === 'Silver' ? 'Silver' : plan.material === 'Platinum' ? 'Platinum' : null;
  const start = rng.int(0, category.motifs.length - 1);
  for (let k = 0; k < category.motifs.length * 3; k++) {
    const motif = category.motifs[(start + k) % category.motifs.length]!;
    // Second and third tries drop or move the stone word before giving up on a motif.
    const words =
      k < category.motifs.length
        ? [motif, stoneWord, metalWord, style.noun]
        : k < category.motifs.length * 2
          ? [motif, metalWord, stoneWord && style.noun.includes(' ') ? stoneWord : null, style.noun, 'II']
          : [motif, metalWord, style.noun, String(k)];
    const name = dedupeWords(words.filter((w): w is string => Boolean(w))).join(' ');
    if (!usedNames.has(name)) {
      usedNames.add(name);
      return name;
    }
  }
  throw new Error(`ran out of names for ${category.name}`);
}

/** 'Meenakari Meenakari Bangle' reads badly: drop a word that repeats the one before. */
function dedupeWords(words: string[]): string[] {
  const seen = new Set<string>();
  return words
    .join(' ')
    .split(' ')
    .filter((w) => {
      const key = w.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const HUID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function huid(rng: Prng, used: Set<string>): string {
  for (;;) {
    let s = '';
    for (let i = 0; i < 6; i++) s += HUID_ALPHABET[rng.int(0, HUID_ALPHABET.length - 1)];
    // Real HUIDs mix letters and digits; a six-letter word would look made up.
    if (!/[0-9]/.test(s) || !/[A-Z]/.test(s) || used.has(s)) continue;
    used.add(s);
    return s;
  }
}

interface DescribeInput {
  rng: Prng;
  style: StyleSpec;
  metal: Metal;
  metalColour: string | null;
  purity: number;
  stone: Stone;
  diamondWeightCents: number;
  hallmarked: boolean;
}

const CRAFT = [
  'Shaped and polished by hand by our karigars in Chennai.',
  'Cast from a hand-carved wax model, then finished and set stone by stone.',
  'Light enough to wear all day, with edges rounded so nothing catches.',
  'Made to be handed down: solid and easy to re-polish.',
  'The pattern is cut by hand, so no two pieces shine exactly alike.',
  'Finished with a mirror polish on the front and a soft satin on the back.',
];

const STONE_PHRASE: Record<Stone, string> = {
  plain: 'no stones, just the glow of the metal',
  diamond: 'natural diamonds',
  ruby: 'deep red rubies',
  emerald: 'bright green emeralds',
  sapphire: 'blue sapphires',
  pearl: 'lustrous freshwater pearls',
  coral: 'red-orange coral',
  navaratna: 'the nine gems of the navaratna',
  'smoky-quartz': 'warm brown smoky quartz',
  hematite: 'polished grey hematite',
  polki: 'uncut polki diamonds',
};

function describe(d: DescribeInput): string {
  const metalText =
    d.metal === 'gold'
      ? `${d.purity} kt ${(d.metalColour ?? 'Yellow Gold').toLowerCase()}`
      : d.metal === 'platinum'
        ? 'Pt 950 platinum'
        : '925 sterling silver';
  const carats = `${(d.diamondWeightCents / 100).toFixed(2)} ct`;
  const stones =
    d.stone === 'plain'
      ? `with no stones, just the glow of the metal`
      : d.stone === 'diamond'
        ? `set with ${carats} of natural diamonds`
        : d.diamondWeightCents > 0
          ? `set with ${STONE_PHRASE[d.stone]} and ${carats} of diamonds`
          : `set with ${STONE_PHRASE[d.stone]}`;
  // What is stamped on the piece: a BIS hallmark with the piece's own HUID (given on its invoice), or the maker's mark.
  const hallmark = d.hallmarked
    ? 'BIS hallmarked: each piece carries its own HUID, printed on your invoice.'
    : d.metal === 'platinum'
      ? 'Stamped Pt 950.'
      : 'Stamped 925.';
  return `${withArticle(d.style.noun.toLowerCase())} in ${metalText}, ${stones}. ${d.rng.pick(CRAFT)} ${hallmark}`;
}

/** 'a pair of stud earrings', 'a set of stacking bangles', 'an evil eye pendant'. */
function withArticle(noun: string): string {
  if (/(earrings|studs)$/.test(noun)) return `A pair of ${noun}`;
  if (/bangles$/.test(noun)) return `A set of ${noun}`;
  return /^[aeiou]/.test(noun) ? `An ${noun}` : `A ${noun}`;
}
