import { z } from 'zod';
import { ReviewPhotoSchema } from './catalog.ts';
import { OrderNumberParamsSchema } from './orders.ts';

/**
 * Reviews from buyers (issue 20): only a customer who received a piece may review it, once per product, and
 * may edit that review. Limits as the reviews table's checks (packages/db REVIEW_TITLE_MAX, REVIEW_TEXT_MAX;
 * a server test keeps the two equal, since the contracts cannot import the database package).
 */
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_TEXT_MAX = 4000;
/** Photos one review may carry (review_photos.slot 1-4). */
export const REVIEW_PHOTOS_MAX = 4;

/** A blank title (the form's empty field) is no title: the server takes one from the text (reviewTitleFrom). */
const optionalTitle = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string({ error: 'The title is text.' }).trim().max(REVIEW_TITLE_MAX, `A title is at most ${REVIEW_TITLE_MAX} characters.`).optional(),
);

/** POST /api/product/{id}/reviews (JSON, a form, or multipart with up to four `photo` images). */
export const ReviewWriteSchema = z.object({
  rating: z.coerce
    .number({ error: 'Please choose a rating from 1 to 5 stars.' })
    .int('Please choose a rating from 1 to 5 stars.')
    .min(1, 'Please choose a rating from 1 to 5 stars.')
    .max(5, 'Please choose a rating from 1 to 5 stars.'),
  title: optionalTitle,
  text: z
    .string({ error: 'Please write your review.' })
    .trim()
    .min(1, 'Please write your review.')
    .max(REVIEW_TEXT_MAX, `A review is at most ${REVIEW_TEXT_MAX} characters.`),
  /** Multipart only: kept, replaced or removed ('1'/'true' removes the photos the review had). */
  removePhotos: z.preprocess((v) => v === true || v === 'true' || v === '1' || v === 'on', z.boolean()).optional(),
});
export type ReviewWrite = z.infer<typeof ReviewWriteSchema>;

/** The shopper's own review, as the form edits it. */
export const MyReviewSchema = z.object({
  review_id: z.number().int(),
  rating: z.number().int(),
  title: z.string(),
  text: z.string(),
  photos: z.array(ReviewPhotoSchema),
  hidden: z.boolean(),
  created_at: z.string(),
  edited_at: z.string().nullable(),
});
export type MyReview = z.infer<typeof MyReviewSchema>;

/**
 * GET /api/product/{id}/reviews/mine: whether the signed-in shopper may review this product (they received it)
 * and their review if they wrote one. `reason` says in words why not.
 */
export const MyReviewStateSchema = z.object({
  canReview: z.boolean(),
  reason: z.string().nullable(),
  review: MyReviewSchema.nullable(),
});
export type MyReviewState = z.infer<typeof MyReviewStateSchema>;

/** The answer of a write: 201 when new, 200 when an edit. */
export const ReviewWrittenSchema = z.object({ message: z.string(), review: MyReviewSchema });
export type ReviewWritten = z.infer<typeof ReviewWrittenSchema>;

// ---------------------------------------------------------------------------------------------
// Diamond certificates of delivered pieces

export const CERTIFICATE_LABS = ['IGI', 'GIA', 'SGL', 'HRD', 'GSI', 'IIDGR'] as const;
/** The most a certificate file may weigh (a scan or a lab's PDF). */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024;

export const PieceParamsSchema = OrderNumberParamsSchema.extend({
  pieceId: z.coerce.number({ error: 'The piece id is a number.' }).int().positive().max(2_147_483_647),
});
export type PieceParams = z.infer<typeof PieceParamsSchema>;

/** The fields beside the `file` of POST /api/admin/orders/{orderNumber}/pieces/{pieceId}/certificate. */
export const CertificateFieldsSchema = z.object({
  lab: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(CERTIFICATE_LABS, { error: `The lab is one of ${CERTIFICATE_LABS.join(', ')}.` }),
  ),
  number: z
    .string({ error: "Please give the certificate's number." })
    .trim()
    .min(3, "Please give the certificate's number.")
    .max(40, 'A certificate number is at most 40 characters.')
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ./-]*$/, 'A certificate number is letters, digits, spaces, dots, slashes and dashes.'),
});
export type CertificateFields = z.infer<typeof CertificateFieldsSchema>;
