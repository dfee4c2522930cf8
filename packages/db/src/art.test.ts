import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ART_KINDS,
  ART_METALS,
  ART_VARIANT_COUNT,
  artMetalFor,
  artPath,
  artVariant,
  collectionArt,
  collectionArtPath,
  parseArtPath,
  productArt,
  variantStone,
  variantStyle,
} from './art.ts';

/** Every tag opened is closed, in order: enough to catch a broken template without an XML library. */
function isBalanced(svg: string): boolean {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) {
      if (stack.pop() !== name) return false;
    } else stack.push(name!);
  }
  return stack.length === 0;
}

describe('art paths', () => {
  it('round-trip through parseArtPath', () => {
    expect(artPath('ring', 'yellow-gold', 3)).toBe('/media/art/ring/yellow-gold/3.svg');
    expect(parseArtPath('/media/art/ring/yellow-gold/3.svg')).toEqual({ kind: 'ring', metal: 'yellow-gold', variant: 3 });
    expect(parseArtPath('/media/art/nose-pin/platinum/20.svg')).toEqual({ kind: 'nose-pin', metal: 'platinum', variant: 20 });
  });

  it.each([
    '/media/art/ring/yellow-gold/0.svg',
    '/media/art/ring/yellow-gold/21.svg',
    '/media/art/ring/yellow-gold/03.svg',
    '/media/art/ring/brass/3.svg',
    '/media/art/crown/yellow-gold/3.svg',
    '/media/art/ring/yellow-gold/3.png',
    '/media/art/ring/yellow-gold/3.svg?x=1',
    '/media/art/../ring/yellow-gold/3.svg',
    'media/art/ring/yellow-gold/3.svg',
    '',
  ])('reject %s', (p) => {
    expect(parseArtPath(p)).toBeNull();
  });

  it('map variants to stone and style and back', () => {
    for (let v = 1; v <= ART_VARIANT_COUNT; v++) expect(artVariant(variantStone(v), variantStyle(v))).toBe(v);
    expect(variantStone(artVariant('ruby', 1))).toBe('ruby');
    expect(artMetalFor('gold', 'Rose Gold')).toBe('rose-gold');
    expect(artMetalFor('gold', null)).toBe('yellow-gold');
    expect(artMetalFor('platinum', null)).toBe('platinum');
  });
});

describe('productArt', () => {
  it('draws every kind, metal and variant as a small, well-formed 600 × 600 SVG', () => {
    for (const kind of ART_KINDS) {
      for (const metal of ART_METALS) {
        for (let v = 1; v <= ART_VARIANT_COUNT; v++) {
          const svg = productArt(kind, metal, v);
          expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600"')).toBe(true);
          expect(svg.length).toBeGreaterThan(2000);
          expect(svg.length).toBeLessThan(12_000);
          expect(isBalanced(svg), `${kind}/${metal}/${v}`).toBe(true);
          expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        }
      }
    }
  });

  it('is deterministic and differs between variants', () => {
    expect(productArt('jhumka', 'rose-gold', 7)).toBe(productArt('jhumka', 'rose-gold', 7));
    expect(productArt('jhumka', 'rose-gold', 7)).not.toBe(productArt('jhumka', 'rose-gold', 8));
    expect(productArt('ring', 'silver', 3)).not.toBe(productArt('ring', 'platinum', 3));
  });

  it('tints the metal and colours the stones', () => {
    expect(productArt('ring', 'yellow-gold', artVariant('ruby', 0))).toContain('#d4a437');
    expect(productArt('ring', 'yellow-gold', artVariant('ruby', 0))).toContain('#d3123c');
    expect(productArt('ring', 'white-gold', artVariant('emerald', 0))).toContain('#0f9a57');
  });

  it('renders to an image (librsvg through sharp)', async () => {
    for (const kind of ART_KINDS) {
      const svg = productArt(kind, 'yellow-gold', artVariant('navaratna', 1));
      const { data, info } = await sharp(Buffer.from(svg)).resize(60, 60).raw().toBuffer({ resolveWithObject: true });
      expect(info.width).toBe(60);
      // Not a blank tile: the picture has more than a handful of distinct colours.
      const colours = new Set<number>();
      for (let i = 0; i < data.length; i += info.channels) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      expect(colours.size, kind).toBeGreaterThan(50);
    }
  });

  it('rejects what it cannot draw', () => {
    expect(() => productArt('ring', 'yellow-gold', 0)).toThrow(RangeError);
    expect(() => productArt('crown' as never, 'yellow-gold', 1)).toThrow(RangeError);
    expect(() => productArt('ring', 'brass' as never, 1)).toThrow(RangeError);
  });

  it('has a collection tile for each home-page category', () => {
    for (const c of ['Bangles', 'Bracelets', 'Chains', 'Earrings', 'Necklaces', 'Nose Pins', 'Pendants', 'Rings']) {
      const p = collectionArtPath(c);
      expect(p && parseArtPath(p), c).not.toBeNull();
      expect(collectionArt(c)).toContain('<svg');
    }
    expect(collectionArtPath('Tiaras')).toBeNull();
  });
});
