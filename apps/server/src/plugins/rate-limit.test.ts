import { describe, expect, it } from 'vitest';
import { mailboxOf, mobileOf } from './rate-limit.ts';

describe('the mailbox and mobile number a message is counted against (decision 040)', () => {
  it('is one for every spelling of one inbox', () => {
    for (const email of ['Asha.Rao@gmail.com', 'asharao+shop@googlemail.com', 'a.s.h.a.rao@GMAIL.com'])
      expect(mailboxOf(email), email).toBe('asharao@gmail.com');
    for (const email of ['Asha.Rao@proton.me', 'asha-rao@protonmail.com', 'asha_rao+x@pm.me', 'a.s-h_a.rao@protonmail.ch'])
      expect(mailboxOf(email), email).toBe('asharao@proton.me');
    expect(mailboxOf('Asha.Rao+tag@Example.in')).toBe('asha.rao@example.in');
    // Elsewhere a dot is part of the name: two people.
    expect(mailboxOf('asha.rao@example.in')).not.toBe(mailboxOf('asharao@example.in'));
  });

  it('is the ten digits of an Indian mobile number however it is written', () => {
    for (const phone of ['+91 98765 43210', '098765-43210', '919876543210', '9876543210']) expect(mobileOf(phone), phone).toBe('9876543210');
  });
});
