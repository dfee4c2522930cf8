import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ART_KINDS, ART_SPIN_FRAMES, artPath, artSpinFrames, artSpinPath, parseArtPath, productArt } from './art.ts';
import { artViewWords, renderArt } from './art-views.ts';

/** Every tag opened is closed, in order. */
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

/** The picture decoded small, as raw RGB. */
async function pixels(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(48, 48).removeAlpha().raw().toBuffer();
}

describe('the views of a demo piece', () => {
  it('have paths that read back to their view and frame', () => {
    expect(artPath('ring', 'rose-gold', 4, 'worn')).toBe('/media/art/ring/rose-gold/4-worn.svg');
    expect(parseArtPath('/media/art/ring/rose-gold/4-worn.svg')).toEqual({ kind: 'ring', metal: 'rose-gold', variant: 4, view: 'worn' });
    expect(parseArtPath(artSpinPath('bangle', 'silver', 12, 7))).toEqual({ kind: 'bangle', metal: 'silver', variant: 12, frame: 7 });
    expect(artPath('ring', 'rose-gold', 4, 'front')).toBe('/media/art/ring/rose-gold/4.svg');
  });

  it.each([
    '/media/art/ring/rose-gold/4-top.svg',
    '/media/art/ring/rose-gold/4-spin-24.svg',
    '/media/art/ring/rose-gold/4-spin-7.svg',
    '/media/art/ring/rose-gold/4-worn-spin-01.svg',
  ])('refuses %s', (p) => expect(parseArtPath(p)).toBeNull());

  it('lists the frames of the piece a drawing shows, and none of a photo', () => {
    const frames = artSpinFrames('/media/art/ring/yellow-gold/3.svg');
    expect(frames).toHaveLength(ART_SPIN_FRAMES);
    expect(frames[0]).toBe('/media/art/ring/yellow-gold/3-spin-00.svg');
    expect(frames.at(-1)).toBe('/media/art/ring/yellow-gold/3-spin-23.svg');
    expect(artSpinFrames('/media/catalogue/products/1/0123456789abcdef-640.webp')).toEqual([]);
    expect(artSpinFrames('/media/art/ring/yellow-gold/3-side.svg')).toEqual(frames);
    expect(artSpinFrames('/media/art/ring/yellow-gold/3.svg', 12)).toEqual(frames.slice(0, 12));
  });

  it('draws every view of every kind as a well-formed SVG that names what it shows', async () => {
    for (const kind of ART_KINDS) {
      const front = await pixels(productArt(kind, 'yellow-gold', 2));
      for (const view of ['side', 'worn', 'closeup'] as const) {
        const svg = renderArt({ kind, metal: 'yellow-gold', variant: 2, view });
        expect(isBalanced(svg), `${kind} ${view}`).toBe(true);
        expect(svg).not.toMatch(/NaN|undefined|Infinity/);
        expect(svg).toContain(artViewWords(kind, view));
        // A different picture from the front, not the same drawing under another name.
        const seen = await pixels(svg);
        let differing = 0;
        for (let i = 0; i < seen.length; i++) if (Math.abs(seen[i]! - front[i]!) > 24) differing++;
        expect(differing, `${kind} ${view}`).toBeGreaterThan(seen.length / 20);
      }
    }
  });

  it('says where each kind is worn', () => {
    expect(artViewWords('ring', 'worn')).toBe('worn on the hand');
    expect(artViewWords('bangle', 'worn')).toBe('worn on the wrist');
    expect(artViewWords('pendant', 'worn')).toBe('worn at the neck');
    expect(artViewWords('jhumka', 'worn')).toBe('worn on the ear');
    expect(artViewWords('nose-pin', 'worn')).toBe('worn on the nose');
  });

  it('turns the piece: the quarter turn is narrow, the half turn a mirror of the front', async () => {
    const width = async (frame: number) => {
      const { data, info } = await sharp(Buffer.from(renderArt({ kind: 'pendant', metal: 'yellow-gold', variant: 2, frame })))
        .resize(120, 120)
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true });
      // Columns holding metal (a saturated gold), not the pale backdrop.
      let columns = 0;
      for (let x = 0; x < info.width; x++) {
        for (let y = 0; y < info.height; y++) {
          const i = (y * info.width + x) * 3;
          if (data[i]! - data[i + 2]! > 90) {
            columns++;
            break;
          }
        }
      }
      return columns;
    };
    const [front, quarter, half] = [await width(0), await width(ART_SPIN_FRAMES / 4), await width(ART_SPIN_FRAMES / 2)];
    expect(quarter).toBeLessThan(front / 3);
    expect(Math.abs(half - front)).toBeLessThanOrEqual(front / 5);
    expect(renderArt({ kind: 'ring', metal: 'silver', variant: 1, frame: 3 })).not.toBe(renderArt({ kind: 'ring', metal: 'silver', variant: 1, frame: 4 }));
  });
});
