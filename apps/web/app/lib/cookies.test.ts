import { describe, expect, it } from 'vitest';
import { isSecureSite, readCookie, storeCookie } from './cookies.ts';

describe('the Secure rule', () => {
  it('is Secure exactly when the page setting the cookie was served over https, from a request or an address', () => {
    expect(isSecureSite(new Request('https://milli.example/cart', { method: 'POST' }))).toBe(true);
    expect(isSecureSite(new Request('http://localhost:3000/cart'))).toBe(false);
    expect(isSecureSite('https://milli.example/product-detail/5')).toBe(true);
    expect(isSecureSite(new URL('http://127.0.0.1/'))).toBe(false);
  });

  it('treats an address it cannot read as not secure rather than failing the answer', () => {
    expect(isSecureSite('not a url')).toBe(false);
  });
});

describe('storeCookie', () => {
  const note = storeCookie('milli_note', { maxAgeS: 120, httpOnly: true });
  const open = storeCookie('openNote', { maxAgeS: 60, httpOnly: false });

  it('writes every cookie with the same attributes, in the same order, Secure only on https', () => {
    expect(note.set('5-2', 'http://shop.test/')).toBe('milli_note=5-2; Path=/; Max-Age=120; HttpOnly; SameSite=Lax');
    expect(note.set('5-2', new Request('https://shop.test/'))).toBe('milli_note=5-2; Path=/; Max-Age=120; HttpOnly; SameSite=Lax; Secure');
    expect(open.set('x', 'https://shop.test/')).toBe('openNote=x; Path=/; Max-Age=60; SameSite=Lax; Secure');
  });

  it('clears with an empty value and Max-Age=0, under the same Secure rule', () => {
    expect(note.clear('http://shop.test/')).toBe('milli_note=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    expect(note.clear('https://shop.test/')).toMatch(/; Secure$/);
  });

  it('reads its own value out of a Cookie header, and nothing else', () => {
    expect(note.read('a=1; milli_note=5-2; openNote=x')).toBe('5-2');
    expect(note.read('milli_notes=9')).toBeUndefined();
    expect(note.read(null)).toBeUndefined();
    expect(readCookie(' openNote = x ', 'openNote')).toBe('x');
  });
});
