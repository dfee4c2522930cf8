import { describe, expect, it } from 'vitest';
import { choicesText, metalText } from './constants.ts';

describe('a metal and its purity (issue 39)', () => {
  it('gives karats for gold only; silver and platinum read by their fineness', () => {
    expect(metalText('gold', 22)).toBe('Gold 22 kt');
    expect(metalText('silver', 925)).toBe('Silver 925');
    expect(metalText('platinum', 950)).toBe('Platinum 950');
    expect(metalText('silver', null)).toBe('Silver');
    expect(metalText(null, 925)).toBe('');
  });

  it('never shows a line’s 925 or 950 as karats among its choices', () => {
    expect(choicesText({ purity: 18, colour: 'Rose Gold', size: '12' })).toBe('18 kt · Rose Gold · Size 12');
    expect(choicesText({ purity: 925, size: '12' })).toBe('Size 12');
    expect(choicesText({ purity: 950 })).toBe('');
  });
});
