/**
 * Small line illustrations for the gifting menu's four tiles, drawn on a 64-unit grid. They sit on CSS
 * gradient tiles (see .gift-tile in layout.css) and use currentColor plus the gold accent class.
 */
export type GiftArtName = 'birthday' | 'anniversary' | 'self' | 'personalized';

export function GiftArt({ name }: { name: GiftArtName }) {
  return (
    <svg className="gift-art" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        {name === 'birthday' && (
          <>
            {/* a gift box with a bow and two candles of sparkle */}
            <rect x="14" y="30" width="36" height="24" rx="2" />
            <rect x="11" y="23" width="42" height="8" rx="1.5" />
            <path d="M32 23v31" />
            <path d="M32 23c-3-7-12-8-12-3 0 3 6 3 12 3ZM32 23c3-7 12-8 12-3 0 3-6 3-12 3Z" />
            <path className="gold" d="M12 10v5M9.5 12.5h5M51 8v4M49 10h4" />
          </>
        )}
        {name === 'anniversary' && (
          <>
            {/* two interlocked rings, one set with a stone */}
            <circle cx="25" cy="38" r="12" />
            <circle cx="39" cy="38" r="12" />
            <path className="gold" d="M21 19h8l2 3-6 5-6-5Z" />
            <path className="gold" d="M46 12l1 2.5 2.5 1-2.5 1-1 2.5-1-2.5-2.5-1 2.5-1Z" />
          </>
        )}
        {name === 'self' && (
          <>
            {/* a hand mirror reflecting a sparkle: a treat for yourself */}
            <ellipse cx="32" cy="25" rx="14" ry="16" />
            <ellipse cx="32" cy="25" rx="10" ry="12" />
            <path d="M32 41v15M27 56h10" />
            <path className="gold" d="M32 18l1.6 4.4L38 24l-4.4 1.6L32 30l-1.6-4.4L26 24l4.4-1.6Z" />
          </>
        )}
        {name === 'personalized' && (
          <>
            {/* a chain with an engraved initial pendant */}
            <path d="M12 10c4 14 12 20 20 20s16-6 20-20" strokeDasharray="2.5 3" />
            <path d="M32 30v4" />
            <path d="M24 34h16l-2 16a6 6 0 0 1-12 0Z" />
            <path className="gold" d="M29 46V38l3 4 3-4v8" />
          </>
        )}
      </g>
    </svg>
  );
}
