/**
 * Issue 38: which pieces carry a BIS hallmark and so a HUID, the one rule the product form, checkout, packing, the
 * design desk, the product page and the invoice all read.
 *
 * Under the BIS hallmarking order gold jewellery may be sold only hallmarked, each article with its own 6-character
 * HUID; hallmarking silver is voluntary, so a silver piece carries a HUID only when it was sent for hallmarking; the
 * HUID scheme does not cover platinum here (a platinum piece is stamped Pt 950 by its maker). A piece with no
 * precious metal has no hallmark.
 */

/** How the hallmark follows the metal: gold always, silver when the piece was hallmarked, platinum never. */
export type HallmarkRule = 'always' | 'optional' | 'never';

export function hallmarkRuleOf(metal: string | null | undefined): HallmarkRule {
  if (metal === 'gold') return 'always';
  if (metal === 'silver') return 'optional';
  return 'never';
}

/**
 * Does this piece carry a BIS hallmark with a HUID? `hallmarked` is what the product (or the made piece) says, read
 * only where hallmarking is voluntary: gold is hallmarked whatever it says, platinum never.
 */
export function carriesHuid(piece: { metal: string | null | undefined; hallmarked: boolean }): boolean {
  const rule = hallmarkRuleOf(piece.metal);
  return rule === 'always' || (rule === 'optional' && piece.hallmarked);
}
