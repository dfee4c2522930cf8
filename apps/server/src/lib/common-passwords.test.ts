import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('common passwords', () => {
  it('knows the passwords attackers try first, in any case, and not a made-up one', () => {
    for (const password of ['password1', 'Password1', 'QWERTY123', 'iloveyou1', 'trustno1', 'abc12345']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('jhumka2024')).toBe(false);
    expect(isCommonPassword('kundan4821')).toBe(false);
  });
});
