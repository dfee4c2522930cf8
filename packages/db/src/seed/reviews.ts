/**
 * A few readable reviews for the demo store, written by demo customers, so the product pages show what
 * reviews look like (decision 024). The products' stars and counts follow from them by the reviews trigger.
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

const TEXTS: { rating: number; title: string; text: string }[] = [
  {
    rating: 5,
    title: 'Even prettier in person',
    text: 'The photos do not do it justice. The finish is clean, the shine is lovely and it arrived well packed with the hallmark certificate.',
  },
  {
    rating: 5,
    title: 'Bought it for my mother',
    text: 'She has not taken it off since her birthday. Delivery came a few days early and the box made it feel like a real gift.',
  },
  {
    rating: 4,
    title: 'Light enough for every day',
    text: 'I wear it to work most days. It is lighter than I expected, which I like, though I would have loved a slightly deeper polish on the back.',
  },
  { rating: 5, title: 'Exactly as described', text: 'Weight and purity matched the invoice to the milligram. The HUID checked out on the BIS app too.' },
  {
    rating: 4,
    title: 'Lovely work, small wait',
    text: 'Beautiful craftsmanship and the stones sit evenly. Took the full delivery time to reach Pune, so order early if it is a gift.',
  },
  {
    rating: 3,
    title: 'Nice, but smaller than I imagined',
    text: 'Good quality and the store answered my questions quickly. It is daintier than it looked on my phone, so check the measurements.',
  },
  {
    rating: 5,
    title: 'Anniversary gift, big smile',
    text: 'My wife loved it. The design is traditional without being heavy, and the price breakup on the page made the cost easy to understand.',
  },
  {
    rating: 4,
    title: 'Good value during the sale',
    text: 'The making charges were halved in the sale, which made a real difference. Comfortable to wear and easy to clean.',
  },
  {
    rating: 5,
    title: 'Gets compliments every time',
    text: 'Wore it to a family wedding and three cousins asked where it was from. Classic design, very well made.',
  },
  { rating: 4, title: 'Happy with the purchase', text: 'Solid piece, neat finishing. The size guide helped me pick right the first time.' },
];

const DAY_MS = 86_400_000;

/**
 * Reviews for these products (the shop's best sellers and a few pieces on sale): two to four each, by
 * different reviewers, dated between the piece's arrival and the seed day.
 */
export function demoReviews(pieces: { productId: number; createdAt: Date }[], reviewerIds: number[], today: Date): NewReview[] {
  const rng = new Prng(0x52657669); // 'Revi': a stream of its own, so the catalogue's draws stay as they are
  const out: NewReview[] = [];
  for (const piece of pieces) {
    const count = rng.int(2, Math.min(4, reviewerIds.length));
    const first = rng.int(0, reviewerIds.length - 1);
    for (let k = 0; k < count; k++) {
      const review = TEXTS[rng.int(0, TEXTS.length - 1)]!;
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
