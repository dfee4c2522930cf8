/** A page's answer headers as node's HTTP writer takes them (decision 021): a Location can never fail the answer. */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { usableOrigin } from './security.ts';
import { headerValue } from './web.ts';

/** Whether node would write this header (it throws at writeHead otherwise). */
function nodeAccepts(name: string, value: string): boolean {
  try {
    http.validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

describe('page answer headers', () => {
  it('percent-encodes a Location with characters node cannot send', () => {
    for (const odd of ['/cart\u000b', '/cart\u000c', '/cart\u3000x', '/a\u0000b', '/\ud800lone']) {
      expect(nodeAccepts('location', odd), `node itself refuses ${JSON.stringify(odd)}`).toBe(false);
      const safe = headerValue('location', odd);
      expect(safe, JSON.stringify(odd)).not.toBeNull();
      expect(nodeAccepts('location', safe!), JSON.stringify(odd)).toBe(true);
    }
    expect(headerValue('location', '/cart\u3000')).toBe('/cart%E3%80%80');
    expect(headerValue('Location', '/account?next=%2Fcart')).toBe('/account?next=%2Fcart');
  });

  it('leaves out any other header node would refuse', () => {
    expect(headerValue('x-note', 'fine')).toBe('fine');
    expect(headerValue('x-note', 'bad\u000bvalue')).toBeNull();
  });
});

describe('the origin a page is made for', () => {
  it('is an http(s) origin as the URL parser writes it', () => {
    expect(usableOrigin('https://milli.example')).toBe('https://milli.example');
    expect(usableOrigin('http://Milli.Example:80')).toBe('http://milli.example');
    expect(usableOrigin('http://127.0.0.1:4781')).toBe('http://127.0.0.1:4781');
    expect(usableOrigin('http://[::1]:4781')).toBe('http://[::1]:4781');
  });

  it('is none for a host or protocol no page can be made for (a 400, never a 500)', () => {
    for (const origin of [
      'http://',
      'http://a:b:c',
      'http://a b',
      'http://milli.example/evil',
      'http://x@milli.example',
      'javascript://milli.example',
      'ftp://milli.example',
      'http://milli.example?x',
      'http://undefined x',
    ]) {
      expect(usableOrigin(origin), origin).toBeNull();
    }
  });
});
