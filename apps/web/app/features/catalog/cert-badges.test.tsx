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
    expect(plainGold).not.toContain('Lab certificate with your order where one is issued');

    const setGold = html({ goldPurity: 18, huid: null, stones: true });
    expect(setGold).toContain('750');
    expect(setGold).toContain('Lab certificate with your order where one is issued');
  });

  it('shows the lab seal alone on platinum or silver with stones, and nothing on a piece with neither', () => {
    const setSilver = html({ goldPurity: null, huid: null, stones: true });
    expect(setSilver).not.toContain('BIS Hallmark');
    expect(setSilver).toContain('Lab certificate with your order where one is issued');
    expect(html({ goldPurity: null, huid: null, stones: false })).toBe('');
  });

  it('names the store’s BIS registration under the hallmark when it is set, and says nothing of it when not (issue 38)', () => {
    const registered = html({ goldPurity: 22, huid: 'AB12CD', stones: false, bisRegistration: 'HM/C-5190012345' });
    expect(registered).toContain('BIS-registered jeweller, HM/C-5190012345');
    const unset = html({ goldPurity: 22, huid: 'AB12CD', stones: false, bisRegistration: '' });
    expect(unset).not.toContain('registered');
    // A piece without a hallmark never carries the number.
    expect(html({ goldPurity: null, huid: null, stones: true, bisRegistration: 'HM/C-5190012345' })).not.toContain('HM/C');
  });

  it('promises no grading of every stone (a certificate comes only where one was issued; issue 38)', () => {
    expect(html({ goldPurity: 18, huid: null, stones: true })).not.toMatch(/Lab-graded stones/);
  });
});
