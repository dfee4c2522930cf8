/** My privacy's forms and what their actions answer (browser-safe: types and texts only). */
export const PRIVACY_INTENTS = ['save-consents', 'save-nominee', 'remove-nominee', 'erasure-code', 'erase'] as const;
export type PrivacyIntent = (typeof PRIVACY_INTENTS)[number];

export const NOMINEE_FIELDS = ['name', 'relationship', 'email', 'phone'] as const;
export type NomineeField = (typeof NOMINEE_FIELDS)[number];

export interface PrivacyResult {
  intent: PrivacyIntent;
  ok: boolean;
  message: string;
  /** Per-field messages of a refused form. */
  fields?: Partial<Record<string, string>>;
  /** What was typed into a refused nominee form, to show again. */
  values?: Partial<Record<NomineeField, string>>;
  /** Removing the nominee: asked first. */
  confirm?: boolean;
  /** An erasure code was mailed (or its form was used): the code's form shows. */
  codeSent?: boolean;
}

/** `?download=` after the download route could not give the file. */
export const DOWNLOAD_MESSAGES: Record<string, string> = {
  limited: 'You have downloaded your data five times today. Please try again tomorrow.',
  failed: 'We could not prepare your data just now. Please try again in a moment.',
};
