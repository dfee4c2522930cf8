/**
 * What each demo piece is made in (DECISIONS §7), so the product page offers only real choices:
 * - gold karats: yellow gold from 14 to 22 kt (24 kt only for plain pieces: pure gold is too soft to hold a
 *   stone); rose and white gold are 14 and 18 kt alloys; diamond settings 14 and 18 kt;
 * - colours: the Diamond range and rose or white gold pieces in all three golds (the drawings exist in each);
 *   yellow gold of 22 kt stays yellow;
 * - diamond grades: solitaires from SI-GH up, smaller stones SI-IJ to VVS-GH;
 * - sizes: rings 1-30 (the spec's sizes, and the ring sizer), bangles in bangle sizes, chains in lengths;
 *   a featherlight daily chain comes in one length and asks for none.
 */
import type { ArtKind } from '../art.ts';
import { METAL_COLOURS, type DIAMOND_QUALITIES, type SIZE_KINDS } from '../schema.ts';

type Colour = (typeof METAL_COLOURS)[number];

export interface ChoicesInput {
  material: 'Gold' | 'Diamond' | 'Platinum' | 'Silver';
  metal: 'gold' | 'platinum' | 'silver';
  category: string;
  art: ArtKind;
  metalColour: Colour | null;
  diamondQuality: (typeof DIAMOND_QUALITIES)[number] | null;
  solitaire: boolean;
  plain: boolean;
  kids: boolean;
}

export interface OfferedChoices {
  purities: number[];
  metalColours: Colour[];
  diamondQualities: (typeof DIAMOND_QUALITIES)[number][];
  sizeKind: (typeof SIZE_KINDS)[number] | null;
  sizes: string[];
}

export const RING_SIZES = Array.from({ length: 30 }, (_, i) => String(i + 1));
/** Indian bangle sizes (inches and sixteenths: 2.6 is 2 6/16 in inside). */
export const BANGLE_SIZES = ['2.2', '2.4', '2.6', '2.8', '2.10'];
export const KIDS_BANGLE_SIZES = ['1.8', '1.10', '1.12', '1.14', '2.0'];
/** Chain lengths, inches. */
export const CHAIN_LENGTHS = ['16', '18', '20', '22', '24'];

export function offeredChoices(p: ChoicesInput): OfferedChoices {
  let purities: number[] = [];
  let metalColours: Colour[] = [];
  if (p.metal === 'gold') {
    if (p.material === 'Diamond' || p.metalColour !== 'Yellow Gold') {
      purities = [14, 18];
      metalColours = [...METAL_COLOURS];
    } else {
      purities = p.plain ? [14, 18, 22, 24] : [14, 18, 22];
      metalColours = ['Yellow Gold'];
    }
  }
  const diamondQualities: OfferedChoices['diamondQualities'] =
    p.diamondQuality === null ? [] : p.solitaire ? ['SI-GH', 'VVS-GH', 'VVS-EF'] : ['SI-IJ', 'SI-GH', 'VVS-GH'];

  let sizeKind: OfferedChoices['sizeKind'] = null;
  let sizes: string[] = [];
  if (p.art === 'ring') [sizeKind, sizes] = ['ring', RING_SIZES];
  else if (p.art === 'bangle' && p.category === 'Bangles') [sizeKind, sizes] = ['bangle', p.kids ? KIDS_BANGLE_SIZES : BANGLE_SIZES];
  else if (p.art === 'chain' && p.category === 'Chains') [sizeKind, sizes] = ['length', CHAIN_LENGTHS];
  return { purities, metalColours, diamondQualities, sizeKind, sizes };
}
