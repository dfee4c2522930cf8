import { COMMON_PASSWORD, STAFF_PASSWORD_MIN, STAFF_PASSWORD_RULE } from '@milli/contracts/schemas';
import { DomainError } from '../../domain-error.ts';
import { isCommonPassword } from '../../lib/common-passwords.ts';

/** Refuses a new staff password that is short or among the most common (the schema checks the length too; the command line and the first owner come here directly). */
export function checkNewPassword(password: string, field = 'password'): void {
  if (password.length < STAFF_PASSWORD_MIN) throw new DomainError('INVALID_REQUEST', STAFF_PASSWORD_RULE, { [field]: STAFF_PASSWORD_RULE });
  if (password.length > 200) throw new DomainError('INVALID_REQUEST', 'Password is too long.', { [field]: 'Password is too long.' });
  if (isCommonPassword(password)) throw new DomainError('COMMON_PASSWORD', COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}
