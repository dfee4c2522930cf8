import { useEffect, useRef } from 'react';
import { useReducedMotion } from '../../lib/use-reduced-motion.ts';

/** Small, fast, seeded generator: confetti needs variety, not secrecy (and Math.random is off-limits here). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const COLOURS = ['#d9a441', '#f3deb0', '#b8862b', '#7b2d26', '#c2566a', '#fff4dc', '#9fc2d8'];
/**
 * How long new confetti keeps falling; then what is in the air fades and the loop stops. Brief (issue 40):
 * a moment of celebration, then the order's facts stand still to be read.
 */
const SHOWER_MS = 1500;
/** Then what is still in the air fades out over this long, and the canvas is empty: about 2.5 s in all. */
const FADE_MS = 1000;

interface Piece {
  x: number;
  y: number;
  size: number;
  vx: number;
  vy: number;
  angle: number;
  spin: number;
  sway: number;
  colour: string;
  shape: 'ribbon' | 'gem' | 'dot';
}

/**
 * A shower of gold, maroon and diamond-blue confetti on a canvas the size of the window (it follows the
 * window when it is resized, and stays sharp on high-density screens), behind the thank-you card
 * (thank-you.css): it never falls over the order number. It falls briefly, then stops (`data-falling` is set
 * while it does), and never starts for visitors who prefer reduced motion. Purely decorative.
 */
export function Confetti() {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const reducedMotion = useReducedMotion();

  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx || reducedMotion) return;

    let width = 0;
    let height = 0;
    const resize = () => {
      const dpr = Math.min(window.devicePixelRatio || 1, 2);
      width = window.innerWidth;
      height = window.innerHeight;
      canvas.width = Math.round(width * dpr);
      canvas.height = Math.round(height * dpr);
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    };
    resize();
    window.addEventListener('resize', resize);

    const seed = new Uint32Array(1);
    crypto.getRandomValues(seed);
    const random = mulberry32(seed[0] ?? 1);
    const shapes: Piece['shape'][] = ['ribbon', 'ribbon', 'gem', 'dot'];
    const spawn = (y: number): Piece => ({
      x: random() * width,
      y,
      size: 6 + random() * 8,
      vx: (random() - 0.5) * 0.6,
      vy: 1.4 + random() * 2.2,
      angle: random() * Math.PI * 2,
      spin: (random() - 0.5) * 0.2,
      sway: random() * Math.PI * 2,
      colour: COLOURS[Math.floor(random() * COLOURS.length)] ?? '#d9a441',
      shape: shapes[Math.floor(random() * shapes.length)] ?? 'ribbon',
    });
    const count = Math.min(260, Math.round((width * height) / 5000));
    // The first shower starts partly in view, so the celebration is there the moment the page is.
    let pieces = Array.from({ length: count }, () => spawn(random() * height * 0.7 - height * 0.5));

    canvas.dataset.falling = '';
    const start = performance.now();
    let last = start;
    let frame = 0;
    const draw = (now: number) => {
      // Steps are scaled to 60 fps, so the speed is the same on a 120 Hz phone and a 60 Hz laptop.
      const step = Math.min((now - last) / (1000 / 60), 3);
      last = now;
      const showering = now - start < SHOWER_MS;
      const fade = showering ? 1 : Math.max(0, 1 - (now - start - SHOWER_MS) / FADE_MS);
      if (fade === 0) pieces = [];
      ctx.clearRect(0, 0, width, height);
      ctx.globalAlpha = fade;
      pieces = pieces.flatMap((p) => {
        p.sway += 0.04 * step;
        p.x += (p.vx + Math.sin(p.sway) * 0.8) * step;
        p.y += p.vy * step;
        p.angle += p.spin * step;
        if (p.y > height + 20) return showering ? [spawn(-20)] : [];
        ctx.save();
        ctx.translate(p.x, p.y);
        ctx.rotate(p.angle);
        ctx.fillStyle = p.colour;
        if (p.shape === 'ribbon') {
          ctx.fillRect(-p.size / 2, -p.size / 5, p.size, ((p.size * 2) / 5) * Math.abs(Math.cos(p.sway)) + 1);
        } else if (p.shape === 'gem') {
          ctx.beginPath();
          ctx.moveTo(0, -p.size / 2);
          ctx.lineTo(p.size / 2.6, 0);
          ctx.lineTo(0, p.size / 2);
          ctx.lineTo(-p.size / 2.6, 0);
          ctx.closePath();
          ctx.fill();
        } else {
          ctx.beginPath();
          ctx.arc(0, 0, p.size / 4, 0, Math.PI * 2);
          ctx.fill();
        }
        ctx.restore();
        return [p];
      });
      if (pieces.length > 0) frame = requestAnimationFrame(draw);
      else {
        ctx.clearRect(0, 0, width, height);
        delete canvas.dataset.falling;
      }
    };
    frame = requestAnimationFrame(draw);

    return () => {
      cancelAnimationFrame(frame);
      delete canvas.dataset.falling;
      window.removeEventListener('resize', resize);
      ctx.clearRect(0, 0, width, height);
    };
  }, [reducedMotion]);

  return <canvas ref={canvasRef} className="confetti" aria-hidden="true" />;
}
