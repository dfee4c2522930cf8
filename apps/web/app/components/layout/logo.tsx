/**
 * The Milli wordmark, drawn as strokes rather than set in a font, so it looks the same on every device:
 * a high-contrast serif M (thin diagonals, heavy stems) and three stems whose i-dots are cut diamonds.
 */
export function LogoMark({ className, title = 'Milli' }: { className?: string; title?: string }) {
  // One path per stroke weight (every page draws the mark twice, header and footer: issue 40 counts elements).
  return (
    <svg className={className} viewBox="0 0 112 48" role="img" aria-label={title} focusable="false">
      <g fill="none" stroke="currentColor" strokeLinecap="butt">
        {/* heavy: the M's outer stems, then the stems of i l l i */}
        <path d="M7 40V10M37 40V10M53 22v18M67 8v32M79 8v32M93 22v18" strokeWidth={3.6} />
        {/* hairline: the M's diagonals, its bracket serifs, and the serifs of i l l i */}
        <path
          d="M7.5 10 22 34 36.5 10M2 41h10M32 41h10M2.5 9.2h6M35.5 9.2h6M48.5 41h9M62.5 41h9M74.5 41h9M88.5 41h9M63.5 8.8h4M75.5 8.8h4M49.5 22.8h4M89.5 22.8h4"
          strokeWidth={1.6}
          strokeLinejoin="miter"
        />
      </g>
      {/* the two i-dots: small brilliant-cut diamonds in gold */}
      <path d="M49.5 14.2h7l2 2.4-5.5 5.4-5.5-5.4ZM89.5 14.2h7l2 2.4-5.5 5.4-5.5-5.4Z" className="logo-gem" />
      <path d="M101 13.5l1.2-3 1.2 3 3 1.2-3 1.2-1.2 3-1.2-3-3-1.2Z" className="logo-spark" />
    </svg>
  );
}
