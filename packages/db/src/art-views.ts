/**
 * The several views of a demo piece (issue 40), drawn from the same picture as its front (art.ts): turned to the side,
 * worn on the body, close up on its centre, and the 24 frames of a 360° turn. Each is a 600 × 600 SVG computed from
 * its path alone, so like the front it is rendered on request and cached forever; nothing is downloaded.
 *
 * /media/art/{kind}/{metal}/{variant}-{side|worn|closeup}.svg, /media/art/{kind}/{metal}/{variant}-spin-{00..23}.svg
 */
import { ART_BACKDROP, ART_SPIN_FRAMES, drawPiece, productArt, type ArtKind, type ArtRef, type ArtView } from './art.ts';

const SVG_OPEN = (label: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 600" width="600" height="600" role="img" aria-label="${label}">`;
const r1 = (v: number) => String(Math.round(v * 1000) / 1000);

/** Where on the body a kind is worn: the words of its alt text and the figure drawn under it. */
export function wornOn(kind: ArtKind): 'hand' | 'wrist' | 'neck' | 'ear' | 'nose' {
  if (kind === 'ring') return 'hand';
  if (kind === 'bangle' || kind === 'bracelet') return 'wrist';
  if (kind === 'necklace' || kind === 'chain' || kind === 'pendant') return 'neck';
  if (kind === 'nose-pin') return 'nose';
  return 'ear';
}

/** What a view shows, in words for its alt text ('worn on the hand', 'close-up of the centre stone'). */
export function artViewWords(kind: ArtKind, view: ArtView): string {
  if (view === 'front') return 'front view';
  if (view === 'side') return 'side view';
  if (view === 'closeup') return 'close-up of the setting';
  const on = wornOn(kind);
  return on === 'neck' ? 'worn at the neck' : `worn on the ${on}`;
}

/** The part of a piece its close-up shows: the centre stone, or the first of a pair. */
const FOCUS: Record<ArtKind, { x: number; y: number }> = {
  ring: { x: 300, y: 160 },
  chain: { x: 300, y: 440 },
  bangle: { x: 300, y: 410 },
  bracelet: { x: 300, y: 360 },
  jhumka: { x: 190, y: 260 },
  earrings: { x: 200, y: 320 },
  pendant: { x: 300, y: 400 },
  necklace: { x: 300, y: 370 },
  'nose-pin': { x: 290, y: 260 },
  studs: { x: 190, y: 300 },
};
/** The close-up's magnification. */
const CLOSE = 2.4;

const SKIN = `<linearGradient id="skin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e2ad88"/><stop offset=".55" stop-color="#c98e68"/><stop offset="1" stop-color="#a66d4b"/></linearGradient>`;
const SKIN_EDGE = '#8c5a3c';

/** The body the piece is worn on, and where and how large the piece sits on it. */
function figure(kind: ArtKind): { under: string; place: string; clip?: string } {
  switch (wornOn(kind)) {
    case 'hand': {
      // The back of a hand, fingers up; the ring sits at the base of the ring finger.
      const fingers = [
        [205, 150],
        [268, 95],
        [334, 110],
        [396, 170],
      ]
        .map(
          ([x, top]) => `<rect x="${x! - 28}" y="${top}" width="56" height="${420 - top!}" rx="28" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/>`,
        )
        .join('');
      const palm = `<path d="M170 360Q168 600 200 620L430 620Q440 470 432 360Z" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/>`;
      const thumb = `<path d="M172 430Q110 400 86 330Q78 300 104 296Q130 300 150 340L190 400Z" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/>`;
      const s = 0.28;
      return { under: fingers + palm + thumb, place: `translate(${r1(334 - 300 * s)} ${r1(318 - 340 * s)}) scale(${s})` };
    }
    case 'wrist': {
      const arm = `<path d="M218 620L232 300Q238 170 300 150Q362 170 368 300L382 620Z" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/>`;
      const fist = `<ellipse cx="300" cy="150" rx="92" ry="104" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/><path d="M232 120Q300 100 368 120M236 160Q300 140 364 160" fill="none" stroke="${SKIN_EDGE}" stroke-opacity=".5" stroke-width="2"/>`;
      const s = 0.5;
      return { under: arm + fist, place: `translate(${r1(300 - 300 * s)} ${r1(340 - 300 * s)}) scale(${s})` };
    }
    case 'neck': {
      const neck = `<path d="M232 0L232 250Q300 300 368 250L368 0Z" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/>`;
      const shoulders = `<path d="M0 620L0 440Q40 330 232 240Q300 290 368 240Q560 330 600 440L600 620Z" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/>`;
      const blouse = `<path d="M0 620L0 500Q110 520 170 600L430 600Q490 520 600 500L600 620Z" fill="#7a1f3d"/>`;
      const s = 0.62;
      return { under: neck + shoulders + blouse, place: `translate(${r1(300 - 300 * s)} ${r1(238 - 95 * s)}) scale(${s})` };
    }
    case 'nose': {
      const face = `<path d="M0 0L330 0Q360 120 372 220Q420 300 436 330Q444 352 410 360Q400 378 372 372L360 420Q340 470 300 480L300 620L0 620Z" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="2"/>`;
      const nostril = `<path d="M380 352Q392 340 404 350" fill="none" stroke="${SKIN_EDGE}" stroke-width="3"/>`;
      const s = 0.2;
      return { under: face + nostril, place: `translate(${r1(386 - 290 * s)} ${r1(336 - 260 * s)}) scale(${s})` };
    }
    case 'ear': {
      const head = `<path d="M0 0L600 0L600 620L0 620Z" fill="#f3e2d3"/><path d="M120 0Q60 300 180 620L600 620L600 0Z" fill="url(#skin)"/>`;
      const hair = `<path d="M380 0Q560 60 600 260L600 0Z" fill="#2b1a12"/>`;
      const ear = `<path d="M300 60Q390 60 396 170Q400 250 348 300Q330 330 320 360Q300 390 276 372Q250 350 256 300Q230 200 246 120Q260 62 300 60Z" fill="url(#skin)" stroke="${SKIN_EDGE}" stroke-width="3"/><path d="M300 100Q360 110 360 180Q356 230 316 262" fill="none" stroke="${SKIN_EDGE}" stroke-opacity=".6" stroke-width="3"/>`;
      // The left piece of the pair, its hook at the lobe.
      const hook = kind === 'studs' ? { x: 190, y: 300 } : kind === 'earrings' ? { x: 200, y: 140 } : { x: 190, y: 130 };
      const s = kind === 'studs' ? 0.3 : 0.6;
      return {
        under: head + hair + ear,
        place: `translate(${r1(290 - hook.x * s)} ${r1(350 - hook.y * s)}) scale(${s})`,
        clip: `<clipPath id="one"><rect x="0" y="0" width="300" height="600"/></clipPath>`,
      };
    }
  }
}

function side(kind: ArtKind, d: ReturnType<typeof drawPiece>): string {
  // Turned about 60°: the drawing narrowed to half its width, its depth a darker copy behind it.
  const turned = (dx: number) => `translate(${300 + dx} 0) scale(0.5 1) translate(-300 0)`;
  return (
    SVG_OPEN(`${d.label}, ${artViewWords(kind, 'side')}`) +
    d.defs +
    ART_BACKDROP +
    `<g transform="${turned(14)}" opacity=".45">${d.body}</g><g transform="${turned(0)}">${d.body}</g></svg>`
  );
}

function worn(kind: ArtKind, d: ReturnType<typeof drawPiece>): string {
  const f = figure(kind);
  const clip = f.clip ? ' clip-path="url(#one)"' : '';
  return (
    SVG_OPEN(`${d.label}, ${artViewWords(kind, 'worn')}`) +
    d.defs.replace('</defs>', `${SKIN}${f.clip ?? ''}</defs>`) +
    `<rect width="600" height="600" fill="url(#bg)"/>` +
    f.under +
    `<g transform="${f.place}"${clip}>${d.body}</g></svg>`
  );
}

function closeup(kind: ArtKind, d: ReturnType<typeof drawPiece>): string {
  const span = 600 / CLOSE;
  const at = (c: number) => Math.min(600 - span, Math.max(0, c - span / 2));
  const { x, y } = FOCUS[kind];
  return (
    SVG_OPEN(`${d.label}, ${artViewWords(kind, 'closeup')}`) +
    d.defs +
    `<g transform="scale(${CLOSE}) translate(${r1(-at(x))} ${r1(-at(y))})">${ART_BACKDROP}${d.body}</g></svg>`
  );
}

/**
 * Frame `frame` of the turn: the piece spins about its upright axis, its width following the cosine of the angle
 * (mirrored when its back faces us), its depth showing on the side turned away, and the light sliding across it.
 */
export function spinFrame(kind: ArtKind, d: ReturnType<typeof drawPiece>, frame: number): string {
  const angle = (2 * Math.PI * frame) / ART_SPIN_FRAMES;
  const c = Math.cos(angle);
  const width = Math.sign(c || 1) * Math.max(Math.abs(c), 0.08);
  const depth = 18 * Math.sin(angle);
  const turned = (dx: number) => `translate(${r1(300 + dx)} 0) scale(${r1(width)} 1) translate(-300 0)`;
  const light = 300 - 220 * Math.sin(angle);
  return (
    SVG_OPEN(`${d.label}, turned ${Math.round((frame * 360) / ART_SPIN_FRAMES)}°`) +
    d.defs +
    ART_BACKDROP +
    `<g transform="${turned(depth)}" opacity=".45">${d.body}</g><g transform="${turned(0)}">${d.body}</g>` +
    `<ellipse cx="${r1(light)}" cy="300" rx="60" ry="260" fill="#fff" opacity=".14"/></svg>`
  );
}

/** The picture a parsed path names: a view of the piece or a frame of its turn. */
export function renderArt(ref: ArtRef): string {
  if (ref.frame === undefined && (ref.view === undefined || ref.view === 'front')) return productArt(ref.kind, ref.metal, ref.variant);
  const d = drawPiece(ref.kind, ref.metal, ref.variant);
  if (ref.frame !== undefined) return spinFrame(ref.kind, d, ref.frame);
  if (ref.view === 'side') return side(ref.kind, d);
  if (ref.view === 'worn') return worn(ref.kind, d);
  return closeup(ref.kind, d);
}
