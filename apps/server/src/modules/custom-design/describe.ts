/** How a request reads to people: its number, its title and its specification lines (screens and mails alike). */
export interface RequestFacts {
  id: number;
  metalType: string;
  goldQuality: number | null;
  goldColour: string | null;
  metalWeightMg: number | null;
  category: string;
  diamond: string | null;
  diamondQuality: string | null;
  diamondCount: number | null;
  diamondWeightCents: number | null;
  stone: string | null;
  stoneType: string | null;
  stoneCount: number | null;
  stoneWeightCents: number | null;
}

export { requestNumber } from '../../lib/request-number.ts';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** '18 kt Yellow Gold Rings', 'Silver Pendants', 'Platinum Bangles'. */
export function requestTitle(r: Pick<RequestFacts, 'metalType' | 'goldQuality' | 'goldColour' | 'category'>): string {
  if (r.metalType === 'gold') {
    return [r.goldQuality ? `${r.goldQuality} kt` : null, r.goldColour ?? 'Gold', r.category].filter(Boolean).join(' ');
  }
  return `${capital(r.metalType)} ${r.category}`;
}

/** '12.345 g' from milligrams (the specification lines and the made piece's mail). */
export const grams = (mg: number) => `${(mg / 1000).toLocaleString('en-IN', { maximumFractionDigits: 3 })} g`;
const carats = (cents: number) => `${(cents / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })} ct`;

/** 'Metal: 18 kt Yellow Gold' … lines for the mails. */
export function specLines(r: RequestFacts): string[] {
  const lines = [`Piece: ${requestTitle(r)}`];
  if (r.metalWeightMg !== null) lines.push(`Metal weight: ${grams(r.metalWeightMg)}`);
  if (r.diamond) {
    const parts = [
      r.diamond === 'Yes' ? null : r.diamond,
      r.diamondQuality,
      r.diamondCount !== null ? `${r.diamondCount} pcs` : null,
      r.diamondWeightCents !== null ? carats(r.diamondWeightCents) : null,
    ];
    lines.push(`Diamonds: ${parts.filter(Boolean).join(', ')}`);
  } else lines.push('Diamonds: none');
  if (r.stone) {
    const parts = [r.stoneType, r.stoneCount !== null ? `${r.stoneCount} pcs` : null, r.stoneWeightCents !== null ? carats(r.stoneWeightCents) : null];
    lines.push(`Stones: ${parts.filter(Boolean).join(', ')}`);
  } else lines.push('Stones: none');
  return lines;
}
