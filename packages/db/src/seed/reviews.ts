/**
 * Readable reviews for the demo store, written by demo customers, so the product pages show what reviews look like
 * (decision 024). The products' stars and counts follow from them by the reviews trigger.
 *
 * Issue 38: each text is written for a kind of piece (its style, else its category, else anything of its metal and
 * stones) and used once in the whole store, so no two reviews read alike; and none speaks of anything the store does
 * not do (no size guide, gift wrap or engraving: `reviews.test.ts` holds them to it). The demo reviewers have no
 * orders, so the product page never marks their reviews "Verified buyer".
 */
import type { NewCustomer, NewReview } from '../schema.ts';
import { Prng } from './prng.ts';

/**
 * Demo reviewers. Their password hash is no hash at all, so nobody can sign in as them; the e-mails are on
 * the reserved .example domain.
 */
export const DEMO_REVIEWERS: Omit<NewCustomer, 'createdAt' | 'updatedAt'>[] = [
  ['Priya', 'Sharma'],
  ['Arjun', 'Mehta'],
  ['Kavya', 'Iyer'],
  ['Rohan', 'Das'],
  ['Meera', 'Nair'],
  ['Sana', 'Khan'],
].map(([firstName, lastName]) => ({
  username: `${firstName!.toLowerCase()}.${lastName!.toLowerCase()}.demo`,
  email: `${firstName!.toLowerCase()}.${lastName!.toLowerCase()}@reviews.milli.example`,
  passwordHash: '!demo-reviewer-cannot-sign-in',
  firstName,
  lastName,
}));

/** What a review may speak of: the piece's category, style (its first tag), metal, stones and whether it has diamonds. */
export interface ReviewedPiece {
  productId: number;
  createdAt: Date;
  category: string;
  style: string | null;
  metal: string;
  stones: readonly string[];
  diamondWeightCents: number;
}

export interface DemoReviewText {
  rating: number;
  title: string;
  text: string;
  /** Only for pieces this holds for (a text that names the metal, a stone or the hallmark). */
  when?: (piece: ReviewedPiece) => boolean;
}

const gold = (p: ReviewedPiece) => p.metal === 'gold';
const silver = (p: ReviewedPiece) => p.metal === 'silver';
const platinum = (p: ReviewedPiece) => p.metal === 'platinum';
const diamonds = (p: ReviewedPiece) => p.diamondWeightCents > 0;
const stone = (name: string) => (p: ReviewedPiece) => p.stones.includes(name);
const plainGold = (p: ReviewedPiece) => gold(p) && p.stones.length === 0 && !diamonds(p);

/** Texts for one style of piece (the demo catalogue's tag names). */
export const STYLE_REVIEWS: Record<string, DemoReviewText[]> = {
  'Kids Bracelets': [
    {
      rating: 5,
      title: 'For our niece’s naming ceremony',
      text: 'The clasp is small but holds firmly, and the edges are smooth enough that the baby does not fuss when it is on.',
    },
    {
      rating: 4,
      title: 'Sweet, needs a wipe now and then',
      text: 'Silver darkens a little with baby oil and powder, so I wipe it with a soft cloth every week. Still looks new after three months.',
      when: silver,
    },
    {
      rating: 5,
      title: 'Fits a one-year-old’s wrist',
      text: 'We worried it would be too big, but it sits comfortably on our daughter’s wrist with a little room to grow. The black beads are strung tightly.',
    },
    {
      rating: 5,
      title: 'A gift from the grandparents',
      text: 'My parents chose this for our son. Light, hallmarked, and the HUID on the invoice is the one marked on the piece.',
      when: gold,
    },
    {
      rating: 4,
      title: 'Pretty coral, very delicate',
      text: 'The coral is a warm orange-red and the beads are even. It is dainty, so she wears it only for functions.',
      when: stone('Coral'),
    },
    {
      rating: 3,
      title: 'Cute, but the chain is thin',
      text: 'Looks just like the photo and the nazar beads are lovely. The chain is thinner than I expected for a toddler who pulls at everything.',
    },
    {
      rating: 5,
      title: 'The green stones catch the light',
      text: 'The tiny emeralds are a fresh green against the gold, and the box it came in is sturdy enough to keep it in.',
      when: (p) => gold(p) && stone('Emerald')(p),
    },
    {
      rating: 4,
      title: 'Survives playschool',
      text: 'Marked 925 and not heavy at all. My daughter wears it to playschool every day and it has held up well for two months.',
      when: silver,
    },
    {
      rating: 5,
      title: 'Our second one',
      text: 'Bought one when our first was born and came back for the second child. Same neat finish, and it reached Coimbatore in about ten days.',
    },
  ],
  "Men's Bracelets": [
    {
      rating: 5,
      title: 'Understated, solid in the hand',
      text: 'I wanted something for myself that was not flashy. The links have a satin finish, the small diamonds sit flush and nothing catches on my cuffs.',
      when: (p) => platinum(p) && diamonds(p),
    },
    {
      rating: 4,
      title: 'All nine stones, properly set',
      text: 'My father wanted a navaratna piece but not a ring. Each stone sits in its own link and none has come loose in a month of daily wear.',
      when: stone('Navaratna'),
    },
    {
      rating: 4,
      title: 'Anniversary present for my husband',
      text: 'He rarely wears jewellery but puts this one on every morning. The length suits his wrist; a slightly longer option would help bigger hands.',
    },
    {
      rating: 5,
      title: 'Worth checking the bill',
      text: 'The invoice gives the platinum’s purity, net weight and the diamonds separately, which is what I wanted before spending this much.',
      when: platinum,
    },
    {
      rating: 3,
      title: 'Good links, stiff clasp',
      text: 'Solid sterling links and bright stones. The clasp was stiff for the first week and has eased since; a small thing, but annoying at first.',
      when: silver,
    },
    {
      rating: 5,
      title: 'Wore it to my brother’s wedding',
      text: 'Several compliments at the sangeet, and comfortable enough that I forgot it was on by the end of the night.',
    },
  ],
  'Mangalsutra Bracelets': [
    {
      rating: 5,
      title: 'A mangalsutra I can wear to work',
      text: 'The black beads and the little diamond centre are quiet enough for office, and the platinum has never bothered my skin.',
      when: (p) => platinum(p) && diamonds(p),
    },
    {
      rating: 4,
      title: 'My mother-in-law came round',
      text: 'She was unsure about a mangalsutra on the wrist until she held it. The beads are evenly strung and it feels far more precious than it looks in photos.',
    },
    {
      rating: 4,
      title: 'Lovely, a touch loose on me',
      text: 'Beautiful work. My wrist is small, so it slides a little; measure your wrist before you order.',
    },
  ],
  Charm: [
    {
      rating: 5,
      title: 'Charms that do not tangle',
      text: 'The charms are spaced so they hang freely instead of knotting together, and the platinum has kept its white shine.',
      when: platinum,
    },
    {
      rating: 4,
      title: 'Birthday gift for my sister',
      text: 'She loves it and wears it with everything. The diamonds are small but clean and sparkle under any light.',
      when: diamonds,
    },
    {
      rating: 4,
      title: 'Delicate and pretty',
      text: 'Exactly as pictured. I take it off before washing dishes, as I would any fine bracelet, and it still looks brand new.',
    },
  ],
  'Chain Bracelets': [
    {
      rating: 5,
      title: 'Plain gold, done well',
      text: 'No stones, just a well-made chain with an even polish. The making charge was shown on the product page before I bought it.',
      when: plainGold,
    },
    {
      rating: 4,
      title: 'Stacks well with my bangles',
      text: 'I wear it next to my glass bangles and it sits nicely between them. A little lighter than I imagined, though the weight is given on the page.',
    },
    {
      rating: 5,
      title: 'First gold of my own',
      text: 'Bought with my first salary. I checked the HUID on the BIS Care app the day it arrived and it matched the purity on the tag.',
      when: gold,
    },
  ],
  Cuffs: [
    {
      rating: 5,
      title: 'Pearls and diamonds together',
      text: 'The pearls have a soft, even lustre and the diamonds between them lift the whole cuff. It opens just enough to slip over the wrist.',
      when: (p) => stone('Pearl')(p) && diamonds(p),
    },
    {
      rating: 4,
      title: 'Statement piece',
      text: 'Wore it to a reception with a plain silk saree and it did all the talking. Keep it away from perfume, as the pearls will dull.',
      when: stone('Pearl'),
    },
    {
      rating: 4,
      title: 'Beautiful, firm fit',
      text: 'Gorgeous, though it fits firmly on my wrist. If your wrists are on the wider side, ask customer care about the opening before you order.',
    },
  ],
  Rope: [
    {
      rating: 5,
      title: 'The twist catches the light',
      text: 'The rope pattern is tight and even all along, and the small rubies near the clasp give it a touch of colour.',
      when: stone('Ruby'),
    },
    {
      rating: 4,
      title: 'Good length for a pendant',
      text: 'I chose the length for my old pendant and it sits right at the collarbone. The clasp is small, so it takes a moment to fasten.',
    },
    {
      rating: 5,
      title: 'Bought for my father’s sixtieth',
      text: 'He wears it every day. The net weight on the invoice was within a few milligrams of the weight on the product page.',
    },
  ],
  Box: [
    {
      rating: 5,
      title: 'Sturdy box links',
      text: 'The box links feel sturdy and do not kink, and the diamond accents by the clasp are a nice surprise when it turns.',
      when: diamonds,
    },
    {
      rating: 4,
      title: 'Elegant for everyday',
      text: 'Fine enough for office, strong enough for every day. I would have liked one more length option between the two I was choosing from.',
    },
    {
      rating: 4,
      title: 'Slides a pendant easily',
      text: 'My solitaire pendant slides along it smoothly. Check the chain length against one you already own before choosing.',
    },
  ],
  Drops: [
    {
      rating: 5,
      title: 'Pearls with a real glow',
      text: 'The pearls are well matched in size and have a soft glow. They swing gently without pulling at my earlobes.',
      when: stone('Pearl'),
    },
    {
      rating: 4,
      title: 'Festive but light',
      text: 'Wore them through a whole Diwali evening without any ache. The hooks could be a little longer, but they have never slipped out.',
    },
    {
      rating: 5,
      title: 'Just like the photos',
      text: 'The carving on the drop is crisp, the polish even on both earrings, and they came in a box that closes with a firm snap.',
      when: plainGold,
    },
    {
      rating: 4,
      title: 'Pretty, smaller than I pictured',
      text: 'Lovely earrings, but more delicate than I imagined. The size is in the description; I should have read it more carefully.',
    },
    {
      rating: 5,
      title: 'For my mother’s birthday',
      text: 'She has been wearing them to temple every week. She says the gold colour goes well with her old bangles.',
      when: gold,
    },
    {
      rating: 3,
      title: 'Nice, backs were loose',
      text: 'The earrings themselves are beautiful. One back was loose when they arrived; customer care told me how to tighten it and it has held since.',
    },
  ],
  'Sui Dhaga': [
    {
      rating: 5,
      title: 'Thread earrings that stay put',
      text: 'The thread slips through easily and the small diamond stays at the front. I sleep in them without any trouble.',
      when: diamonds,
    },
    {
      rating: 4,
      title: 'Modern and minimal',
      text: 'Perfect for someone who wants diamonds but nothing loud. The chain is fine, so I handle them gently when taking them out.',
      when: diamonds,
    },
    {
      rating: 5,
      title: 'My everyday pair now',
      text: 'Replaced my studs with these. They look good with both western clothes and salwar kameez.',
    },
  ],
  Studs: [
    {
      rating: 5,
      title: 'Bright, well-matched diamonds',
      text: 'The two studs match in size and brightness, and the screw backs feel secure. Worth the wait.',
      when: diamonds,
    },
    {
      rating: 4,
      title: 'Simple and classic',
      text: 'A pair I will wear for years. I compared a few grades on the product page and chose the one in the middle; I cannot tell the difference from the top one.',
    },
    {
      rating: 5,
      title: 'Graduation present',
      text: 'My parents gave me these when I graduated. The price breakup showed how much was the diamonds and how much the gold, which they appreciated.',
      when: (p) => gold(p) && diamonds(p),
    },
  ],
  Chandbalis: [
    {
      rating: 5,
      title: 'Crescent that frames the face',
      text: 'The crescent is finely cut and the diamonds run evenly along the curve. I wore them at my cousin’s wedding and they photographed beautifully.',
      when: diamonds,
    },
    {
      rating: 4,
      title: 'Lighter than they look',
      text: 'I expected heavy earrings, but I wore them for six hours without my ears hurting. The hooks are on the thin side.',
    },
    {
      rating: 4,
      title: 'Gorgeous, a little wide',
      text: 'Very pretty. They are wider than I thought, so they suit an up-do better than open hair.',
    },
  ],
  Mangalsutra: [
    {
      rating: 5,
      title: 'Traditional with a fresh touch',
      text: 'The black beads are strung in two neat rows and the emerald pendant adds a little colour without looking out of place.',
      when: stone('Emerald'),
    },
    {
      rating: 4,
      title: 'Comfortable for daily wear',
      text: 'It sits flat and does not twist. I wear it every day under my kurta and the clasp has not loosened.',
    },
    {
      rating: 5,
      title: 'Chosen with my mother',
      text: 'We chose it together on her phone and ordered the same evening. The piece that arrived was exactly as the photos showed.',
    },
  ],
  Kundan: [
    {
      rating: 5,
      title: 'Bridal look without the weight',
      text: 'The kundan work is neat and the settings are clean at the back too. I wore it for my reception and it stayed comfortable all evening.',
    },
    {
      rating: 4,
      title: 'Beautiful, store it carefully',
      text: 'Very pretty necklace. I keep it flat in its box, wrapped in a soft cloth, so the settings do not rub.',
    },
    {
      rating: 4,
      title: 'Worth seeing in daylight',
      text: 'Photos do not show how the gold shines around the stones in daylight. The thread ties at the back let me set the length myself.',
      when: gold,
    },
  ],
  Temple: [
    {
      rating: 5,
      title: 'Temple work in silver',
      text: 'The goddess motif is crisply cast and the coral beads are a deep red-orange. Wonderful for Bharatanatyam performances.',
      when: (p) => silver(p) && stone('Coral')(p),
    },
    {
      rating: 4,
      title: 'Heavier than other silver pieces',
      text: 'It has a good weight and looks far more expensive than it was. Silver tarnishes, so I keep it in a zip bag between uses.',
      when: silver,
    },
    {
      rating: 4,
      title: 'For my daughter’s arangetram',
      text: 'Her teacher approved of it straight away. One of the small beads needed restringing after a few rehearsals, which our local jeweller did.',
    },
  ],
  Cocktail: [
    {
      rating: 5,
      title: 'A ring people notice',
      text: 'A bold, well-proportioned ring that still sits comfortably between my fingers. I asked for the free ring sizer first and the fit was right.',
    },
    {
      rating: 4,
      title: 'Striking, slightly tall',
      text: 'Looks stunning at parties. It sits a little high, so it catches on my sweaters now and then.',
    },
    {
      rating: 5,
      title: 'Gift to myself',
      text: 'Treated myself after a big project at work. The polish is flawless and the gold has a rich warm colour.',
      when: gold,
    },
  ],
  Engagement: [
    {
      rating: 5,
      title: 'She said yes',
      text: 'I asked for the free ring sizer and her sister measured her finger for me in secret. The fit was perfect and the diamond sparkles in any light.',
      when: diamonds,
    },
    {
      rating: 5,
      title: 'Clean setting',
      text: 'The prongs are neat and hold the stone low, so it does not snag on everything. I chose the diamond grade on the product page and the invoice lists it.',
      when: diamonds,
    },
    {
      rating: 4,
      title: 'Lovely, took the full delivery time',
      text: 'Beautiful ring. It took the whole delivery time given for my PIN code, so order early if the date matters.',
    },
  ],
  Religious: [
    {
      rating: 5,
      title: 'Om in platinum',
      text: 'A small, clear Om with a single diamond at the centre. My husband wears it on a thin chain and it never flips over.',
      when: (p) => platinum(p) && diamonds(p),
    },
    {
      rating: 4,
      title: 'Meaningful gift',
      text: 'Bought for my father after his surgery. It is smaller than I pictured, but the detail is very fine.',
    },
    {
      rating: 5,
      title: 'Understated and well finished',
      text: 'Even the back of the pendant is polished. The bail is wide enough for the chain I already had.',
    },
  ],
  Floral: [
    {
      rating: 4,
      title: 'Warm brown stone',
      text: 'The smoky quartz is a lovely warm brown and the silver petals around it are shaped by hand. A little heavy for a very thin chain.',
      when: (p) => silver(p) && stone('Smoky Quartz')(p),
    },
    {
      rating: 5,
      title: 'Different from the usual',
      text: 'I wanted something that was not another heart or initial. Friends keep asking about the stone.',
    },
    {
      rating: 4,
      title: 'Good for everyday',
      text: 'Wear it to college most days. Silver dulls a little, but a polishing cloth brings it back in a minute.',
      when: silver,
    },
  ],
};

/**
 * Texts for any piece of the kind each `when` names, used when a piece's style has none left (or a new style has none
 * yet). They speak of what the store does: the price breakup, the HUID on the invoice, the ring sizer, returns from the
 * order page, store visits.
 */
export const GENERAL_REVIEWS: DemoReviewText[] = [
  {
    rating: 5,
    title: 'HUID checked, all correct',
    text: 'I looked up the HUID from the invoice on the BIS Care app and the purity matched. That is all I needed to know.',
    when: gold,
  },
  {
    rating: 4,
    title: 'The price breakup helped',
    text: 'Seeing the metal value, the making charges and GST separately before buying made the price easy to understand. No surprises at checkout.',
  },
  {
    rating: 5,
    title: 'Discreet, careful packing',
    text: 'It came sealed in a plain outer carton, so nobody could guess what was inside. The piece itself is beautifully finished.',
  },
  {
    rating: 4,
    title: 'Kept this one, returned the other',
    text: 'I ordered two designs and sent one back from the order page; the refund came through as the policy said. This one I kept and love.',
  },
  {
    rating: 5,
    title: 'Asked in the store first',
    text: 'Booked a store visit to ask about purity and the price breakup before ordering online. The staff were patient and never pushed a sale.',
  },
  {
    rating: 4,
    title: 'White and bright',
    text: 'The platinum has kept its colour after months of wear, with no plating to wear off.',
    when: platinum,
  },
  {
    rating: 4,
    title: 'Proper sterling silver',
    text: 'Stamped 925 and well finished at the edges. Good value for a piece I wear so often.',
    when: silver,
  },
  {
    rating: 5,
    title: 'The diamonds really sparkle',
    text: 'Even in the dim light at home the diamonds throw little flashes. Better than I hoped from the photos.',
    when: diamonds,
  },
  {
    rating: 3,
    title: 'Pretty, lighter than expected',
    text: 'Nice design, but lighter than I imagined. The weight is on the product page, so that one is on me.',
  },
  {
    rating: 5,
    title: 'Gift for my mother',
    text: 'Amma has not taken it off since her birthday, and she is hard to please when it comes to gold.',
    when: gold,
  },
  {
    rating: 4,
    title: 'Right size on the first try',
    text: 'I asked for the free ring sizer before ordering, so the size was right the first time.',
    when: (p) => p.category === 'Rings',
  },
  {
    rating: 5,
    title: 'Worth the wait',
    text: 'It took nearly the whole delivery time, but the craftsmanship makes up for it. I would buy from here again.',
  },
];

const DAY_MS = 86_400_000;

/**
 * Reviews for these products (the shop's best sellers and a few pieces on sale): two or three each, by different
 * reviewers, dated between the piece's arrival and the seed day. Each text once: from the piece's style first, then
 * the general ones that fit it; a piece with nothing left that fits gets fewer.
 */
export function demoReviews(pieces: readonly ReviewedPiece[], reviewerIds: number[], today: Date): NewReview[] {
  const rng = new Prng(0x52657669); // 'Revi': a stream of its own, so the catalogue's draws stay as they are
  const used = new Set<DemoReviewText>();
  const fits = (piece: ReviewedPiece) => (t: DemoReviewText) => !used.has(t) && (t.when?.(piece) ?? true);
  const out: NewReview[] = [];
  for (const piece of pieces) {
    const count = rng.int(2, Math.min(3, reviewerIds.length));
    const first = rng.int(0, reviewerIds.length - 1);
    for (let k = 0; k < count; k++) {
      const own = (STYLE_REVIEWS[piece.style ?? ''] ?? []).filter(fits(piece));
      const choices = own.length > 0 ? own : GENERAL_REVIEWS.filter(fits(piece));
      if (choices.length === 0) break;
      const review = choices[rng.int(0, choices.length - 1)]!;
      used.add(review);
      const span = Math.max(DAY_MS, today.getTime() - piece.createdAt.getTime());
      out.push({
        productId: piece.productId,
        customerId: reviewerIds[(first + k) % reviewerIds.length]!,
        rating: review.rating,
        title: review.title,
        text: review.text,
        createdAt: new Date(piece.createdAt.getTime() + Math.floor(span * rng.range(0.3, 0.95))),
      });
    }
  }
  return out;
}
