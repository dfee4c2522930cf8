/**
 * The four scenes of the 'Watch our craft' showcase, drawn in SVG on a 320 × 200 stage. There is no
 * video file: the film is these scenes faded one after another by CSS (home.css, .film-*), so it costs
 * no network and stops for visitors who prefer reduced motion.
 */

export const CRAFT_STEPS = [
  { title: 'Sketched by hand', text: 'Every design begins as a pencil drawing at our Chennai studio.' },
  { title: 'Cast in hallmarked gold', text: 'Molten gold of tested purity takes the shape of the approved model.' },
  { title: 'Set stone by stone', text: 'Our karigars seat each stone by hand and check it under a loupe.' },
  { title: 'Polished to a mirror', text: 'A final polish, a hallmark, and the piece is ready to be yours.' },
] as const;

const STAR = 'M0 -8 L1.6 -1.6 L8 0 L1.6 1.6 L0 8 L-1.6 1.6 L-8 0 L-1.6 -1.6Z';

/** Shared gradients, once per SVG that shows scenes. */
export function CraftDefs({ id }: { id: string }) {
  return (
    <defs>
      <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#fff0c4" />
        <stop offset="0.45" stopColor="#d9a441" />
        <stop offset="1" stopColor="#8d6216" />
      </linearGradient>
      <radialGradient id={`${id}-glow`} cx="50%" cy="50%" r="50%">
        <stop offset="0" stopColor="#ffcf6b" stopOpacity="0.9" />
        <stop offset="1" stopColor="#ff8a2b" stopOpacity="0" />
      </radialGradient>
      <radialGradient id={`${id}-velvet`} cx="50%" cy="40%" r="75%">
        <stop offset="0" stopColor="#6d2630" />
        <stop offset="1" stopColor="#2a0e12" />
      </radialGradient>
      <linearGradient id={`${id}-sweep`} x1="0" y1="0" x2="1" y2="0">
        <stop offset="0" stopColor="#fff" stopOpacity="0" />
        <stop offset="0.5" stopColor="#fff" stopOpacity="0.75" />
        <stop offset="1" stopColor="#fff" stopOpacity="0" />
      </linearGradient>
    </defs>
  );
}

export function SceneSketch() {
  return (
    <g>
      <rect width="320" height="200" fill="#fbf5ea" />
      {[40, 80, 120, 160].map((y) => (
        <line key={y} x1="0" x2="320" y1={y} y2={y} stroke="#eadfca" />
      ))}
      <path
        className="film-draw"
        d="M160 34C196 66 212 104 194 140C182 164 138 164 126 140C108 104 124 66 160 34ZM160 70C176 88 182 108 172 126C166 136 154 136 148 126C138 108 144 88 160 70Z"
        fill="none"
        stroke="#5c4a3f"
        strokeWidth="2"
        strokeLinecap="round"
      />
      <circle className="film-draw" cx="160" cy="24" r="8" fill="none" stroke="#5c4a3f" strokeWidth="2" />
      <g transform="translate(226 150) rotate(-38)">
        <rect x="0" y="-5" width="74" height="10" rx="2" fill="#e0a526" />
        <path d="M0 -5L-14 0L0 5Z" fill="#f3d9a8" />
        <path d="M-14 0L-9 -2V2Z" fill="#2b1d16" />
        <rect x="66" y="-5" width="8" height="10" fill="#c9a0a0" />
      </g>
    </g>
  );
}

export function SceneCast({ id }: { id: string }) {
  return (
    <g>
      <rect width="320" height="200" fill="#2a1512" />
      <ellipse cx="176" cy="170" rx="90" ry="30" fill={`url(#${id}-glow)`} />
      {/* the crucible, tipped */}
      <g transform="translate(110 56) rotate(28)">
        <path d="M-28 -24H28L20 24H-20Z" fill="#5b524c" />
        <path d="M-28 -24H28" stroke="#8c837c" strokeWidth="4" strokeLinecap="round" />
        <ellipse cx="0" cy="-22" rx="24" ry="5" fill="#ffb640" />
      </g>
      <rect className="film-pour" x="150" y="62" width="9" height="96" rx="4" fill={`url(#${id}-gold)`} />
      {/* the mould */}
      <rect x="116" y="150" width="120" height="30" rx="6" fill="#4a3b34" />
      <path d="M140 158H212C208 170 144 170 140 158Z" fill="#ffb640" className="film-fill" />
      {[
        [98, 120],
        [236, 110],
        [252, 140],
        [84, 150],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="2" fill="#ffb640" className="film-ember" />
      ))}
    </g>
  );
}

const SET_STONES = [-0.86, -0.72, -0.6, -0.5, -0.4, -0.28, -0.14].map((t) => {
  const a = t * Math.PI;
  return [Math.round(160 + 64 * Math.cos(a)), Math.round(112 + 58 * Math.sin(a))] as const;
});

export function SceneSet({ id }: { id: string }) {
  return (
    <g>
      <rect width="320" height="200" fill={`url(#${id}-velvet)`} />
      <path fillRule="evenodd" d="M94 112a66 60 0 1 0 132 0a66 60 0 1 0 -132 0ZM108 112a52 48 0 1 0 104 0a52 48 0 1 0 -104 0Z" fill={`url(#${id}-gold)`} />
      {SET_STONES.map(([x, y], i) => (
        <g key={`${x}-${y}`} transform={`translate(${x} ${y})`}>
          <g className="film-pop" style={{ animationDelay: `${6 + 0.25 * i}s` }}>
            <circle r="7" fill="#e8f4fb" stroke="#fff" strokeWidth="1.2" />
            <path d="M-4 -1L0 -5L4 -1L0 5Z" fill="#9fc2d8" />
          </g>
        </g>
      ))}
      {/* the setter's tweezers */}
      <g transform="translate(250 40) rotate(40)">
        <path d="M0 0L-4 70M8 0L4 70" stroke="#c9c2bb" strokeWidth="4" strokeLinecap="round" />
      </g>
    </g>
  );
}

const POLISH_BEADS = Array.from({ length: 23 }, (_, i) => {
  const a = (0.12 + (0.76 * i) / 22) * Math.PI;
  return [Math.round(160 + 100 * Math.cos(a)), Math.round(10 + 120 * Math.sin(a))] as const;
});

export function ScenePolish({ id, velvet = false }: { id: string; velvet?: boolean }) {
  return (
    <g>
      <rect width="320" height="200" fill={velvet ? `url(#${id}-velvet)` : '#f8efe2'} />
      <polyline points={POLISH_BEADS.map((p) => p.join(',')).join(' ')} fill="none" stroke="#b8862b" strokeWidth="1.5" />
      {POLISH_BEADS.map(([x, y], i) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r={i % 2 === 0 ? 5 : 3.4} fill={`url(#${id}-gold)`} />
      ))}
      <path d="M160 128C178 130 186 146 182 160C178 174 166 182 160 188C154 182 142 174 138 160C134 146 142 130 160 128Z" fill={`url(#${id}-gold)`} />
      <ellipse cx="160" cy="158" rx="10" ry="14" fill="#b3123a" />
      <rect className="film-sweep" x="-80" y="0" width="70" height="200" fill={`url(#${id}-sweep)`} transform="skewX(-18)" />
      {[
        [196, 132, 1.2],
        [118, 96, 0.8],
        [232, 70, 0.9],
      ].map(([x, y, s], i) => (
        <path
          key={`${x}-${y}`}
          d={STAR}
          transform={`translate(${x} ${y}) scale(${s})`}
          fill="#fff"
          className="film-twinkle"
          style={{ animationDelay: `${9.4 + i * 0.4}s` }}
        />
      ))}
    </g>
  );
}

/** The scenes in order, for the film and for the still storyboard. */
export function CraftScene({ index, id }: { index: number; id: string }) {
  switch (index) {
    case 0:
      return <SceneSketch />;
    case 1:
      return <SceneCast id={id} />;
    case 2:
      return <SceneSet id={id} />;
    default:
      return <ScenePolish id={id} />;
  }
}
