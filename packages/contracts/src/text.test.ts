import { describe, expect, it } from 'vitest';
import { findUnusableText, multiLineText, singleLineText, unusableTextMessage, unusableTextProblem } from './text.ts';

describe('usable text', () => {
  it('refuses NUL, lone surrogates and control characters; keeps tabs and line breaks only in multi-line fields', () => {
    for (const bad of ['a\u0000b', '\ud800', 'x\udc00', 'a\u0001', 'a\u000bb', 'a\u000cb', 'a\u001b[31m', 'a\u007f']) {
      expect(unusableTextProblem(bad, false), JSON.stringify(bad)).not.toBeNull();
      expect(unusableTextProblem(bad, true), JSON.stringify(bad)).not.toBeNull();
    }
    for (const lines of ['12 Temple Street\nMylapore', 'a\tb', 'a\r\nb']) {
      expect(unusableTextProblem(lines, false), JSON.stringify(lines)).not.toBeNull();
      expect(unusableTextProblem(lines, true), JSON.stringify(lines)).toBeNull();
    }
    for (const good of ['', 'Meera Iyer', '💍 ring', 'मिल्ली', '\u202eabc', 'a\u3000b', '%00']) expect(unusableTextProblem(good, false), good).toBeNull();
  });

  it('finds unusable text anywhere in a parsed body, and names the field', () => {
    expect(findUnusableText({ q: 'gold' })).toBeNull();
    expect(findUnusableText({ q: 'go\u0000ld' })).toEqual({ field: 'q', problem: expect.stringContaining('NUL') });
    expect(findUnusableText({ items: [{ name: 'ok' }, { name: 'x\u0007' }] })?.field).toBe('items.1.name');
    expect(findUnusableText({ address: 'line 1\nline 2' })).toBeNull();
    expect(findUnusableText({ city: 'line 1\nline 2' })?.field).toBe('city');
    expect(findUnusableText({ 'na\u0000me': 'x' })?.field).toBe('na\u0000me');
    // A file's bytes are not text.
    expect(findUnusableText({ picture: Buffer.from([0, 1, 2]) })).toBeNull();
    expect(unusableTextMessage({ field: 'q', problem: 'a NUL character (\\0)' })).toMatch(/^The field "q" contains a NUL character/);
  });

  it('gives schemas the same rule', () => {
    expect(singleLineText().safeParse('a\u0000').success).toBe(false);
    expect(singleLineText().safeParse('a\nb').success).toBe(false);
    expect(multiLineText().safeParse('a\nb').success).toBe(true);
    expect(multiLineText().safeParse('a\u0000b').success).toBe(false);
  });
});
