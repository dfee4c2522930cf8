/** Made once: building a formatter costs far more than using one, and every priced answer asks for the day. */
const INDIAN_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' });

/**
 * The Indian calendar day of an instant ('YYYY-MM-DD'): rates are published, and sales run, per Indian day,
 * so prices, page keys and order numbers all turn over at Indian midnight.
 */
export function indianDay(at: Date): string {
  return INDIAN_DAY.format(at);
}
