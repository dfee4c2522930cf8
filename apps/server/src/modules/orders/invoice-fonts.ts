import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The invoice's type: Noto Sans for Latin and the rupee sign, Noto Sans Devanagari and Noto Sans Tamil
 * for names and addresses written in those scripts (from the @fontsource packages, WOFF files that
 * fontkit reads). Every font is subset to the glyphs the invoice uses, so a font it does not use adds
 * only a few hundred bytes.
 */
const require = createRequire(import.meta.url);
const FILES = {
  regular: [
    '@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-latin-ext-400-normal.woff',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff',
    '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff',
  ],
  bold: [
    '@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff',
    '@fontsource/noto-sans/files/noto-sans-latin-ext-700-normal.woff',
    '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-700-normal.woff',
    '@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff',
  ],
} as const;

export type Weight = keyof typeof FILES;

interface FontFile {
  bytes: Uint8Array;
  covers: (codePoint: number) => boolean;
}

type Fontkit = { create(bytes: Uint8Array): { hasGlyphForCodePoint(cp: number): boolean } };

let loaded: Promise<{ fontkit: Fontkit; files: Record<Weight, FontFile[]> }> | null = null;

/** Reads the font files once per process (about 300 KB), with the coverage of each. */
function load() {
  loaded ??= (async () => {
    // fontkit's shaper for Indic scripts (Devanagari, Tamil) is compiled to generator code that expects
    // a global regeneratorRuntime; without it, laying out a Tamil name throws.
    const g = globalThis as { regeneratorRuntime?: unknown };
    g.regeneratorRuntime ??= require('regenerator-runtime') as unknown;
    const fontkit = ((await import('@pdf-lib/fontkit')) as unknown as { default: Fontkit }).default;
    const open = (name: string): FontFile => {
      const bytes = new Uint8Array(readFileSync(require.resolve(name)));
      const font = fontkit.create(bytes);
      return { bytes, covers: (cp) => font.hasGlyphForCodePoint(cp) };
    };
    return { fontkit, files: { regular: FILES.regular.map(open), bold: FILES.bold.map(open) } };
  })();
  return loaded;
}

export interface Run {
  text: string;
  font: PDFFont;
}

/** Marks and joiners belong to the letter before them and must be set in its font. */
const JOINS_PREVIOUS = /[\p{M}\u200c\u200d]/u;

export interface InvoiceType {
  /** The text cut into runs, each in the first font that has its letters. */
  runs(text: string, weight?: Weight): Run[];
  width(text: string, size: number, weight?: Weight): number;
}

/** The fonts of one document, embedded as subsets. */
export async function invoiceType(doc: PDFDocument): Promise<InvoiceType> {
  const { fontkit, files } = await load();
  doc.registerFontkit(fontkit as never);
  const embed = (list: FontFile[]) => Promise.all(list.map((f) => doc.embedFont(f.bytes, { subset: true })));
  const fonts: Record<Weight, PDFFont[]> = { regular: await embed(files.regular), bold: await embed(files.bold) };
  const runs = (text: string, weight: Weight = 'regular'): Run[] => {
    const out: { text: string; index: number }[] = [];
    for (const ch of text) {
      const last = out.at(-1);
      if (last && (JOINS_PREVIOUS.test(ch) || ch === ' ')) {
        last.text += ch;
        continue;
      }
      const index = files[weight].findIndex((f) => f.covers(ch.codePointAt(0)!));
      // A letter none of the fonts has (an emoji, another script) prints as '?', never as an empty box.
      const glyph = index < 0 ? '?' : ch;
      const at = Math.max(index, 0);
      if (last && last.index === at) last.text += glyph;
      else out.push({ text: glyph, index: at });
    }
    return out.map((r) => ({ text: r.text, font: fonts[weight][r.index]! }));
  };
  return {
    runs,
    width: (text, size, weight) => runs(text, weight).reduce((w, r) => w + r.font.widthOfTextAtSize(r.text, size), 0),
  };
}
