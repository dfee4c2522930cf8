/**
 * The product form as posted (FormData) → the API's body, named as the form (packages/contracts/src/admin-products.ts).
 * Text is sent as typed: the server reads numbers, lists and yes/no from text and answers with field messages.
 */
export const PRODUCT_LIST_FIELDS = ['tags', 'stones', 'purities', 'metalColours', 'diamondQualities', 'giftOccasions', 'giftRecipients'] as const;
export const PRODUCT_TEXT_FIELDS = [
  'sku',
  'name',
  'slug',
  'description',
  'category',
  'material',
  'metal',
  'purity',
  'metalColour',
  'metalWeightG',
  'fixedPrice',
  'makingChargeKind',
  'makingCharge',
  'diamondWeightCt',
  'diamondCount',
  'diamondQuality',
  'stoneValue',
  'stoneWeightCt',
  'colour',
  'sizeKind',
  'sizes',
  'sizeWeightsG',
  'countryOfOrigin',
  'stock',
  'occasion',
  'gender',
  'featuredRank',
] as const;
export const PRODUCT_FLAG_FIELDS = ['hallmarked', 'active'] as const;
export const PRODUCT_FIELD_NAMES = [...PRODUCT_TEXT_FIELDS, ...PRODUCT_LIST_FIELDS, ...PRODUCT_FLAG_FIELDS] as const;
export type ProductFieldName = (typeof PRODUCT_FIELD_NAMES)[number];

export function productBodyFrom(form: FormData): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of PRODUCT_TEXT_FIELDS) {
    const v = form.get(name);
    body[name] = typeof v === 'string' ? v.trim() : '';
  }
  for (const name of PRODUCT_LIST_FIELDS) body[name] = form.getAll(name).filter((v): v is string => typeof v === 'string' && v.trim() !== '');
  for (const name of PRODUCT_FLAG_FIELDS) body[name] = form.has(name);
  return body;
}
