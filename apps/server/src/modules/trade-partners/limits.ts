import type { Limit } from '../../plugins/rate-limit.ts';

/**
 * Applications per IP address and hour. Every attempt counts (as sign-up does), so a script cannot try
 * the form endlessly; a person correcting a few typos stays far below it.
 */
export const APPLICATION_LIMIT: Limit = {
  name: 'trade-partner-ip',
  max: 20,
  windowMs: 60 * 60_000,
  message: 'Too many applications from your network. Please try again in an hour.',
};
