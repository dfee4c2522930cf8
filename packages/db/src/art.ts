/**
 * Drawings of demo jewellery, so a fresh store shows pictures without downloading or shipping any
 * photograph. Every picture is a small SVG computed from (kind, metal, variant); the same inputs give
 * the same bytes, so a server can render them on request and cache them forever.
 *
 * URL format: /media/art/{kind}/{metal}/{variant}.svg, e.g. /media/art/ring/yellow-gold/3.svg.
 * The variant picks the stone (ART_STONES) and the style (two per kind):
 *   variant = style * ART_STONES.length + stoneIndex + 1.
 */

export const ART_KINDS = ['ring', 'chain', 'bangle', 'bracelet', 'jhumka', 'earrings', 'pendant', 'necklace', 'nose-pin', 'studs'] as const;
export type ArtKind = (typeof ART_KINDS)[number];

export const ART_METALS = ['yellow-gold', 'rose-gold', 'white-gold', 'platinum', 'silver'] as const;
export type ArtMetal = (typeof ART_METALS)[number];

export const ART_STONES = ['plain', 'diamond', 'ruby', 'emerald', 'sapphire', 'pearl', 'coral', 'navaratna', 'smoky-quartz', 'hematite'] as const;
export type ArtStone = (typeof ART_STONES)[number];

export const ART_STYLES = 2;
export const ART_VARIANT_COUNT = ART_STONES.length * ART_STYLES;

/**
 * How a piece is seen (issue 40): from the front (the catalogue's first picture), turned to the side, worn (on the
 * hand, the neck or the ear as the piece goes), and close up on its centre stone.
 */
export const ART_VIEWS = ['front', 'side', 'worn', 'closeup'] as const;
export type ArtView = (typeof ART_VIEWS)[number];

/** Frames of a demo piece's 360° turn: one every 15°. */
export const ART_SPIN_FRAMES = 24;

export interface ArtRef {
  kind: ArtKind;
  metal: ArtMetal;
  variant: number;
  /** The view drawn; front when absent. */
  view?: ArtView;
  /** A frame (0..ART_SPIN_FRAMES-1) of the 360° turn, instead of a view. */
  frame?: number;
}

/** The variant that draws this stone in this style (0 or 1). */
export function artVariant(stone: ArtStone, style: number): number {
  const s = ((style % ART_STYLES) + ART_STYLES) % ART_STYLES;
  return s * ART_STONES.length + ART_STONES.indexOf(stone) + 1;
}

export function variantStone(variant: number): ArtStone {
  return ART_STONES[(variant - 1) % ART_STONES.length] as ArtStone;
}

export function variantStyle(variant: number): number {
  return Math.floor((variant - 1) / ART_STONES.length);
}

/** The drawing's metal for a product's metal and colour (platinum and silver have no colour). */
export function artMetalFor(metal: 'gold' | 'platinum' | 'silver', metalColour: string | null | undefined): ArtMetal {
  if (metal === 'platinum') return 'platinum';
  if (metal === 'silver') return 'silver';
  if (metalColour === 'Rose Gold') return 'rose-gold';
  if (metalColour === 'White Gold') return 'white-gold';
  return 'yellow-gold';
}

export function artPath(kind: ArtKind, metal: ArtMetal, variant: number, view: ArtView = 'front'): string {
  return `/media/art/${kind}/${metal}/${variant}${view === 'front' ? '' : `-${view}`}.svg`;
}

/** Frame `frame` of the piece's 360° turn: /media/art/ring/yellow-gold/3-spin-07.svg. */
export function artSpinPath(kind: ArtKind, metal: ArtMetal, variant: number, frame: number): string {
  return `/media/art/${kind}/${metal}/${variant}-spin-${String(frame).padStart(2, '0')}.svg`;
}

/** Every frame of the turn of the piece a drawing (any view of it) shows, or [] for any other picture (a photograph). */
export function artSpinFrames(drawing: string, frames = ART_SPIN_FRAMES): string[] {
  const ref = parseArtPath(drawing);
  if (!ref) return [];
  return Array.from({ length: Math.min(frames, ART_SPIN_FRAMES) }, (_, i) => artSpinPath(ref.kind, ref.metal, ref.variant, i));
}

const ART_PATH = /^\/media\/art\/([a-z-]+)\/([a-z-]+)\/([1-9][0-9]?)(?:-(side|worn|closeup)|-spin-([0-9]{2}))?\.svg$/;

/** Reads a picture URL path back into its parts; null for anything that is not exactly one of ours. */
export function parseArtPath(path: string): ArtRef | null {
  const m = ART_PATH.exec(path);
  if (!m) return null;
  const [, kind, metal, v, view, frame] = m;
  const variant = Number(v);
  if (!(ART_KINDS as readonly string[]).includes(kind!)) return null;
  if (!(ART_METALS as readonly string[]).includes(metal!)) return null;
  if (!(variant >= 1 && variant <= ART_VARIANT_COUNT)) return null;
  const ref: ArtRef = { kind: kind as ArtKind, metal: metal as ArtMetal, variant };
  if (view) ref.view = view as ArtView;
  if (frame !== undefined) {
    if (Number(frame) >= ART_SPIN_FRAMES) return null;
    ref.frame = Number(frame);
  }
  return ref;
}

// ---------------------------------------------------------------------------------------------
// Palettes

interface MetalPalette {
  stops: [string, string, string, string, string];
  edge: string;
  label: string;
}

const METAL_PALETTES: Record<ArtMetal, MetalPalette> = {
  'yellow-gold': { stops: ['#fff3c4', '#f2cd62', '#d4a437', '#9c7018', '#f4d77e'], edge: '#7d5810', label: 'yellow gold' },
  'rose-gold': { stops: ['#ffe6da', '#efb9a5', '#cf8b74', '#995443', '#f0c2b0'], edge: '#7c4435', label: 'rose gold' },
  'white-gold': { stops: ['#ffffff', '#eceef2', '#c8ccd4', '#959aa5', '#f1f3f6'], edge: '#7b808b', label: 'white gold' },
  platinum: { stops: ['#fbfcfd', '#dde1e7', '#b4bac4', '#7f8692', '#e3e7ec'], edge: '#6b717c', label: 'platinum' },
  silver: { stops: ['#ffffff', '#e8eaec', '#c3c7cc', '#8b9197', '#dfe3e6'], edge: '#767c83', label: 'silver' },
};

type GemColour = 'diamond' | 'ruby' | 'emerald' | 'sapphire' | 'pearl' | 'coral' | 'smoky' | 'hematite' | 'yellow' | 'hessonite' | 'catseye';

/** highlight, body, depth; `facet` = cut stone with a table, otherwise a smooth cabochon or bead. */
const GEM_PALETTES: Record<GemColour, { stops: [string, string, string]; facet: boolean }> = {
  diamond: { stops: ['#ffffff', '#e6f1fb', '#a9c2da'], facet: true },
  ruby: { stops: ['#ff8a9c', '#d3123c', '#6e0019'], facet: true },
  emerald: { stops: ['#8af2bb', '#0f9a57', '#064a2a'], facet: true },
  sapphire: { stops: ['#9cc0ff', '#2450c9', '#0b1f66'], facet: true },
  pearl: { stops: ['#ffffff', '#f5efe6', '#d3c8b8'], facet: false },
  coral: { stops: ['#ffc2a1', '#ef6a3a', '#a13a17'], facet: false },
  smoky: { stops: ['#e2b98f', '#8a5a33', '#3f2512'], facet: true },
  hematite: { stops: ['#c9ced4', '#6d737b', '#2c3035'], facet: true },
  yellow: { stops: ['#fff3a0', '#f1c21b', '#9a7303'], facet: true },
  hessonite: { stops: ['#ffc38a', '#c8641d', '#6b2e08'], facet: true },
  catseye: { stops: ['#f3f0b0', '#a9a452', '#4f4c1c'], facet: false },
};

/** The nine gems of a navaratna piece, in the traditional order around the ruby (the sun). */
const NAVARATNA: GemColour[] = ['ruby', 'pearl', 'coral', 'emerald', 'yellow', 'diamond', 'sapphire', 'hessonite', 'catseye'];

const STONE_GEM: Record<Exclude<ArtStone, 'plain' | 'navaratna'>, GemColour> = {
  diamond: 'diamond',
  ruby: 'ruby',
  emerald: 'emerald',
  sapphire: 'sapphire',
  pearl: 'pearl',
  coral: 'coral',
  'smoky-quartz': 'smoky',
  hematite: 'hematite',
};

// ---------------------------------------------------------------------------------------------
// Drawing helpers. A Pen collects elements and the gradients they need, so the <defs> hold only
// what the picture uses (pictures stay a few kilobytes).

const n = (v: number): string => String(Math.round(v * 10) / 10);
/** Transform that puts a unit drawing (radius 20, centred on 0,0) at x,y scaled by s. */
const place = (x: number, y: number, s: number): string => `translate(${Math.round(x)} ${Math.round(y)}) scale(${Math.round(s * 100) / 100})`;
const TAU = Math.PI * 2;
const rad = (deg: number) => (deg * Math.PI) / 180;

class Pen {
  readonly out: string[] = [];
  readonly gems = new Set<GemColour>();
  beads = false;
  sparkles = false;
  constructor(
    readonly metal: MetalPalette,
    readonly stone: ArtStone,
  ) {}

  add(s: string): this {
    this.out.push(s);
    return this;
  }

  /** The stone at position i of a row: navaratna cycles through its nine gems. */
  gemAt(i: number): GemColour | null {
    if (this.stone === 'plain') return null;
    if (this.stone === 'navaratna') return NAVARATNA[i % NAVARATNA.length]!;
    return STONE_GEM[this.stone];
  }

  /** Small accents beside a coloured centre stone: diamonds, as jewellers usually set them. */
  accentAt(i: number): GemColour | null {
    if (this.stone === 'plain') return null;
    if (this.stone === 'navaratna') return NAVARATNA[i % NAVARATNA.length]!;
    if (this.stone === 'pearl' || this.stone === 'coral') return STONE_GEM[this.stone];
    return 'diamond';
  }

  /** A stone in a metal bezel; a polished metal bead when the piece has no stones. */
  gem(x: number, y: number, r: number, colour: GemColour | null, bezel = true): this {
    if (bezel) this.add(`<use href="#z" transform="${place(x, y, (r + 1.5 + r * 0.16) / 20)}"/>`);
    if (colour === null) return this.bead(x, y, r);
    this.gems.add(colour);
    this.add(`<use href="#g-${colour}" transform="${place(x, y, r / 20)}"/>`);
    if (colour === 'diamond' && r >= 9) this.spark(x + r * 0.35, y - r * 0.4, r * 0.022);
    return this;
  }

  /** A polished metal bead (milgrain, plain settings, chain stations). */
  bead(x: number, y: number, r: number): this {
    this.beads = true;
    return this.add(`<use href="#b" transform="${place(x, y, r / 20)}"/>`);
  }

  spark(x: number, y: number, scale: number): this {
    this.sparkles = true;
    return this.add(`<use href="#sp" transform="translate(${n(x)} ${n(y)}) scale(${n(Math.max(scale, 0.3))})"/>`);
  }

  /** A drop-cut stone: a teardrop pointing up. */
  drop(x: number, y: number, w: number, h: number, colour: GemColour | null): this {
    const d = `M${n(x)} ${n(y - h / 2)}C${n(x + w * 0.25)} ${n(y - h * 0.2)} ${n(x + w / 2)} ${n(y + h * 0.05)} ${n(x + w / 2)} ${n(y + h * 0.2)}A${n(w / 2)} ${n(w / 2)} 0 0 1 ${n(x - w / 2)} ${n(y + h * 0.2)}C${n(x - w / 2)} ${n(y + h * 0.05)} ${n(x - w * 0.25)} ${n(y - h * 0.2)} ${n(x)} ${n(y - h / 2)}Z`;
    if (colour === null) return this.add(`<path d="${d}" fill="url(#mb)" stroke="${this.metal.edge}" stroke-width="1"/>`);
    const p = GEM_PALETTES[colour];
    this.gems.add(colour);
    this.add(`<path d="${d}" fill="url(#r-${colour})" stroke="${p.stops[2]}" stroke-width="1"/>`);
    if (p.facet) {
      this.add(
        `<path d="M${n(x)} ${n(y - h * 0.3)}L${n(x + w * 0.22)} ${n(y + h * 0.15)}L${n(x)} ${n(y + h * 0.5)}L${n(x - w * 0.22)} ${n(y + h * 0.15)}Z" fill="#fff" fill-opacity=".18" stroke="#fff" stroke-opacity=".5"/>`,
      );
    } else {
      this.add(`<ellipse cx="${n(x - w * 0.15)}" cy="${n(y + h * 0.05)}" rx="${n(w * 0.12)}" ry="${n(h * 0.12)}" fill="#fff" opacity=".7"/>`);
    }
    if (colour === 'diamond') this.spark(x + w * 0.15, y, w * 0.012);
    return this;
  }
}

/** Octagonal table and the crown facets of a round brilliant, at radius 20. */
const OCTAGON = Array.from({ length: 8 }, (_, i) => {
  const t = rad(22.5 + i * 45);
  return `${n(10 * Math.cos(t))},${n(10 * Math.sin(t))}`;
}).join(' ');
const RAYS = Array.from({ length: 8 }, (_, i) => {
  const t = rad(22.5 + i * 45);
  return `M${n(10 * Math.cos(t))} ${n(10 * Math.sin(t))}L${n(19.5 * Math.cos(t))} ${n(19.5 * Math.sin(t))}`;
}).join('');

function defs(pen: Pen): string {
  const [a, b, c, d, e] = pen.metal.stops;
  const parts = [
    `<radialGradient id="bg" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="#fffaf2"/><stop offset=".7" stop-color="#f6eadb"/><stop offset="1" stop-color="#ecd9c3"/></radialGradient>`,
    `<radialGradient id="sh"><stop offset="0" stop-color="#6b4a2b" stop-opacity=".3"/><stop offset="1" stop-color="#6b4a2b" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset=".3" stop-color="${b}"/><stop offset=".55" stop-color="${c}"/><stop offset=".8" stop-color="${d}"/><stop offset="1" stop-color="${e}"/></linearGradient>`,
    `<linearGradient id="mv" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${d}"/><stop offset=".35" stop-color="${a}"/><stop offset=".6" stop-color="${b}"/><stop offset="1" stop-color="${d}"/></linearGradient>`,
    `<linearGradient id="md" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${d}"/></linearGradient>`,
    `<radialGradient id="mb" cx="35%" cy="30%" r="70%"><stop offset="0" stop-color="${a}"/><stop offset=".5" stop-color="${b}"/><stop offset="1" stop-color="${d}"/></radialGradient>`,
  ];
  // Each stone and the metal bead are drawn once at radius 20 and placed with <use>, which keeps
  // a picture with forty stones to a few kilobytes.
  parts.push(`<circle id="z" r="20" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width="1.4"/>`);
  if (pen.beads) {
    parts.push(
      `<g id="b"><circle r="20" fill="url(#mb)" stroke="${pen.metal.edge}" stroke-width="1.4"/><circle r="11" fill="none" stroke="${pen.metal.edge}" stroke-opacity=".4" stroke-width="1.5"/></g>`,
    );
  }
  const facetLines = (id: string, colour: string) =>
    `<g id="${id}" fill="none" stroke="${colour}" stroke-opacity=".6" stroke-width="1.1"><polygon points="${OCTAGON}" fill="#fff" fill-opacity=".18"/><path d="${RAYS}"/></g>`;
  const gems = [...pen.gems];
  if (gems.includes('diamond')) parts.push(facetLines('fd', '#6f8fae'));
  if (gems.some((g) => g !== 'diamond' && GEM_PALETTES[g].facet)) parts.push(facetLines('fl', '#fff'));
  for (const g of gems) {
    const { stops, facet } = GEM_PALETTES[g];
    const [h, m, deep] = stops;
    const gradient = `<radialGradient id="r-${g}" cx="38%" cy="32%" r="72%"><stop offset="0" stop-color="${h}"/><stop offset=".55" stop-color="${m}"/><stop offset="1" stop-color="${deep}"/></radialGradient>`;
    // Diamonds are nearly white, so their facet lines are drawn dark; coloured stones get light ones.
    const body = facet
      ? `<circle r="20" fill="url(#r-${g})" stroke="${deep}" stroke-width=".8"/><use href="#${g === 'diamond' ? 'fd' : 'fl'}"/>`
      : `<circle r="20" fill="url(#r-${g})" stroke="${deep}" stroke-width=".8"/><ellipse cx="-6" cy="-7" rx="6.5" ry="4" fill="#fff" opacity=".75"/>`;
    parts.push(gradient, `<g id="g-${g}">${body}</g>`);
  }
  if (pen.sparkles) {
    parts.push(`<path id="sp" d="M0-26L4-4 26 0 4 4 0 26-4 4-26 0-4-4Z" fill="#fff" opacity=".95"/>`);
  }
  return `<defs>${parts.join('')}</defs>`;
}

/** Points along an ellipse arc, with the tangent angle in degrees. */
function along(cx: number, cy: number, rx: number, ry: number, from: number, to: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const t = rad(from + ((to - from) * i) / Math.max(1, count - 1));
    const x = cx + rx * Math.cos(t);
    const y = cy + ry * Math.sin(t);
    const angle = (Math.atan2(ry * Math.cos(t), -rx * Math.sin(t)) * 180) / Math.PI;
    return { x, y, angle, t };
  });
}

/** Many (rotated) ellipse outlines as one path: a chain of forty links stays one element. */
function ellipses(items: { x: number; y: number; rx: number; ry: number; angle: number }[]): string {
  return items
    .map(({ x, y, rx, ry, angle }) => {
      const dx = rx * Math.cos(rad(angle));
      const dy = rx * Math.sin(rad(angle));
      const a = `A${n(rx)} ${n(ry)} ${n(angle)} 1 0`;
      return `M${n(x + dx)} ${n(y + dy)}${a} ${n(x - dx)} ${n(y - dy)}${a} ${n(x + dx)} ${n(y + dy)}Z`;
    })
    .join('');
}

/** A fine chain along a path: a dark core under a dashed bright line reads as tiny links. */
function fineChain(pen: Pen, d: string, width = 5): void {
  pen.add(`<path d="${d}" fill="none" stroke="${pen.metal.edge}" stroke-width="${n(width)}" stroke-linecap="round"/>`);
  pen.add(
    `<path d="${d}" fill="none" stroke="url(#m)" stroke-width="${n(width * 0.8)}" stroke-dasharray="${n(width * 1.4)} ${n(width * 0.6)}" stroke-linecap="round"/>`,
  );
}

// ---------------------------------------------------------------------------------------------
// The pieces

function ring(pen: Pen, style: number): void {
  const cx = 300;
  const cy = 340;
  // Band: the back edge first (darker), then the front face, so it reads as a metal hoop.
  pen.add(`<ellipse cx="${cx + 10}" cy="${cy}" rx="140" ry="150" fill="none" stroke="url(#md)" stroke-width="30"/>`);
  pen.add(`<ellipse cx="${cx}" cy="${cy}" rx="140" ry="150" fill="none" stroke="url(#m)" stroke-width="30"/>`);
  pen.add(`<ellipse cx="${cx}" cy="${cy}" rx="126" ry="136" fill="none" stroke="${pen.metal.stops[3]}" stroke-opacity=".5" stroke-width="3"/>`);
  pen.add(`<ellipse cx="${cx}" cy="${cy}" rx="153" ry="163" fill="none" stroke="${pen.metal.stops[0]}" stroke-opacity=".8" stroke-width="2"/>`);
  const top = cy - 150;
  if (style === 0) {
    // Solitaire: a raised crown, the stone, then the claws gripping its edge.
    const sy = top - 56;
    pen.add(
      `<path d="M${cx - 62} ${top + 16}L${cx - 34} ${sy + 20}L${cx + 34} ${sy + 20}L${cx + 62} ${top + 16}Z" fill="url(#m)" stroke="${pen.metal.edge}"/>`,
    );
    const claws = [200, 250, 290, 340].map((deg) => ({ x: cx + 50 * Math.cos(rad(deg)), y: sy + 50 * Math.sin(rad(deg)) }));
    for (const c of claws) {
      pen.add(`<path d="M${n(cx + (c.x - cx) * 0.8)} ${n(sy + 36)}L${n(c.x)} ${n(c.y)}" stroke="url(#mv)" stroke-width="7" stroke-linecap="round"/>`);
    }
    const stone = pen.gemAt(0);
    pen.gem(cx, sy, 52, stone, stone === null);
    for (const c of claws) pen.bead(c.x, c.y, 6);
    // Small stones down the shoulders.
    along(cx, cy, 140, 150, 230, 250, 3).forEach((p, i) => pen.gem(p.x, p.y, 7, pen.accentAt(i + 1), false));
    along(cx, cy, 140, 150, 290, 310, 3).forEach((p, i) => pen.gem(p.x, p.y, 7, pen.accentAt(i + 4), false));
  } else {
    // Cluster: a centre stone in a halo of smaller stones.
    pen.add(`<circle cx="${cx}" cy="${top - 30}" r="70" fill="url(#m)" stroke="${pen.metal.edge}"/>`);
    const halo = pen.stone === 'navaratna' ? 8 : 12;
    for (let i = 0; i < halo; i++) {
      const t = (TAU * i) / halo;
      pen.gem(cx + 54 * Math.cos(t), top - 30 + 54 * Math.sin(t), 11, pen.accentAt(i + 1), false);
    }
    pen.gem(cx, top - 30, 32, pen.gemAt(0));
  }
}

function bangle(pen: Pen, style: number): void {
  const cx = 300;
  const draw = (cy: number, rx: number, ry: number, width: number, offset: number) => {
    pen.add(`<ellipse cx="${cx}" cy="${cy - 16}" rx="${rx}" ry="${ry}" fill="none" stroke="url(#md)" stroke-width="${width}"/>`);
    pen.add(`<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="url(#mv)" stroke-width="${width}"/>`);
    pen.add(
      `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="none" stroke="${pen.metal.edge}" stroke-opacity=".35" stroke-width="1.5" stroke-dasharray="2 7"/>`,
    );
    const count = style === 0 ? 11 : 9;
    along(cx, cy, rx, ry, 22, 158, count).forEach((p, i) => {
      const depth = 0.75 + 0.25 * Math.sin(p.t);
      const colour = i % 2 === 0 ? pen.gemAt(i / 2 + offset) : pen.accentAt(i + offset);
      if (colour === null) pen.bead(p.x, p.y, (i % 2 === 0 ? 13 : 7) * depth);
      else pen.gem(p.x, p.y, (i % 2 === 0 ? 12 : 7) * depth, colour, i % 2 === 0);
    });
  };
  if (style === 0) {
    // A single broad kada.
    draw(300, 205, 118, 48, 0);
  } else {
    // A stacked pair.
    draw(250, 195, 100, 30, 0);
    draw(350, 195, 100, 30, 3);
  }
}

function bracelet(pen: Pen, style: number): void {
  const cx = 300;
  const cy = 300;
  const rx = 215;
  const ry = 110;
  if (style === 0) {
    // Tennis bracelet: a line of set stones, the back of the loop finer and darker.
    const back = along(cx, cy, rx, ry, 190, 350, 18).map((p) => ({ ...p, rx: 8, ry: 5 }));
    pen.add(`<path d="${ellipses(back)}" fill="url(#md)" stroke="${pen.metal.edge}" stroke-width=".6"/>`);
    along(cx, cy, rx, ry, 0, 180, 21).forEach((p, i) => {
      const r = 10 + 4 * Math.sin(p.t);
      const colour = pen.gemAt(i);
      pen.gem(p.x, p.y, r, colour === null ? null : i % 3 === 1 ? pen.accentAt(i) : colour);
    });
    pen.add(`<rect x="${cx - 22}" y="${cy - ry - 10}" width="44" height="20" rx="6" fill="url(#m)" stroke="${pen.metal.edge}"/>`);
  } else {
    // Link bracelet with a flower at the front.
    const links = along(cx, cy, rx, ry, 0, 360 - 360 / 34, 34).map((p, i) => ({ ...p, rx: i % 2 === 0 ? 11 : 8, ry: i % 2 === 0 ? 6.5 : 3 }));
    pen.add(`<path d="${ellipses(links.filter((p) => Math.sin(p.t) < 0))}" fill="none" stroke="url(#md)" stroke-width="5"/>`);
    pen.add(`<path d="${ellipses(links.filter((p) => Math.sin(p.t) >= 0))}" fill="none" stroke="url(#m)" stroke-width="5"/>`);
    const fy = cy + ry;
    for (let i = 0; i < 6; i++) {
      const t = (TAU * i) / 6 - Math.PI / 2;
      pen.gem(cx + 30 * Math.cos(t), fy + 30 * Math.sin(t), 15, pen.accentAt(i + 1));
    }
    pen.gem(cx, fy, 17, pen.gemAt(0));
  }
}

function chain(pen: Pen, style: number): void {
  const cx = 300;
  const cy = 100;
  const rx = 190;
  const ry = 360;
  const points = along(cx, cy, rx, ry, 8, 172, style === 0 ? 40 : 56);
  if (style === 0) {
    // Cable chain: links alternate face-on and edge-on.
    const face = points.filter((_, i) => i % 2 === 0).map((p) => ({ ...p, rx: 14, ry: 8 }));
    const edge = points.filter((_, i) => i % 2 === 1).map((p) => ({ ...p, rx: 13, ry: 3 }));
    pen.add(`<path d="${ellipses(edge)}" fill="none" stroke="url(#md)" stroke-width="6"/>`);
    pen.add(`<path d="${ellipses(face)}" fill="none" stroke="url(#m)" stroke-width="5"/>`);
  } else {
    // Rope chain: slanted twists.
    pen.add(
      `<path d="${ellipses(points.map((p) => ({ ...p, rx: 11, ry: 6, angle: p.angle + 50 })))}" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width=".8"/>`,
    );
  }
  // Stations of stones for gem variants, one at the centre.
  if (pen.stone !== 'plain') {
    [0.3, 0.5, 0.7].forEach((f, i) => {
      const p = points[Math.round(f * (points.length - 1))]!;
      pen.gem(p.x, p.y, i === 1 ? 16 : 10, i === 1 ? pen.gemAt(0) : pen.accentAt(i));
    });
  }
  // Lobster clasp and ring at the two ends.
  const a = points[0]!;
  const b = points[points.length - 1]!;
  pen.add(`<circle cx="${n(a.x)}" cy="${n(a.y - 14)}" r="9" fill="none" stroke="url(#m)" stroke-width="4"/>`);
  pen.add(`<path d="M${n(b.x - 9)} ${n(b.y - 6)}q9 -34 18 0q-9 10 -18 0z" fill="url(#m)" stroke="${pen.metal.edge}"/>`);
}

function necklace(pen: Pen, style: number): void {
  const cx = 300;
  const cy = 95;
  const rx = 190;
  const ry = 260;
  if (style === 0) {
    fineChain(pen, `M${cx - rx} ${cy}A${rx} ${ry} 0 0 0 ${cx + rx} ${cy}`, 5);
    // Choker: petals of metal holding stones, larger towards the centre, and a centre drop.
    along(cx, cy, rx, ry, 28, 152, 13).forEach((p, i) => {
      const size = 10 + 12 * Math.sin(p.t) ** 3;
      pen.add(
        `<ellipse cx="${n(p.x)}" cy="${n(p.y + size * 0.9)}" rx="${n(size * 0.75)}" ry="${n(size * 1.5)}" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width=".8" transform="rotate(${n(p.angle - 180 + 90 - 90)} ${n(p.x)} ${n(p.y)})"/>`,
      );
      pen.gem(p.x, p.y, size * 0.75, i % 2 === 0 ? pen.gemAt(i) : pen.accentAt(i), false);
    });
    const y = cy + ry;
    pen.add(`<path d="M${cx - 34} ${y + 10}Q${cx} ${y + 150} ${cx + 34} ${y + 10}Z" fill="url(#m)" stroke="${pen.metal.edge}"/>`);
    pen.drop(cx, y + 62, 42, 80, pen.gemAt(0));
    for (const dx of [-14, 0, 14]) {
      const by = y + 112 + (dx === 0 ? 16 : 6);
      pen.add(`<path d="M${cx + dx * 0.5} ${y + 98}L${cx + dx} ${by}" stroke="${pen.metal.edge}" stroke-width="2"/>`);
      pen.gem(cx + dx, by + 8, 8, pen.stone === 'plain' ? null : pen.accentAt(1), false);
    }
    pen.gem(cx, y, 20, pen.gemAt(0));
  } else {
    // Haar: two strands of beads and a pendant.
    for (const [ryy, r, off] of [
      [230, 9, 0],
      [300, 11, 1],
    ] as const) {
      pen.add(`<path d="M${cx - rx} ${cy}A${rx} ${ryy} 0 0 0 ${cx + rx} ${cy}" fill="none" stroke="${pen.metal.edge}" stroke-width="2"/>`);
      along(cx, cy, rx, ryy, 14, 166, 26).forEach((p, i) => {
        const colour = pen.stone === 'plain' ? null : i % 4 === 0 ? pen.gemAt(i + off) : pen.stone === 'pearl' || pen.stone === 'navaratna' ? 'pearl' : null;
        if (colour === null) pen.bead(p.x, p.y, r * 0.85);
        else pen.gem(p.x, p.y, r, colour, false);
      });
    }
    const y = cy + 300;
    pen.add(`<circle cx="${cx}" cy="${y + 40}" r="44" fill="url(#m)" stroke="${pen.metal.edge}"/>`);
    for (let i = 0; i < 8; i++) {
      const t = (TAU * i) / 8;
      pen.gem(cx + 32 * Math.cos(t), y + 40 + 32 * Math.sin(t), 7, pen.accentAt(i + 1), false);
    }
    pen.gem(cx, y + 40, 18, pen.gemAt(0));
  }
}

function pendant(pen: Pen, style: number): void {
  const cx = 300;
  fineChain(pen, `M120 40Q170 200 ${cx - 14} 250M480 40Q430 200 ${cx + 14} 250`, 4.5);
  pen.add(`<rect x="${cx - 15}" y="236" width="30" height="40" rx="12" fill="url(#mv)" stroke="${pen.metal.edge}"/>`);
  if (style === 0) {
    // Teardrop with a centre stone and a border of small stones.
    const d = `M${cx} 270C${cx + 40} 310 ${cx + 105} 360 ${cx + 105} 410A105 105 0 0 1 ${cx - 105} 410C${cx - 105} 360 ${cx - 40} 310 ${cx} 270Z`;
    pen.add(`<path d="${d}" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width="1.5"/>`);
    pen.add(
      `<path d="${d}" fill="none" stroke="${pen.metal.stops[0]}" stroke-opacity=".7" stroke-width="2" transform="translate(${cx} 400) scale(.86) translate(-${cx} -400)"/>`,
    );
    along(cx, 410, 86, 86, -20, 200, 14).forEach((p, i) => pen.gem(p.x, p.y, 7, pen.accentAt(i + 1), false));
    pen.gem(cx, 408, 46, pen.gemAt(0));
  } else {
    // Coin: beaded rim and a lotus at the centre.
    const cy = 395;
    pen.add(`<circle cx="${cx}" cy="${cy}" r="118" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width="1.5"/>`);
    along(cx, cy, 106, 106, 0, 360 - 360 / 36, 36).forEach((p) => pen.bead(p.x, p.y, 4.5));
    pen.add(`<circle cx="${cx}" cy="${cy}" r="92" fill="url(#mv)" stroke="${pen.metal.edge}" stroke-opacity=".6"/>`);
    for (let i = 0; i < 8; i++) {
      const deg = i * 45;
      pen.add(
        `<path d="M${cx} ${cy}C${cx - 22} ${cy - 30} ${cx - 14} ${cy - 66} ${cx} ${cy - 78}C${cx + 14} ${cy - 66} ${cx + 22} ${cy - 30} ${cx} ${cy}Z" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width="1.2" transform="rotate(${deg} ${cx} ${cy})"/>`,
      );
    }
    if (pen.stone !== 'plain') {
      for (let i = 0; i < 8; i++) {
        const t = (TAU * i) / 8 - Math.PI / 2;
        pen.gem(cx + 60 * Math.cos(t), cy + 60 * Math.sin(t), 7, pen.accentAt(i + 1), false);
      }
    }
    pen.gem(cx, cy, 20, pen.gemAt(0));
  }
}

function jhumka(pen: Pen, style: number): void {
  for (const x of [190, 410]) {
    // Stud: a small flower.
    for (let i = 0; i < 6; i++) {
      const t = (TAU * i) / 6;
      pen.gem(x + 28 * Math.cos(t), 130 + 28 * Math.sin(t), 12, pen.accentAt(i + 1), false);
    }
    pen.gem(x, 130, 17, pen.gemAt(0));
    pen.add(`<path d="M${x} 165V206" stroke="url(#mv)" stroke-width="6"/>`);
    pen.bead(x, 190, 8);
    // The bell.
    const bell = `M${x - 16} 206C${x - 70} 212 ${x - 98} 290 ${x - 100} 352L${x + 100} 352C${x + 98} 290 ${x + 70} 212 ${x + 16} 206Z`;
    pen.add(`<path d="${bell}" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width="1.5"/>`);
    for (const yy of [262, 306]) {
      const w = (yy - 200) * 0.63;
      pen.add(`<path d="M${n(x - w)} ${yy}Q${x} ${yy + 18} ${n(x + w)} ${yy}" fill="none" stroke="${pen.metal.edge}" stroke-opacity=".7" stroke-width="2"/>`);
    }
    if (style === 1 && pen.stone !== 'plain') {
      // Meenakari-style band of colour between the engraved lines.
      const colour = pen.gemAt(0) ?? 'ruby';
      pen.gems.add(colour);
      pen.add(`<path d="M${x - 39} 262Q${x} 280 ${x + 39} 262L${x + 67} 306Q${x} 324 ${x - 67} 306Z" fill="url(#r-${colour})" opacity=".8"/>`);
    }
    along(x, 230, 40, 14, 200, 340, 5).forEach((p, i) => pen.gem(p.x, p.y + 8, 5, pen.accentAt(i), false));
    pen.add(`<ellipse cx="${x}" cy="352" rx="101" ry="14" fill="url(#md)" stroke="${pen.metal.edge}"/>`);
    // Hanging drops round the rim.
    const hangers = along(x, 352, 92, 12, 10, 170, 9);
    pen.add(`<path d="${hangers.map((p) => `M${n(p.x)} ${n(p.y)}v16`).join('')}" stroke="${pen.metal.edge}" stroke-width="2"/>`);
    hangers.forEach((p, i) => {
      const colour = pen.stone === 'plain' ? null : style === 0 || pen.stone === 'pearl' ? 'pearl' : pen.gemAt(i);
      pen.gem(p.x, p.y + 26, 9, colour, false);
    });
  }
}

function earrings(pen: Pen, style: number): void {
  for (const x of [200, 400]) {
    if (style === 0) {
      // Drops: a stud above a framed pear-shaped stone.
      pen.gem(x, 140, 22, pen.accentAt(1));
      pen.add(`<path d="M${x} 166V196" stroke="url(#mv)" stroke-width="5"/>`);
      const frame = `M${x} 196C${x + 30} 240 ${x + 70} 300 ${x + 70} 350A70 70 0 0 1 ${x - 70} 350C${x - 70} 300 ${x - 30} 240 ${x} 196Z`;
      pen.add(`<path d="${frame}" fill="url(#m)" stroke="${pen.metal.edge}" stroke-width="1.5"/>`);
      along(x, 350, 60, 60, -10, 190, 11).forEach((p, i) => pen.gem(p.x, p.y, 5.5, pen.accentAt(i + 2), false));
      pen.drop(x, 318, 84, 150, pen.gemAt(0));
    } else {
      // Hoops set with a row of stones on the front.
      pen.add(`<circle cx="${x}" cy="310" r="96" fill="none" stroke="url(#md)" stroke-width="18"/>`);
      pen.add(`<circle cx="${x}" cy="310" r="96" fill="none" stroke="url(#m)" stroke-width="13"/>`);
      pen.add(`<rect x="${x - 8}" y="198" width="16" height="22" rx="5" fill="url(#mv)" stroke="${pen.metal.edge}"/>`);
      along(x, 310, 96, 96, 15, 165, 9).forEach((p, i) => pen.gem(p.x, p.y, 8.5, i === 4 ? pen.gemAt(0) : pen.accentAt(i + 1), false));
    }
  }
}

function nosePin(pen: Pen, style: number): void {
  const cx = 290;
  const cy = 260;
  // The screw stem behind the head, with its twist at the end.
  pen.add(
    `<path d="M${cx + 8} ${cy + 40}C${cx + 30} ${cy + 140} ${cx + 110} ${cy + 170} ${cx + 130} ${cy + 230}" fill="none" stroke="url(#md)" stroke-width="12" stroke-linecap="round"/>`,
  );
  for (let i = 0; i < 4; i++) {
    pen.add(
      `<ellipse cx="${cx + 118 + i * 5}" cy="${cy + 196 + i * 10}" rx="10" ry="4" fill="none" stroke="${pen.metal.edge}" stroke-width="2" transform="rotate(-30 ${cx + 118 + i * 5} ${cy + 196 + i * 10})"/>`,
    );
  }
  if (style === 0) {
    // Flower: petals of stones round a centre stone.
    pen.add(`<circle cx="${cx}" cy="${cy}" r="112" fill="url(#m)" stroke="${pen.metal.edge}"/>`);
    for (let i = 0; i < 6; i++) {
      const t = (TAU * i) / 6 - Math.PI / 2;
      pen.gem(cx + 68 * Math.cos(t), cy + 68 * Math.sin(t), 34, i % 2 === 0 ? pen.gemAt(i) : pen.accentAt(i));
    }
    pen.gem(cx, cy, 30, pen.gemAt(0));
  } else {
    // Solitaire in a crown with a tiny drop.
    for (let i = 0; i < 6; i++) {
      const t = (TAU * i) / 6;
      pen.add(`<circle cx="${n(cx + 86 * Math.cos(t))}" cy="${n(cy + 86 * Math.sin(t))}" r="12" fill="url(#mb)" stroke="${pen.metal.edge}"/>`);
    }
    pen.gem(cx, cy, 80, pen.gemAt(0));
    pen.add(`<path d="M${cx} ${cy + 96}v24" stroke="url(#mv)" stroke-width="4"/>`);
    pen.drop(cx, cy + 150, 28, 54, pen.accentAt(1));
  }
}

function studs(pen: Pen, style: number): void {
  for (const x of [190, 410]) {
    const y = 300;
    if (style === 0) {
      // Solitaire in six claws.
      for (let i = 0; i < 6; i++) {
        const t = (TAU * i) / 6 + Math.PI / 6;
        pen.add(`<circle cx="${n(x + 72 * Math.cos(t))}" cy="${n(y + 72 * Math.sin(t))}" r="11" fill="url(#mb)" stroke="${pen.metal.edge}"/>`);
      }
      pen.gem(x, y, 68, pen.gemAt(0));
    } else {
      // Flower cluster.
      pen.add(`<circle cx="${x}" cy="${y}" r="88" fill="url(#m)" stroke="${pen.metal.edge}"/>`);
      for (let i = 0; i < 6; i++) {
        const t = (TAU * i) / 6;
        pen.gem(x + 52 * Math.cos(t), y + 52 * Math.sin(t), 24, pen.accentAt(i + 1), false);
      }
      pen.gem(x, y, 28, pen.gemAt(0), false);
    }
  }
}

const DRAW: Record<ArtKind, (pen: Pen, style: number) => void> = {
  ring,
  chain,
  bangle,
  bracelet,
  jhumka,
  earrings,
  pendant,
  necklace,
  'nose-pin': nosePin,
  studs,
};

/** A piece drawn at 600 × 600: its <defs>, its elements (background excluded) and what it shows, in words. */
export interface DrawnPiece {
  defs: string;
  body: string;
  label: string;
}

export function drawPiece(kind: ArtKind, metal: ArtMetal, variant: number): DrawnPiece {
  if (!(ART_KINDS as readonly string[]).includes(kind)) throw new RangeError(`unknown art kind ${kind}`);
  const palette = METAL_PALETTES[metal];
  if (!palette) throw new RangeError(`unknown art metal ${metal}`);
  if (!Number.isInteger(variant) || variant < 1 || variant > ART_VARIANT_COUNT) {
    throw new RangeError(`art variant must be 1-${ART_VARIANT_COUNT}, got ${variant}`);
  }
  const stone = variantStone(variant);
  const pen = new Pen(palette, stone);
  DRAW[kind](pen, variantStyle(variant));
  const label = `${kind.replace('-', ' ')} in ${palette.label}${stone === 'plain' ? '' : ` with ${stone.replace('-', ' ')}`}`;
  return { defs: defs(pen), body: pen.out.join(''), label };
}

/** The warm backdrop and the soft shadow every drawing stands on. */
export const ART_BACKDROP = `<rect width="600" height="600" fill="url(#bg)"/><ellipse cx="300" cy="530" rx="220" ry="28" fill="url(#sh)"/>`;

/** SVG (600 × 600) of a piece of jewellery; variant 1..ART_VARIANT_COUNT picks stone and style. */
export function productArt(kind: ArtKind, metal: ArtMetal, variant: number): string {
  const { defs: d, body, label } = drawPiece(kind, metal, variant);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${label}">` +
    d +
    ART_BACKDROP +
    body +
    `</svg>`
  );
}

/** The home page's collection tile for each category: one characteristic piece in yellow gold. */
export const COLLECTION_ART: Record<string, ArtRef> = {
  Bangles: { kind: 'bangle', metal: 'yellow-gold', variant: artVariant('ruby', 0) },
  Bracelets: { kind: 'bracelet', metal: 'yellow-gold', variant: artVariant('diamond', 1) },
  Chains: { kind: 'chain', metal: 'yellow-gold', variant: artVariant('plain', 1) },
  Earrings: { kind: 'jhumka', metal: 'yellow-gold', variant: artVariant('pearl', 0) },
  Necklaces: { kind: 'necklace', metal: 'yellow-gold', variant: artVariant('emerald', 0) },
  'Nose Pins': { kind: 'nose-pin', metal: 'yellow-gold', variant: artVariant('diamond', 0) },
  Pendants: { kind: 'pendant', metal: 'yellow-gold', variant: artVariant('ruby', 1) },
  Rings: { kind: 'ring', metal: 'yellow-gold', variant: artVariant('diamond', 0) },
  'Daily Wears': { kind: 'studs', metal: 'rose-gold', variant: artVariant('diamond', 1) },
};

/** URL path of a category's collection tile, or null for a category without one. */
export function collectionArtPath(category: string): string | null {
  const ref = COLLECTION_ART[category];
  return ref ? artPath(ref.kind, ref.metal, ref.variant) : null;
}

/** SVG of a category's collection tile (a ring for an unknown category). */
export function collectionArt(category: string): string {
  const ref = COLLECTION_ART[category] ?? { kind: 'ring', metal: 'yellow-gold', variant: artVariant('diamond', 0) };
  return productArt(ref.kind, ref.metal, ref.variant);
}
