/** Zod-free pieces of the custom design contract, for the browser too ('@milli/contracts/custom-design-fields'). */

/** The custom design form's fields (spec §3), with the names a person reads in an error message. */
export const CUSTOM_DESIGN_FIELD_LABELS = {
  custMetalType: 'Metal',
  custGoldQuality: 'Gold quality',
  custMetalWeight: 'Metal weight',
  custGoldColor: 'Gold colour',
  custCategory: 'Category',
  custDiamond: 'Diamond',
  custDiamondQuality: 'Diamond quality',
  custDiamondNo: 'Number of diamonds',
  custDiamondWeight: 'Diamond weight',
  custStone: 'Stone',
  custStoneType: 'Stone type',
  custStoneNo: 'Number of stones',
  custStoneWeight: 'Stone weight',
  addRemarks: 'Remarks',
  custImgOne: 'Image 1',
  custImgTwo: 'Image 2',
  custImgThree: 'Image 3',
  custImgFour: 'Image 4',
} as const;
export type CustomDesignField = keyof typeof CUSTOM_DESIGN_FIELD_LABELS;
export const CUSTOM_IMAGE_FIELDS = ['custImgOne', 'custImgTwo', 'custImgThree', 'custImgFour'] as const;

/** Sane upper limits: far above any real piece, low enough to catch a slipped finger (grams, carats, counts). */
export const CUSTOM_LIMITS = { metalGrams: 1000, diamondCarats: 100, stoneCarats: 500, count: 1000, remarks: 2000 } as const;

/**
 * The CAD page's tracker (DECISIONS §4): the design's four steps, then the balance order's delivery, with Picked and
 * Out for Delivery shown as 'In transit' as in the order lists, so a delivered piece reads Delivered (issue 39).
 */
export const CUSTOM_STEPS = ['Requested', 'Design Shared', 'Approved', 'Making', 'In transit', 'Delivered'] as const;
