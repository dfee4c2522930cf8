/**
 * Jewellery drawings rendered by the server at /media/art/{kind}/{metal}/{variant}.svg (the renderer
 * and the source of truth for these names: packages/db/src/art.ts). Screens use them wherever a
 * photograph would go, so no page downloads an image from outside the store.
 */
export const ART_KINDS = ['ring', 'chain', 'bangle', 'bracelet', 'jhumka', 'earrings', 'pendant', 'necklace', 'nose-pin', 'studs'] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export const ART_METALS = ['yellow-gold', 'rose-gold', 'white-gold', 'platinum', 'silver'] as const;
export type ArtMetal = (typeof ART_METALS)[number];

/** The stone a variant draws, in the renderer's order; each kind has two styles (0 and 1). */
const ART_STONES = ['plain', 'diamond', 'ruby', 'emerald', 'sapphire', 'pearl', 'coral', 'navaratna', 'smoky-quartz', 'hematite'] as const;
export type ArtStone = (typeof ART_STONES)[number];

export interface ArtPiece {
  kind: ArtKind;
  metal: ArtMetal;
  stone: ArtStone;
  style?: 0 | 1;
}

/** The drawings are 600 × 600; <img> gets these intrinsic sizes so nothing shifts while they load. */
export const ART_SIZE = 600;

export function artUrl({ kind, metal, stone, style = 0 }: ArtPiece): string {
  const variant = style * ART_STONES.length + ART_STONES.indexOf(stone) + 1;
  return `/media/art/${kind}/${metal}/${variant}.svg`;
}

const METAL_NAMES: Record<ArtMetal, string> = {
  'yellow-gold': 'yellow gold',
  'rose-gold': 'rose gold',
  'white-gold': 'white gold',
  platinum: 'platinum',
  silver: 'silver',
};

const KIND_NAMES: Record<ArtKind, string> = {
  ring: 'ring',
  chain: 'chain',
  bangle: 'bangle',
  bracelet: 'bracelet',
  jhumka: 'pair of jhumkas',
  earrings: 'pair of earrings',
  pendant: 'pendant',
  necklace: 'necklace',
  'nose-pin': 'nose pin',
  studs: 'pair of stud earrings',
};

/** Alt text for a drawing that carries meaning: 'A rose gold bracelet with rubies'. */
export function artAlt({ kind, metal, stone }: ArtPiece): string {
  const withStone = stone === 'plain' ? '' : ` with ${stone === 'pearl' ? 'pearls' : stone.replace('-', ' ')}`;
  // Every metal name starts with a consonant, so the article is always 'A'.
  return `A ${METAL_NAMES[metal]} ${KIND_NAMES[kind]}${withStone}`;
}
