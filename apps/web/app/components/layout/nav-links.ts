import { GIFT_RECIPIENT_NAMES, PRICE_BANDS, categoryQueryName, type Material } from '@milli/contracts';

/** The JSON filter of /alljewellery/productfilter/{filterType}; category is the screen name (mapped here). */
export interface ListingFilter {
  material?: string;
  category?: string;
  tag?: string;
  stone?: string;
  q?: string;
  occasion?: string;
  recipient?: string;
}

/** Link to a filtered listing. 'Rings' goes out as 'Fingerring' (spec §9). Key order is stable. */
export function filterHref(filter: ListingFilter): string {
  const json: Record<string, string> = {};
  if (filter.material) json.material = filter.material;
  if (filter.category) json.category = categoryQueryName(filter.category);
  if (filter.tag) json.tag = filter.tag;
  if (filter.stone) json.stone = filter.stone;
  if (filter.q) json.q = filter.q;
  if (filter.occasion) json.occasion = filter.occasion;
  if (filter.recipient) json.recipient = filter.recipient;
  return `/alljewellery/productfilter/${encodeURIComponent(JSON.stringify(json))}`;
}

export function searchHref(text: string): string {
  return `/alljewellery?q=${encodeURIComponent(text)}`;
}

/**
 * 'Above 1 Lakh' has no upper limit but the route needs one: ten crore rupees is beyond any piece the
 * store sells and well inside what the API accepts.
 */
export const OPEN_PRICE_MAX = 10_00_00_000;

/** Band 0 → /jewellery-by-price/0/10000, band n (1…6) → /jewellery-by-price{n}/{min}/{max}. */
export function priceBandHref(index: number): string {
  const band = PRICE_BANDS[index];
  if (!band) return '/alljewellery';
  const base = index === 0 ? 'jewellery-by-price' : `jewellery-by-price${index}`;
  return `/${base}/${band.min}/${band.max ?? OPEN_PRICE_MAX}`;
}

export const PRICE_LINKS = PRICE_BANDS.map((band, index) => ({ label: band.label, href: priceBandHref(index) }));

/**
 * Gifting (DECISIONS §7): collections by occasion and by recipient, set on the products (decision 024), never a
 * text search; the listing filters on them with occasion= and recipient=.
 */
export const GIFT_OCCASIONS = [
  { label: 'Birthday Gifts', short: 'Birthday', href: filterHref({ occasion: 'Birthday' }), art: 'birthday' },
  { label: 'Anniversary Gifts', short: 'Anniversary', href: filterHref({ occasion: 'Anniversary' }), art: 'anniversary' },
  { label: 'Self Gifts', short: 'Self', href: filterHref({ occasion: 'Self' }), art: 'self' },
  { label: 'Personalized Gifts', short: 'Personalized', href: filterHref({ occasion: 'Personalized' }), art: 'personalized' },
] as const;

/** The footer's gifting links: where the header's Gifting entry leads without JavaScript. */
export const GIFTING_HREF = '#footer-gifting';

export const WEDDING_GIFTS = { label: 'Wedding Gifts', short: 'Wedding', href: filterHref({ occasion: 'Wedding' }) };

export const GIFT_RECIPIENTS = GIFT_RECIPIENT_NAMES.map((who) => ({
  label: who,
  href: filterHref({ recipient: who }),
}));

/** The mobile menu's shorter category list under each material (spec §2, mobile menu). */
export const MOBILE_CATEGORIES = ['Rings', 'Earrings', 'Bracelets', 'Pendants', 'Necklaces', 'Daily Wears'] as const;
/** The mobile menu lists materials in this order (spec): Gold, Platinum, Diamond, Silver. */
export const MOBILE_MATERIALS = ['Gold', 'Platinum', 'Diamond', 'Silver'] as const satisfies readonly Material[];

/** The legal pages (DECISIONS §7; Consumer Protection (E-Commerce) Rules 2020), as the footer lists them. */
export const LEGAL_LINKS = [
  { label: 'Terms and Conditions', href: '/terms-and-conditions' },
  { label: 'Shipping Policy', href: '/shipping-policy' },
  { label: 'Returns and Refunds', href: '/returns-and-refunds' },
  { label: 'Cancellation Policy', href: '/cancellation-policy' },
  { label: 'Privacy Policy', href: '/legal' },
] as const;

export const QUICK_LINKS = [
  { label: 'About Us', href: '/about-us' },
  { label: 'Store Locator', href: '/store' },
  { label: 'Book an Appointment', href: '/book-appointment' },
  { label: 'Today’s Gold Rate', href: '/gold-rate' },
  { label: 'Old Gold Trade-in', href: '/trade-in' },
  { label: 'Milli Harvest', href: '/milli-harvest' },
  { label: 'Trade Partners', href: '/new-manufacturer' },
  { label: 'Trade Enquiry', href: '/manufacturer' },
  { label: 'Custom Design', href: '/custom-design' },
  { label: 'Help & Complaints', href: '/help' },
] as const;
