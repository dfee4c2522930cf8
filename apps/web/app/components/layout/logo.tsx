/**
 * The Milli wordmark, drawn as strokes rather than set in a font, so it looks the same on every device:
 * a high-contrast serif M (thin diagonals, heavy stems) and three stems whose i-dots are cut diamonds.
 */
export function LogoMark({ className, title = 'Milli' }: { className?: string; title?: string }) {
  return (
    <svg className={className} viewBox="0 0 112 48" role="img" aria-label={title} focusable="false">
      <g fill="none" stroke="currentColor" strokeLinecap="butt">
        {/* M: heavy outer stems, hairline diagonals, bracket serifs */}
        <path d="M7 40V10" strokeWidth={3.6} />
        <path d="M37 40V10" strokeWidth={3.6} />
        <path d="M7.5 10 22 34 36.5 10" strokeWidth={1.6} strokeLinejoin="miter" />
        <path d="M2 41h10M32 41h10M2.5 9.2h6M35.5 9.2h6" strokeWidth={1.6} />
        {/* i l l i */}
        <path d="M53 22v18M67 8v32M79 8v32M93 22v18" strokeWidth={3.6} />
        <path d="M48.5 41h9M62.5 41h9M74.5 41h9M88.5 41h9M63.5 8.8h4M75.5 8.8h4M49.5 22.8h4M89.5 22.8h4" strokeWidth={1.6} />
      </g>
      {/* the two i-dots: small brilliant-cut diamonds in gold */}
      <g className="logo-gem">
        <path d="M49.5 14.2h7l2 2.4-5.5 5.4-5.5-5.4Z" />
        <path d="M89.5 14.2h7l2 2.4-5.5 5.4-5.5-5.4Z" />
      </g>
      <path d="M101 13.5l1.2-3 1.2 3 3 1.2-3 1.2-1.2 3-1.2-3-3-1.2Z" className="logo-spark" />
    </svg>
  );
}
