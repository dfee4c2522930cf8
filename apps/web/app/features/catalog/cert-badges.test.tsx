import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { CertBadges } from './cert-badges.tsx';

/** The seals say only what the piece carries: a hallmark where it is hallmarked, the lab's seal on a piece set with stones. */
describe('CertBadges', () => {
  const html = (props: Parameters<typeof CertBadges>[0]) => renderToStaticMarkup(<CertBadges {...props} />);
  const gold = (purity: number) => ({ metal: 'gold', purity, hallmarked: true });
  const silver = (hallmarked: boolean) => ({ metal: 'silver', purity: 925, hallmarked });
  const platinum = { metal: 'platinum', purity: 950, hallmarked: false };

  it('shows the hallmark with its fineness on gold, no one HUID for the product, and the lab seal only when the piece has stones', () => {
    const plainGold = html({ piece: gold(22), stones: false });
    expect(plainGold).toContain('BIS Hallmark');
    expect(plainGold).toContain('916');
    expect(plainGold).toContain('each piece has its own HUID, printed on your invoice');
    expect(plainGold).not.toMatch(/HUID [A-Z0-9]{6}/);
    expect(plainGold).not.toContain('Lab certificate with your order where one is issued');

    const setGold = html({ piece: gold(18), stones: true });
    expect(setGold).toContain('750');
    expect(setGold).toContain('Lab certificate with your order where one is issued');
  });

  it('says true things of hallmarked silver, plain silver and platinum (issue 38)', () => {
    const marked = html({ piece: silver(true), stones: false });
    expect(marked).toContain('BIS Hallmark');
    expect(marked).toContain('925 sterling silver · each piece has its own HUID');

    const plain = html({ piece: silver(false), stones: false });
    expect(plain).toContain('Stamped 925');
    expect(plain).toContain('not BIS hallmarked');
    expect(plain).not.toContain('BIS Hallmark');
    expect(plain).not.toContain('HALLMARK');
    expect(plain).not.toContain('HUID');

    const pt = html({ piece: platinum, stones: true });
    expect(pt).toContain('Stamped Pt 950');
    expect(pt).toContain('not under the BIS HUID scheme');
    expect(pt).not.toContain('BIS Hallmark');
    expect(pt).toContain('Lab certificate with your order where one is issued');
  });

  it('names the store’s BIS registration under a hallmark when it is set, and says nothing of it when not (issue 38)', () => {
    const registered = html({ piece: gold(22), stones: false, bisRegistration: 'HM/C-5190012345' });
    expect(registered).toContain('BIS-registered jeweller, HM/C-5190012345');
    const unset = html({ piece: gold(22), stones: false, bisRegistration: '' });
    expect(unset).not.toContain('registered');
    // A piece without a hallmark never carries the number.
    expect(html({ piece: silver(false), stones: true, bisRegistration: 'HM/C-5190012345' })).not.toContain('HM/C');
    expect(html({ piece: platinum, stones: false, bisRegistration: 'HM/C-5190012345' })).not.toContain('HM/C');
  });

  it('promises no grading of every stone (a certificate comes only where one was issued; issue 38)', () => {
    expect(html({ piece: gold(18), stones: true })).not.toMatch(/Lab-graded stones/);
  });
});
