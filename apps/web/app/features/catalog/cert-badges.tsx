/**
 * Certification badges of the product page, drawn for Milli (not any body's official mark): a hallmark
 * seal for gold pieces and a grading-lab style seal for certified diamonds and stones. They say what
 * the piece carries; the text beside them says it in words.
 */

/** Gold fineness in parts per thousand, as a hallmark shows it. */
export const FINENESS: Record<number, string> = { 14: '585', 18: '750', 22: '916', 24: '999' };

function HallmarkSeal({ fineness }: { fineness: string }) {
  return (
    <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false" className="cert-svg">
      <circle cx="32" cy="32" r="30" className="cert-ring" />
      <circle cx="32" cy="32" r="24.5" className="cert-inner" />
      <path d="M32 12.5 48 40H16Z" className="cert-mark" />
      <text x="32" y="37" textAnchor="middle" className="cert-text cert-text--lg">
        {fineness}
      </text>
      <text x="32" y="49.5" textAnchor="middle" className="cert-text cert-text--sm">
        HALLMARK
      </text>
    </svg>
  );
}

function CertifiedSeal() {
  // A rosette: sixteen points around a round seal, a cut stone in the middle.
  const points = Array.from({ length: 32 }, (_, i) => {
    const r = i % 2 === 0 ? 31 : 27;
    const a = (Math.PI * i) / 16;
    return `${(32 + r * Math.sin(a)).toFixed(2)},${(32 - r * Math.cos(a)).toFixed(2)}`;
  }).join(' ');
  return (
    <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false" className="cert-svg">
      <polygon points={points} className="cert-ring" />
      <circle cx="32" cy="32" r="22" className="cert-inner" />
      <path d="M23 26h18l5 5-14 14-14-14Z" className="cert-mark" />
      <path d="M23 26l4 5h10l4-5M27 31l5 14 5-14M18 31h28" className="cert-facet" />
      <text x="32" y="21" textAnchor="middle" className="cert-text cert-text--sm">
        CERTIFIED
      </text>
    </svg>
  );
}

/**
 * goldPurity: the karat shown for a gold piece (null for other metals); stones: the piece is set with a diamond
 * or other stones, the only thing the lab seal speaks for. Nothing at all for a piece with neither.
 * bisRegistration: the store's BIS registration number (issue 38), named under the hallmark; empty while the store
 * has none set, and then nothing is said of it.
 */
export function CertBadges({
  goldPurity,
  huid,
  stones,
  bisRegistration = '',
}: {
  goldPurity: number | null;
  huid: string | null;
  stones: boolean;
  bisRegistration?: string;
}) {
  const hallmarked = goldPurity !== null;
  if (!hallmarked && !stones) return null;
  return (
    <ul className="cert-badges" aria-label="Certification">
      {hallmarked && (
        <li className="cert-badge">
          <HallmarkSeal fineness={FINENESS[goldPurity ?? 22] ?? 'BIS'} />
          <span>
            <strong>BIS Hallmark</strong>
            <span className="muted">{goldPurity}kt gold</span>
            {huid ? <span className="muted">HUID {huid}</span> : null}
            {bisRegistration ? <span className="muted">Sold by a BIS-registered jeweller, {bisRegistration}</span> : null}
          </span>
        </li>
      )}
      {stones && (
        <li className="cert-badge">
          <CertifiedSeal />
          <span>
            <strong>Certified Jewellery</strong>
            {/* Issue 38: a lab's certificate exists only where the orders desk uploaded one for the piece, so none is promised. */}
            <span className="muted">Lab certificate with your order where one is issued</span>
          </span>
        </li>
      )}
    </ul>
  );
}
