import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The most common passwords of eight characters or more (`popular-passwords`: about 42,000, drawn from
 * zxcvbn's frequency lists, all lower case), refused at sign-up, reset and change. Read on the first
 * check, not at start: a server that never sees a password pays nothing, one that does keeps a Set of
 * about 3 MB. Read as a file rather than required, so the module cache does not hold a second copy.
 */
const require = createRequire(import.meta.url);
let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(JSON.parse(readFileSync(require.resolve('popular-passwords'), 'utf8')) as string[]);
  return common.has(password.toLowerCase());
}
