/**
 * Extra words a product is found by (products.search_text). The search vector is generated from
 * the name, SKU, material, description and this text; whoever changes a product's category, tags
 * or stones rewrites it with this function, so the seed and the back office agree.
 */
export interface SearchTextInput {
  category: string;
  /** 'Fingerring' for Rings: shoppers and old links use both words. */
  categoryQueryName?: string | null;
  tags: readonly string[];
  stones: readonly string[];
  metal: string;
  metalColour?: string | null;
  colour?: string | null;
  occasion?: string | null;
  gender?: string | null;
  purity?: number | null;
}

export function productSearchText(p: SearchTextInput): string {
  const purity = p.purity == null ? null : p.metal === 'gold' ? `${p.purity}kt ${p.purity} karat` : String(p.purity);
  const words = [
    p.category,
    p.categoryQueryName && p.categoryQueryName !== p.category ? p.categoryQueryName : null,
    ...p.tags,
    ...p.stones,
    p.metal,
    p.metalColour,
    purity,
    p.colour,
    p.occasion,
    p.gender,
  ];
  return words.filter((w): w is string => Boolean(w)).join(' ');
}
