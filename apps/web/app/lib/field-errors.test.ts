import { describe, expect, it } from 'vitest';
import { apiFieldErrors, fieldErrorProps, issueFieldErrors } from './field-errors.ts';

describe('apiFieldErrors', () => {
  const refusal = {
    message: 'Please enter your city. Please enter a valid pincode.',
    code: 'INVALID_REQUEST',
    fields: { city: 'Please enter your city.', pincode: 'Please enter a valid pincode.', secret: 'x' },
  };

  it('reads the fields this form has out of an API refusal, and nothing else', () => {
    expect(apiFieldErrors(refusal, ['city', 'pincode', 'firstName'] as const)).toEqual({
      city: 'Please enter your city.',
      pincode: 'Please enter a valid pincode.',
    });
  });

  it('reads the register answer, whose per-field messages are its message', () => {
    const answer = { message: { username: 'This username is taken.', email: '', password: 7 } };
    expect(apiFieldErrors(answer, ['username', 'email', 'password'] as const, 'message')).toEqual({ username: 'This username is taken.' });
  });

  it('is empty for answers without per-field messages', () => {
    for (const answer of [null, 'Bad Gateway', { message: 'Too many tries.' }, { fields: ['city'] }, { fields: null }]) {
      expect(apiFieldErrors(answer, ['city'] as const)).toEqual({});
    }
  });

  it("takes every string entry with 'any'", () => {
    expect(apiFieldErrors({ fields: { gstin: 'Please check the GSTIN.', n: 3 } }, 'any')).toEqual({ gstin: 'Please check the GSTIN.' });
  });
});

describe('issueFieldErrors', () => {
  it('keeps the first message per field the form has', () => {
    const issues = [
      { path: ['phone'], message: 'Please enter a valid phone number.' },
      { path: ['phone'], message: 'second' },
      { path: ['productId'], message: 'not a form field' },
      { path: [], message: 'whole body' },
    ];
    expect(issueFieldErrors(issues, ['name', 'phone'] as const)).toEqual({ phone: 'Please enter a valid phone number.' });
  });
});

describe('fieldErrorProps', () => {
  it('marks the input invalid and reads its message first, then its other descriptions', () => {
    expect(fieldErrorProps('bill-city', 'Please enter your city.', 'bill-city-hint')).toEqual({
      'aria-invalid': true,
      'aria-describedby': 'bill-city-error bill-city-hint',
    });
    expect(fieldErrorProps('bill-city', undefined, 'bill-city-hint')).toEqual({ 'aria-invalid': undefined, 'aria-describedby': 'bill-city-hint' });
    expect(fieldErrorProps('bill-city', undefined)).toEqual({ 'aria-invalid': undefined, 'aria-describedby': undefined });
  });
});
