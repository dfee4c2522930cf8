import type { Paise } from './money.ts';

/** A CAD sheet's price lines (issue 19): what the design desk quotes and the customer approves. */
export interface CadPriceLines {
  metalPaise: Paise;
  makingPaise: Paise;
  diamondPaise: Paise;
  stonesPaise: Paise;
}

export interface CadPrice extends CadPriceLines {
  gstPaise: Paise;
  totalPaise: Paise;
}

/**
 * The lines and total of a made-to-order piece: metal, making, diamonds, stones, and the GST on their sum, the
 * total rounded once; the GST line takes the rounding so the lines add up to the total.
 */
export function cadPrice(parts: CadPriceLines, gstPercent: number): CadPrice {
  const pretax = parts.metalPaise + parts.makingPaise + parts.diamondPaise + parts.stonesPaise;
  const totalPaise = Math.round((pretax * (100 + gstPercent)) / 100);
  return { ...parts, gstPaise: totalPaise - pretax, totalPaise };
}

/** The metal's value: net weight in milligrams × the day's rate per gram, to the paisa. */
export function cadMetalValue(weightMg: number, ratePaisePerGram: Paise): Paise {
  return Math.round((weightMg * ratePaisePerGram) / 1000);
}

/** The advance on a sheet: its percent of the total, rounded once (half up) to the paisa. */
export function cadAdvance(totalPaise: Paise, percent: number): Paise {
  return Math.round((totalPaise * percent) / 100);
}

/** Do a breakup's lines add up to its total, and that total to the sheet's? */
export function cadPriceAddsUp(b: CadPrice, totalPaise: Paise): boolean {
  return b.totalPaise === totalPaise && b.metalPaise + b.makingPaise + b.diamondPaise + b.stonesPaise + b.gstPaise === b.totalPaise;
}

/** The part of a GST-inclusive total before GST (for re-splitting a recorded total into its lines). */
export function cadPretax(totalPaise: Paise, gstPercent: number): Paise {
  return Math.round((totalPaise * 100) / (100 + gstPercent));
}

/** The making charge when the desk leaves it empty: a percent of the metal's value. */
export function cadDefaultMaking(metalPaise: Paise, percent: number): Paise {
  return Math.round((metalPaise * percent) / 100);
}

/** Diamonds' value: the day's rate per carat × their weight in cents (hundredths of a carat), to the paisa. */
export function cadDiamondValue(ratePaisePerCarat: Paise, weightCents: number): Paise {
  return Math.round((ratePaisePerCarat * weightCents) / 100);
}
