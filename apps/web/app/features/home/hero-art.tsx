/**
 * The home banner's two drawings, made for Milli in SVG: a temple necklace on a velvet bust, and a
 * solitaire with a pavé band on a silk cushion. Geometry is computed once at module load (no randomness),
 * so the server and the browser draw exactly the same picture. Decorative: the slide's text says it all.
 */

type Point = readonly [number, number];

/** A point on an ellipse, angle in turns of π (0.5 = straight down, since SVG's y grows downwards). */
function onArc(cx: number, cy: number, rx: number, ry: number, t: number): Point {
  const a = t * Math.PI;
  return [round(cx + rx * Math.cos(a)), round(cy + ry * Math.sin(a))];
}

const round = (n: number) => Math.round(n * 10) / 10;

function along(count: number, from: number, to: number): number[] {
  return Array.from({ length: count }, (_, i) => from + ((to - from) * i) / (count - 1));
}

/* ---------- slide 1: necklace on velvet ---------- */

const MAIN_BEADS = along(45, 0.1, 0.9).map((t) => onArc(280, 96, 118, 196, t));
const CHOKER_PEARLS = along(29, 0.16, 0.84).map((t) => onArc(280, 58, 80, 118, t));
/** Every other bead between the sides carries a kundan drop: ruby and emerald in turn. */
const DROPS = MAIN_BEADS.map((p, i) => ({ p, i })).filter(({ i }) => i >= 9 && i <= 35 && i % 3 === 0 && i !== 21);

const SPARKLE = 'M0 -10 L2 -2 L10 0 L2 2 L0 10 L-2 2 L-10 0 L-2 -2Z';

export function Sparkles({ points, className = 'sparkle' }: { points: readonly (readonly [number, number, number])[]; className?: string }) {
  return (
    <g className={className}>
      {points.map(([x, y, s], i) => (
        <path key={`${x}-${y}`} d={SPARKLE} transform={`translate(${x} ${y}) scale(${s})`} style={{ animationDelay: `${(i * 0.7) % 3}s` }} />
      ))}
    </g>
  );
}

export function NecklaceOnVelvet() {
  return (
    <svg viewBox="0 0 560 480" className="hero-art-svg" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMax meet">
      <defs>
        <radialGradient id="hero-velvet" cx="50%" cy="30%" r="75%">
          <stop offset="0" stopColor="#7a2a35" />
          <stop offset="0.55" stopColor="#4a1520" />
          <stop offset="1" stopColor="#230a0f" />
        </radialGradient>
        <linearGradient id="hero-velvet-sheen" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#fff" stopOpacity="0" />
          <stop offset="0.5" stopColor="#ffd9c2" stopOpacity="0.16" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
        {/* the bust melts into the background instead of ending in hard edges */}
        <radialGradient id="hero-bust-fade" cx="50%" cy="62%" r="62%">
          <stop offset="0" stopColor="#fff" />
          <stop offset="0.6" stopColor="#fff" />
          <stop offset="1" stopColor="#000" />
        </radialGradient>
        <mask id="hero-bust-mask" maskContentUnits="userSpaceOnUse">
          <rect width="560" height="480" fill="url(#hero-bust-fade)" />
        </mask>
        <radialGradient id="hero-gold" cx="35%" cy="30%" r="70%">
          <stop offset="0" stopColor="#fff4cf" />
          <stop offset="0.45" stopColor="#e2b552" />
          <stop offset="1" stopColor="#8d6216" />
        </radialGradient>
        <radialGradient id="hero-pearl" cx="35%" cy="30%" r="70%">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.6" stopColor="#f1e6d8" />
          <stop offset="1" stopColor="#b9a893" />
        </radialGradient>
        <radialGradient id="hero-ruby" cx="40%" cy="35%" r="65%">
          <stop offset="0" stopColor="#ff7d8f" />
          <stop offset="0.5" stopColor="#b3123a" />
          <stop offset="1" stopColor="#5c0318" />
        </radialGradient>
        <radialGradient id="hero-emerald" cx="40%" cy="35%" r="65%">
          <stop offset="0" stopColor="#8ff0c4" />
          <stop offset="0.5" stopColor="#0f7b55" />
          <stop offset="1" stopColor="#053b28" />
        </radialGradient>
      </defs>

      {/* the velvet bust */}
      <g mask="url(#hero-bust-mask)">
        <path d="M212 0C214 72 206 112 172 140C124 178 44 196 0 236V480H560V236C516 196 436 178 388 140C354 112 346 72 348 0Z" fill="url(#hero-velvet)" />
        <path d="M230 0C232 70 226 110 200 136" stroke="url(#hero-velvet-sheen)" strokeWidth="26" fill="none" opacity="0.8" />
        <path d="M20 250C90 200 170 196 220 150" stroke="#ffffff" strokeOpacity="0.05" strokeWidth="18" fill="none" />
      </g>

      {/* choker of pearls */}
      <polyline points={CHOKER_PEARLS.map((p) => p.join(',')).join(' ')} fill="none" stroke="#c99a3d" strokeWidth="1.2" />
      {CHOKER_PEARLS.map(([x, y], i) => (
        <circle key={`c${i}`} cx={x} cy={y} r={i % 2 === 0 ? 5.2 : 4} fill="url(#hero-pearl)" />
      ))}

      {/* the long temple necklace */}
      <polyline points={MAIN_BEADS.map((p) => p.join(',')).join(' ')} fill="none" stroke="#b8862b" strokeWidth="2" />
      {DROPS.map(({ p: [x, y], i }) => (
        <g key={`d${i}`} transform={`translate(${x} ${y})`}>
          <path d="M0 4C6 10 7 18 0 26C-7 18 -6 10 0 4Z" fill="url(#hero-gold)" />
          <path d="M0 9C3.5 13 4 17 0 22C-4 17 -3.5 13 0 9Z" fill={i % 2 === 0 ? 'url(#hero-ruby)' : 'url(#hero-emerald)'} />
          <circle cx="0" cy="30" r="3.6" fill="url(#hero-pearl)" />
        </g>
      ))}
      {MAIN_BEADS.map(([x, y], i) => (
        <circle key={`b${i}`} cx={x} cy={y} r={i % 2 === 0 ? 6.4 : 4.2} fill="url(#hero-gold)" />
      ))}

      {/* the centre pendant: a lotus-shaped frame around a cabochon ruby, three pearl drops below */}
      <g transform="translate(280 292)">
        <path d="M0 -8C26 -6 40 14 36 36C32 58 12 70 0 82C-12 70 -32 58 -36 36C-40 14 -26 -6 0 -8Z" fill="url(#hero-gold)" />
        <path d="M0 2C18 4 27 18 25 34C23 50 10 60 0 68C-10 60 -23 50 -25 34C-27 18 -18 4 0 2Z" fill="#6b4a10" opacity="0.35" />
        <ellipse cx="0" cy="34" rx="15" ry="20" fill="url(#hero-ruby)" />
        <ellipse cx="-5" cy="26" rx="4" ry="6" fill="#fff" opacity="0.45" />
        {along(9, -0.95, -0.05).map((t) => {
          const [px, py] = onArc(0, 34, 27, 33, t);
          return <circle key={t} cx={px} cy={py} r="2.8" fill="url(#hero-pearl)" />;
        })}
        {[-16, 0, 16].map((dx) => (
          <g key={dx}>
            <line x1={dx} y1={dx === 0 ? 80 : 66} x2={dx} y2={dx === 0 ? 98 : 84} stroke="#c99a3d" strokeWidth="1.4" />
            <ellipse cx={dx} cy={dx === 0 ? 104 : 90} rx="5" ry="6.5" fill="url(#hero-pearl)" />
          </g>
        ))}
      </g>

      <Sparkles
        points={[
          [312, 322, 1.3],
          [206, 228, 0.9],
          [372, 190, 0.8],
          [250, 380, 0.7],
        ]}
      />
    </svg>
  );
}

/* ---------- slide 2: rings on silk ---------- */

const PAVE = along(13, 0.12, 0.88).map((t) => onArc(0, 0, 78, 26, t));

export function RingsOnSilk() {
  return (
    <svg viewBox="0 0 560 480" className="hero-art-svg" aria-hidden="true" focusable="false" preserveAspectRatio="xMidYMax meet">
      <defs>
        <linearGradient id="hero-silk" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff8ee" />
          <stop offset="1" stopColor="#e8d2b8" />
        </linearGradient>
        <linearGradient id="hero-band" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fff0c4" />
          <stop offset="0.3" stopColor="#d9a441" />
          <stop offset="0.55" stopColor="#8d6216" />
          <stop offset="0.8" stopColor="#e8c06a" />
          <stop offset="1" stopColor="#9a6c1c" />
        </linearGradient>
        <linearGradient id="hero-rose" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd9cc" />
          <stop offset="0.4" stopColor="#d98c74" />
          <stop offset="0.7" stopColor="#9c5040" />
          <stop offset="1" stopColor="#e7a793" />
        </linearGradient>
        <linearGradient id="hero-diamond" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" />
          <stop offset="0.5" stopColor="#d7ecf7" />
          <stop offset="1" stopColor="#9fc2d8" />
        </linearGradient>
        <radialGradient id="hero-glow" cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#fff" stopOpacity="0.9" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
      </defs>

      <ellipse cx="262" cy="150" rx="150" ry="120" fill="url(#hero-glow)" />

      {/* the silk cushion */}
      <path d="M34 392C60 318 500 312 528 392C552 462 12 468 34 392Z" fill="url(#hero-silk)" />
      <path
        d="M80 388C160 360 230 372 282 392M300 380C360 350 440 358 492 384M120 420C220 404 330 414 440 426"
        stroke="#cfb08d"
        strokeWidth="2"
        fill="none"
        opacity="0.7"
      />
      <ellipse cx="280" cy="448" rx="250" ry="14" fill="#7b2d26" opacity="0.08" />

      {/* the solitaire, standing */}
      <ellipse cx="250" cy="356" rx="92" ry="12" fill="#5a3a1a" opacity="0.18" />
      <path fillRule="evenodd" d="M158 262a92 96 0 1 0 184 0a92 96 0 1 0 -184 0ZM177 262a73 79 0 1 0 146 0a73 79 0 1 0 -146 0Z" fill="url(#hero-band)" />
      <path d="M176 224C190 196 214 180 236 174" stroke="#fff7dc" strokeWidth="3" strokeLinecap="round" fill="none" opacity="0.8" />
      {/* basket and prongs */}
      <path d="M228 142H272L262 172H238Z" fill="url(#hero-band)" />
      {/* the stone: pavilion, then crown */}
      <path d="M204 128H296L250 170Z" fill="url(#hero-diamond)" stroke="#8fb3c9" strokeWidth="1" />
      <path d="M204 128L226 102H274L296 128Z" fill="url(#hero-diamond)" stroke="#8fb3c9" strokeWidth="1" />
      <path d="M226 102L236 128L250 102L264 128L274 102M204 128L250 170L296 128M236 128L250 170L264 128" stroke="#8fb3c9" strokeWidth="0.9" fill="none" />
      <path d="M232 106L244 106L238 122Z" fill="#fff" opacity="0.9" />
      <path d="M236 152L210 126M264 152L290 126" stroke="#c99a3d" strokeWidth="4" strokeLinecap="round" />

      {/* the pavé band, lying in front */}
      <g transform="translate(396 372) rotate(-9)">
        <ellipse cx="0" cy="4" rx="80" ry="26" fill="#5a3a1a" opacity="0.14" />
        <ellipse cx="0" cy="0" rx="78" ry="26" fill="none" stroke="url(#hero-rose)" strokeWidth="13" />
        {PAVE.map(([x, y]) => (
          <circle key={`${x}-${y}`} cx={x} cy={y} r="3.4" fill="url(#hero-diamond)" stroke="#fff" strokeWidth="0.6" />
        ))}
      </g>

      <Sparkles
        points={[
          [300, 92, 1.6],
          [208, 104, 0.9],
          [462, 332, 1],
          [140, 214, 0.7],
        ]}
        className="sparkle sparkle--dark"
      />
    </svg>
  );
}
