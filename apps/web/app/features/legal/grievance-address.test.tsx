import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { acknowledgeByOf, resolveByOf, type StoreSettings } from '@milli/contracts';
import { GrievanceAddress } from './grievance-address.tsx';
import { POLICIES } from './policies.tsx';
import { LegalDocument } from './legal-document.tsx';
import { PrivacyPolicy } from './privacy-policy.tsx';
import { TEST_SETTINGS } from '../../lib/testing-settings.ts';

const SETTINGS: StoreSettings = TEST_SETTINGS;

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };

/**
 * What the grievance block promises, read back from its words: "within N hours" and "within <number> month(s)". The
 * block takes its words from the contracts' constants; this reads them as a shopper would and holds them to the timers
 * the desk and the mails run on (acknowledgeByOf, resolveByOf), so a change of either shows here.
 */
function promiseIn(text: string) {
  const hours = /acknowledge every complaint within (\d+) hours/.exec(text);
  const months = /resolve it within (\w+) months? of receiving it/.exec(text);
  expect(hours, text).not.toBeNull();
  expect(months, text).not.toBeNull();
  return { hours: Number(hours![1]), months: WORDS[months![1]!] ?? Number(months![1]) };
}

describe('the grievance block names the complaints desk and its times, as the desk keeps them (issue 38)', () => {
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <GrievanceAddress settings={SETTINGS} />
    </MemoryRouter>,
  );
  const text = textOf(html);

  it('says how to raise a complaint, at /help, with a ticket number', () => {
    expect(html).toContain('href="/help"');
    expect(text).toContain('raise a complaint');
    expect(text).toContain('ticket number');
    expect(text).toContain('The Grievance Officer, Milli');
  });

  it('promises the acknowledgement in the hours the desk’s acknowledge-by gives', () => {
    const { hours } = promiseIn(text);
    const filed = new Date('2027-01-15T04:30:00Z');
    expect(acknowledgeByOf(filed).getTime() - filed.getTime()).toBe(hours * 3_600_000);
    expect(hours).toBe(48);
  });

  it('promises the resolution in the calendar months the desk’s resolve-by gives, in India', () => {
    const { months } = promiseIn(text);
    // 10 am on 15 January in India; the same time of the same day, `months` months on.
    expect(resolveByOf(new Date('2027-01-15T04:30:00Z')).toISOString()).toBe(new Date(Date.UTC(2027, months, 15, 4, 30)).toISOString());
    expect(months).toBe(1);
  });

  it('stands on every legal page, the privacy policy too', () => {
    for (const policy of POLICIES) {
      const page = textOf(
        renderToStaticMarkup(
          <MemoryRouter>
            <LegalDocument label={policy.title} lead={policy.lead} updated="today" sections={policy.sections(SETTINGS)} />
          </MemoryRouter>,
        ),
      );
      expect(promiseIn(page), policy.title).toEqual(promiseIn(text));
    }
    const privacy = textOf(
      renderToStaticMarkup(
        <MemoryRouter>
          <PrivacyPolicy settings={SETTINGS} />
        </MemoryRouter>,
      ),
    );
    expect(promiseIn(privacy)).toEqual(promiseIn(text));
  });
});
