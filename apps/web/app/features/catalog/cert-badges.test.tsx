import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CertBadges } from './cert-badges.tsx';

/** The seals say only what the piece carries: a hallmark on gold, the lab's seal on a piece set with stones. */
describe('CertBadges', () => {
  const html = (props: Parameters<typeof CertBadges>[0]) => renderToStaticMarkup(<CertBadges {...props} />);

  it('shows the hallmark with its fineness and HUID on gold, and the lab seal only when the piece has stones', () => {
    const plainGold = html({ goldPurity: 22, huid: 'AB12CD', stones: false });
    expect(plainGold).toContain('BIS Hallmark');
    expect(plainGold).toContain('916');
    expect(plainGold).toContain('HUID AB12CD');
    expect(plainGold).not.toContain('Lab-graded stones');

    const setGold = html({ goldPurity: 18, huid: null, stones: true });
    expect(setGold).toContain('750');
    expect(setGold).toContain('Lab-graded stones');
  });

  it('shows the lab seal alone on platinum or silver with stones, and nothing on a piece with neither', () => {
    const setSilver = html({ goldPurity: null, huid: null, stones: true });
    expect(setSilver).not.toContain('BIS Hallmark');
    expect(setSilver).toContain('Lab-graded stones');
    expect(html({ goldPurity: null, huid: null, stones: false })).toBe('');
  });
});
