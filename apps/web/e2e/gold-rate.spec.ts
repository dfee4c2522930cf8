/**
 * Issue 42: the day's rates in public. A visitor reads today's rates and a metal's history on /gold-rate (with and
 * without JavaScript, at 375 and 1440 px), asks to be told when 22 kt gold goes below a level, confirms it from the
 * mail; the owner sets a rate that crosses it in the back office, and /gold-rate shows it at once and the one mail
 * arrives. A shopper signed in with their mobile number is told by SMS instead (decision 062). Runs in the rates-last
 * project (it sets the store's rates). SHOTS_DIR=… saves screenshots.
 */
import type { RatesToday } from '@milli/contracts/schemas';
import { formatRupees } from '@milli/pricing';
import { asOwner, expect, mailTo, noSeriousAxe, shots, test, waitForHydration } from './fixtures.ts';
import { askCode, codeTo, enterCode, messageTo, newNumber } from './phone.ts';

test('a visitor reads the day’s rates and their history, sets an alert, and the rate the owner sets tells it once', async ({
  page,
  browser,
  request,
  consoleGuard,
}, testInfo) => {
  test.setTimeout(120_000);
  // The refused level below answers 400, as a refused form does.
  consoleGuard.allow(/status of 400 .* @ .*\/gold-rate\.data/);
  const today = (await (await request.get('/api/rates/today')).json()) as RatesToday;
  const g22 = today.rates.find((r) => r.key === 'gold:22')!;
  expect(g22.paisePerGram).not.toBeNull();

  await page.goto('/gold-rate');
  await waitForHydration(page);
  const table = page.getByRole('table').filter({ hasText: '1 gram' });
  await expect(table.getByRole('row')).toHaveCount(7);
  const row22 = table.getByRole('row').filter({ hasText: '22 kt gold' });
  await expect(row22).toContainText(formatRupees(g22.paisePerGram!));
  await expect(row22).toContainText(formatRupees(g22.paisePer10Grams!));
  await expect(page.getByRole('img', { name: /22 kt gold from .*lowest/ })).toBeVisible();
  await noSeriousAxe(page, '/gold-rate');
  await shots(page, 'gold-rate', [375, 1440]);

  // Another metal and period, by its links.
  await page.getByRole('navigation', { name: 'Metal' }).getByRole('link', { name: 'Silver' }).click();
  await expect(page.getByRole('heading', { name: 'Silver 925 over the last 30 days' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '1 year' }).click();
  await expect(page.getByRole('heading', { name: 'Silver 925 over the last 1 year' })).toBeVisible();
  await expect(page).toHaveURL(/metal=silver&purity=925&days=365/);

  // The alert: 22 kt gold below today's rate less ₹50 a gram.
  const email = `rate-watch-${testInfo.project.name}-${Date.now()}@example.in`;
  const level = g22.paisePerGram! - 5_000;
  await page.getByLabel('Metal and purity').selectOption('gold:22');
  await page.getByRole('radio', { name: 'below' }).check();
  await page.getByLabel('Rate in rupees a gram').fill(String(level / 100));
  await page.getByLabel('Your e-mail').fill(email);
  await page.getByRole('button', { name: 'Set my alert' }).click();
  await expect(page.getByTestId('alert-result')).toContainText(`we have sent a link to ${email}`);

  // A level already passed is refused beside its field.
  await page.getByLabel('Rate in rupees a gram').fill(String(g22.paisePerGram! / 100 + 10));
  await page.getByRole('button', { name: 'Set my alert' }).click();
  await expect(page.getByRole('alert')).toContainText('already at or below');

  const confirmMail = await mailTo(email, /confirm your rate alert/);
  const confirmLink = /(https?:\/\/\S+\/rate-alerts\/confirm\?token=[A-Za-z0-9_-]+)/.exec(confirmMail)![1]!;
  await page.goto(new URL(confirmLink).pathname + new URL(confirmLink).search);
  await page.getByRole('button', { name: 'Confirm my alert' }).click();
  await expect(page.getByRole('status')).toContainText('Confirmed: we will e-mail you once');

  // The owner sets 22 kt gold below the level: /gold-rate shows it at once, and the mail arrives.
  const newRate = level - 1_000;
  await asOwner(request, async (api, headers) => {
    const res = await request.put(api('/api/admin/rates'), { data: { rates: [{ metal: 'gold', purity: 22, paisePerGram: newRate }], confirm: true }, headers });
    expect(res.status(), await res.text()).toBe(200);
  });
  await page.goto('/gold-rate');
  await expect(page.getByRole('table').filter({ hasText: '1 gram' }).getByRole('row').filter({ hasText: '22 kt gold' })).toContainText(formatRupees(newRate));
  const told = await mailTo(email, /22 kt gold is now/);
  expect(told).toContain(formatRupees(newRate));

  // Without JavaScript: the same page, its links and its form.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  try {
    const p = await plain.newPage();
    await p.goto('/gold-rate?metal=gold&purity=18&days=90');
    await expect(p.getByRole('heading', { name: '18 kt gold over the last 90 days' })).toBeVisible();
    await p.getByRole('radio', { name: 'above' }).check();
    await p.getByLabel('Rate in rupees a gram').fill('1');
    await p.getByLabel('Your e-mail').fill(`plain-${Date.now()}@example.in`);
    await p.getByRole('button', { name: 'Set my alert' }).click();
    await expect(p.getByLabel('Rate in rupees a gram')).toHaveValue('1');
    await expect(p.getByRole('alert').first()).toContainText('already at or above');
  } finally {
    await plain.close();
  }
});

test('a shopper signed in with their mobile number is told by SMS: its first message stops it, a rate crossing tells it once', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(150_000);
  // The guest's SMS alert below answers 400, as a refused form does.
  consoleGuard.allow(/status of 400 .* @ .*\/gold-rate\.data/);
  const today = (await (await request.get('/api/rates/today')).json()) as RatesToday;
  const g14 = today.rates.find((r) => r.key === 'gold:14')!.paisePerGram!;
  const setAlert = async (paise: number, channel: 'SMS' | 'WhatsApp' | 'E-mail') => {
    await page.getByLabel('Metal and purity').selectOption('gold:14');
    await page.getByRole('radio', { name: 'below' }).check();
    await page.getByLabel('Rate in rupees a gram').fill(String(paise / 100));
    await page.getByRole('radio', { name: channel }).check();
    await page.getByRole('button', { name: 'Set my alert' }).click();
  };

  // A guest asking for an SMS is sent to sign in with their number first.
  await page.goto('/gold-rate');
  await waitForHydration(page);
  await setAlert(g14 - 5_000, 'SMS');
  await expect(page.getByRole('alert').first()).toContainText('sign in with your mobile number');
  await page.getByRole('link', { name: 'sign in with your mobile number' }).click();
  await waitForHydration(page);
  const number = newNumber();
  await askCode(page, number.typed);
  await enterCode(page, await codeTo(number.e164));
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/gold-rate$/);
  await waitForHydration(page);

  // Signed in: the alert goes to the verified number, hidden but its last four digits.
  const hidden = `+91 ••••••${number.e164.slice(-4)}`;
  await setAlert(g14 - 5_000, 'SMS');
  await expect(page.getByTestId('alert-result')).toContainText(`we will send an SMS to ${hidden}`);
  await shots(page, 'gold-rate-alert-by-sms', [375, 1440]);
  const first = await messageTo(number.e164, 'rate_alert_set');
  expect(first).toContain('14 kt gold at or below');
  const stopLink = /(https?:\/\/\S+\/rate-alerts\/stop\?token=[A-Za-z0-9_-]+)/.exec(first)![1]!;
  await page.goto(new URL(stopLink).pathname + new URL(stopLink).search);
  await page.getByRole('button', { name: 'Stop my alert' }).click();
  await expect(page.getByRole('status')).toContainText('Your alert is stopped');

  // Another, which the owner's new rate crosses: one SMS, and My Account says so.
  await page.goto('/gold-rate');
  await waitForHydration(page);
  const level = g14 - 4_000;
  await setAlert(level, 'SMS');
  await expect(page.getByTestId('alert-result')).toContainText(hidden);
  const newRate = level - 1_000;
  await asOwner(request, async (api, headers) => {
    const res = await request.put(api('/api/admin/rates'), { data: { rates: [{ metal: 'gold', purity: 14, paisePerGram: newRate }], confirm: true }, headers });
    expect(res.status(), await res.text()).toBe(200);
  });
  expect(await messageTo(number.e164, 'rate_alert_crossed')).toContain(`${formatRupees(newRate)} a gram`);
  await page.goto('/account?tab=orders');
  const alerts = page.getByRole('region', { name: 'Rate alerts' });
  await expect(alerts.getByRole('listitem').filter({ hasText: 'Told you, ended' })).toContainText(`by SMS to ${hidden}`);
  await expect(alerts.getByRole('listitem').filter({ hasText: 'Stopped' })).toContainText(`by SMS to ${hidden}`);
});
