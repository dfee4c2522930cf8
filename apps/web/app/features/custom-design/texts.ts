import type { CustomRequestView, SavedAddress } from '@milli/contracts';
import type { CustomDesignField } from '@milli/contracts/custom-design-fields';
import type { FieldErrors as FieldErrorsOf } from '../../lib/field-errors.ts';

/** Texts and answer shapes of the custom design screens, shared by their actions and components. */
export const CUSTOM_TEXT = {
  fallback: 'We could not send your request just now. Please try again in a minute.',
  loginNeeded: 'Please log in to send a design request.',
  tooLarge: 'Your images are too large together. Please send at most four pictures of up to 10 MB each.',
  rejectFallback: 'We could not record your answer just now. Please try again in a minute.',
} as const;

export type FieldErrors = FieldErrorsOf<CustomDesignField>;

export type CustomFormResult = { ok: true; message: string; sentAt: number } | { ok: false; message: string; fields: FieldErrors; values: FieldErrors };

/** The request's page: the request with its versions, piece and order, and the address book when a balance is due. */
export type CadLoad = { state: 'ok'; detail: CustomRequestView; addresses: SavedAddress[] } | { state: 'missing' | 'failed' | 'choose' };

export type RejectResult = { ok: boolean; message: string; reason?: string };
