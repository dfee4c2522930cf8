/**
 * Certification badges of the product page, drawn for Milli (not any body's official mark): a hallmark
 * seal for hallmarked pieces (a purity stamp for the others) and a grading-lab style seal for certified diamonds and stones. They say what
 * the piece carries; the text beside them says it in words.
 */

/** Gold fineness in parts per thousand, as a hallmark shows it. */
export const FINENESS: Record<number, string> = { 14: '585', 18: '750', 22: '916', 24: '999' };

/** The metal of the piece as the page shows it: gold with the karat chosen, silver 925, platinum 950. */
export interface PieceMetal {
  metal: string;
  /** Gold's karat (14-24); 925 or 950 for silver and platinum. */
  purity: number | null;
  /** The product's pieces carry a BIS hallmark (contracts carriesHuid: gold always, silver when hallmarked). */
  hallmarked: boolean;
}

/**
 * What the piece is marked with, in words (issue 38): a BIS hallmark whose HUID is the piece's own (given on the
 * invoice, so never one HUID for the product), or the maker's purity stamp on silver not sent for hallmarking and on
 * platinum, which the BIS HUID scheme does not cover. Read by the seal beside the picture and the facts table.
 */
export function hallmarkWords({ metal, purity, hallmarked }: PieceMetal): { title: string; mark: string; detail: string } | null {
  if (metal === 'gold' && purity !== null) {
    return { title: 'BIS Hallmark', mark: FINENESS[purity] ?? 'BIS', detail: `${purity}kt gold · each piece has its own HUID, printed on your invoice` };
  }
  if (metal === 'silver' && hallmarked) {
    return { title: 'BIS Hallmark', mark: '925', detail: '925 sterling silver · each piece has its own HUID, printed on your invoice' };
  }
  if (metal === 'silver') return { title: 'Stamped 925', mark: '925', detail: 'Sterling silver, stamped by its maker; not BIS hallmarked' };
  if (metal === 'platinum') return { title: 'Stamped Pt 950', mark: 'Pt950', detail: 'Platinum, stamped by its maker; not under the BIS HUID scheme' };
  return null;
}

/** A round seal with the fineness; the BIS triangle and the word HALLMARK only on a hallmarked piece. */
function MarkSeal({ mark, hallmarked }: { mark: string; hallmarked: boolean }) {
  return (
    <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false" className="cert-svg">
      <circle cx="32" cy="32" r="30" className="cert-ring" />
      <circle cx="32" cy="32" r="24.5" className="cert-inner" />
      {hallmarked && <path d="M32 12.5 48 40H16Z" className="cert-mark" />}
      <text x="32" y={hallmarked ? 37 : 36} textAnchor="middle" className="cert-text cert-text--lg">
        {mark}
      </text>
      <text x="32" y="49.5" textAnchor="middle" className="cert-text cert-text--sm">
        {hallmarked ? 'HALLMARK' : 'STAMPED'}
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
 * piece: the metal and whether it is hallmarked (hallmarkWords says what it carries); stones: the piece is set with a
 * diamond or other stones, the only thing the lab seal speaks for. bisRegistration: the store's BIS registration
 * number (issue 38), named under a hallmark only; empty while the store has none set, and then nothing is said of it.
 */
export function CertBadges({ piece, stones, bisRegistration = '' }: { piece: PieceMetal; stones: boolean; bisRegistration?: string }) {
  const words = hallmarkWords(piece);
  const hallmarked = words !== null && words.title === 'BIS Hallmark';
  if (!words && !stones) return null;
  return (
    <ul className="cert-badges" aria-label="Certification">
      {words && (
        <li className="cert-badge">
          <MarkSeal mark={words.mark} hallmarked={hallmarked} />
          <span>
            <strong>{words.title}</strong>
            <span className="muted">{words.detail}</span>
            {hallmarked && bisRegistration ? <span className="muted">Sold by a BIS-registered jeweller, {bisRegistration}</span> : null}
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
