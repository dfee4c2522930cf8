/**
 * The privacy policy says what the store does (issue 38): every page it links to is a route, every part of My
 * privacy it points to is on that page, every call My privacy makes is in the API, and it lists exactly what erasure
 * removes and what it keeps (the lists the erasure code is tested against: apps/server/src/modules/customers), with
 * the retention, the consents' channels and what blocks an erasure. It no longer promises what does not exist.
 */
// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, createRoutesStub } from 'react-router';
import {
  ERASED_ON_ERASURE,
  ERASURE_BLOCKER_KINDS,
  EXPORTS_A_DAY,
  MARKETING_CHANNEL_LABELS,
  ORDER_MESSAGES_NOTE,
  PRIVACY_PATHS,
  RETAINED_ON_ERASURE,
  RETENTION_YEARS,
  type Consents,
  type ErasureBlockerKind,
  type StoreSettings,
} from '@milli/contracts';
import type { PrivacyExport } from '@milli/contracts/schemas';
import { API_ANSWERS } from '@milli/contracts/api';
import routes from '../routes.ts';
import { PrivacyPolicy } from '../features/legal/privacy-policy.tsx';
import { ConsentsSection, DownloadSection, ErasureSection, NomineeSection } from '../features/privacy/privacy-sections.tsx';
import { TEST_SETTINGS } from '../lib/testing-settings.ts';

const SETTINGS: StoreSettings = { ...TEST_SETTINGS, returnWindowDays: 15, shippingFeePaise: 299 };

const html = renderToStaticMarkup(
  <MemoryRouter>
    <PrivacyPolicy settings={SETTINGS} />
  </MemoryRouter>,
);
const text = html
  .replace(/<[^>]+>/g, ' ')
  .replace(/&#x27;|&#39;/g, "'")
  .replace(/&quot;/g, '"')
  .replace(/&amp;/g, '&')
  .replace(/\s+/g, ' ');

/** Every path of the route table, as a pattern (`:param` matches one segment). */
function routePatterns(): RegExp[] {
  const out: RegExp[] = [];
  const walk = (entries: readonly { path?: string; index?: boolean; children?: unknown }[], base: string) => {
    for (const e of entries) {
      // The catch-alls (the 404 pages) are no page of their own.
      if (e.path === '*') continue;
      const path = e.index ? base : [base, e.path ?? ''].filter(Boolean).join('/');
      out.push(new RegExp(`^/${path.replace(/:[^/]+\??/g, '[^/]+')}$`));
      if (Array.isArray(e.children)) walk(e.children as typeof entries, path);
    }
  };
  walk(routes as never, '');
  return out;
}

/** My privacy's sections as a signed-in customer sees them, for the ids the policy's links point at. */
const CONSENTS: Consents = {
  orderMessages: { on: true, switchable: false, note: ORDER_MESSAGES_NOTE },
  marketing: [
    { channel: 'email', granted: false, changedAt: null },
    { channel: 'sms', granted: false, changedAt: null },
    { channel: 'whatsapp', granted: false, changedAt: null },
  ],
  history: [],
};
let privacyPage = '';
beforeAll(async () => {
  const Page = createRoutesStub([
    {
      path: PRIVACY_PATHS.page,
      Component: () => (
        <>
          <DownloadSection problem={null} />
          <ConsentsSection consents={CONSENTS} result={undefined} />
          <NomineeSection nominee={null} result={undefined} />
          <ErasureSection erasure={{ blockers: [], retained: RETAINED_ON_ERASURE.map((r) => r.key) }} result={undefined} />
        </>
      ),
    },
  ]);
  render(<Page initialEntries={[PRIVACY_PATHS.page]} />);
  await screen.findByRole('heading', { name: 'Erase my account' });
  privacyPage = document.body.innerHTML;
});

describe('the privacy policy against what the store does', () => {
  it('links only to pages that exist, and to parts of My privacy that are on it', () => {
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((h) => h.startsWith('/'));
    expect(links).toContain(PRIVACY_PATHS.page);
    const patterns = routePatterns();
    for (const link of links) {
      const [path, hash] = link.split('#') as [string, string | undefined];
      expect(
        patterns.some((p) => p.test(path.split('?')[0]!)),
        `${link} is a route`,
      ).toBe(true);
      if (path === PRIVACY_PATHS.page && hash) expect(privacyPage, `My privacy has #${hash}`).toContain(`id="${hash}"`);
    }
    expect(links.filter((l) => l.startsWith(`${PRIVACY_PATHS.page}#`)).map((l) => l.split('#')[1])).toEqual(
      expect.arrayContaining(['download', 'consents', 'nominee', 'erase']),
    );
  });

  it('names calls the API answers', () => {
    const routesOfApi = Object.keys(API_ANSWERS);
    for (const [method, path] of [
      ['GET', PRIVACY_PATHS.exportApi],
      ['GET', PRIVACY_PATHS.consentsApi],
      ['PUT', PRIVACY_PATHS.consentsApi],
      ['PUT', PRIVACY_PATHS.nomineeApi],
      ['DELETE', PRIVACY_PATHS.nomineeApi],
      ['POST', PRIVACY_PATHS.eraseApi],
    ] as const)
      expect(routesOfApi, `${method} ${path}`).toContain(`${method} ${path}`);
  });

  it('lists exactly what erasure removes and what it keeps, why, and for how long', () => {
    for (const e of ERASED_ON_ERASURE) expect(text, e.key).toContain(e.text.slice(1));
    for (const r of RETAINED_ON_ERASURE) {
      expect(text, r.key).toContain(r.text.slice(1));
      expect(text, `${r.key}: why`).toContain(r.why);
    }
    expect(text).toContain(`locked so that nobody can change it, for ${RETENTION_YEARS} years after the end of the financial year of each sale`);
  });

  it('names each part of the download (Access), so a part added to the export is named too', () => {
    const access = text.slice(text.indexOf('Access:'), text.indexOf('Correction:'));
    const said: Record<Exclude<keyof PrivacyExport, 'exportedAt' | 'store' | 'note'>, string> = {
      profile: 'profile (with the mobile number you sign in with)',
      emailChanges: 'e-mail changes',
      addresses: 'addresses',
      orders: 'orders',
      payments: 'payments (the payment gateway’s references, never a card number)',
      harvestPlans: 'Milli Harvest plans and what you spent from them',
      returns: 'returns',
      exchanges: 'exchanges and buy-backs',
      reviews: 'reviews',
      appointments: 'appointments',
      customDesigns: 'custom designs',
      storeCredit: 'store credit',
      metalAccount: 'your metal account (each credit of fine gold from the old gold we assayed, its purity, weight, melting loss and expiry',
      rateLocks: 'rate locks (the grams, purity and rate held, the advance, the period, what was used and what was refunded)',
      rateAlerts: 'rate alerts',
      complaints: 'complaints with their replies',
      tradePartnerApplications: 'trade partner applications',
      sizerRequests: 'ring sizer requests you made while signed in',
      cart: 'your cart',
      wishlist: 'wish list',
      consents: 'consents with their history',
      messageConsents: 'your choices for SMS and WhatsApp',
      nominee: 'your nominee',
      messages: 'the mails we sent you',
      phoneMessages: 'the SMS and WhatsApp messages we sent you (what each was about and when, never a one-time code)',
    };
    for (const [part, words] of Object.entries(said)) expect(access, part).toContain(words);
  });

  it('says what blocks an erasure, how it is confirmed, and that it is at once', () => {
    const said: Record<ErasureBlockerKind, string> = {
      order: 'an order not yet delivered or cancelled',
      return: 'a return',
      exchange: 'exchange or buy-back under way',
      'custom-design': 'a custom design request',
      harvest: 'a running or matured Milli Harvest plan',
      'store-credit': 'store credit',
      'metal-account': 'fine gold left in your metal account',
      'rate-lock': 'a live rate lock',
      refund: 'a refund still on its way',
    };
    for (const kind of ERASURE_BLOCKER_KINDS) expect(text, kind).toContain(said[kind]);
    expect(text).toContain('confirming with your password (or, for an account without one, a code we mail you)');
    expect(text).toContain('It happens at once, and cannot be undone');
  });

  it('describes the consents as built: per channel, off until given, withdrawn as easily, every change kept; order messages always sent', () => {
    for (const label of Object.values(MARKETING_CHANNEL_LABELS)) expect(text).toContain(label);
    expect(text).toContain('each is off until you tick it, and you withdraw it by unticking it, as easily as you gave it');
    expect(text).toContain('Every change is recorded with its time');
    expect(text).toContain(ORDER_MESSAGES_NOTE);
    expect(text).toContain(`Up to ${EXPORTS_A_DAY} downloads a day`);
  });

  it('no longer promises what the store does not do', () => {
    expect(text).not.toMatch(/unsubscribe/i);
    expect(text).not.toMatch(/preferences in My Account/);
    expect(text).not.toMatch(/within 30 days of confirming/);
    expect(text).not.toMatch(/reactivate/i);
  });
});
