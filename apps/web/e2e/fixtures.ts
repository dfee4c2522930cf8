/**
 * The e2e `test`: baseURL is the server global-setup.ts started, and every test fails on a console
 * error or an uncaught page error (a failed hydration shows up as one), unless it expects that message.
 */
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type ConsoleMessage, type Locator, type Page, type TestInfo } from '@playwright/test';

export { expect };

export interface ConsoleGuard {
  /**
   * Console errors matching this are expected in this test (e.g. the 404 of a not-found page). The
   * pattern is tested against `<message> @ <url of the resource the message is about>`.
   */
  allow(pattern: RegExp): void;
}

let visitors = 0;

export const test = base.extend<{ consoleGuard: ConsoleGuard }, { workerPage: Page }>({
  /**
   * Each test is its own visitor: the e2e server trusts X-Forwarded-For (as behind a load balancer), so
   * the per-address limits on sign-up and login count each test's shopper, not the whole suite at once.
   */
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    visitors++;
    await use({ 'x-forwarded-for': `10.${testInfo.parallelIndex + 1}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}` });
  },

  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    const url = process.env.MILLI_E2E_URL;
    if (!url) throw new Error('MILLI_E2E_URL is not set: run through playwright.config.ts (its global setup starts the server)');
    await use(url);
  },

  /**
   * One page per worker, with the project's viewport, for specs that only look (routes.spec.ts): a fresh
   * context per test costs a new renderer process each time, which adds up over 74 page visits.
   */
  workerPage: [
    async ({ browser }, use, workerInfo) => {
      const { viewport, hasTouch, isMobile, locale, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ viewport, hasTouch, isMobile, locale, timezoneId, baseURL: process.env.MILLI_E2E_URL });
      const page = await context.newPage();
      await use(page);
      await context.close();
    },
    { scope: 'worker' },
  ],

  consoleGuard: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const problems: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        const where = message.location();
        if (allowed.some((re) => re.test(`${text} @ ${where.url}`))) return;
        problems.push(`console.error: ${text}${where.url ? ` (${where.url}:${where.lineNumber})` : ''}`);
      };
      const onPageError = (error: Error) => problems.push(`page error: ${error.stack ?? error.message}`);
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      await use({ allow: (pattern) => allowed.push(pattern) });
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      expect(problems, 'console errors and uncaught page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** The same `test`, on the worker's shared page (see workerPage). */
export const sharedPageTest = test.extend({
  page: async ({ workerPage }, use) => {
    await use(workerPage);
  },
});

/** Small screens get the hamburger and the drawer menu; the mega-menu shows from 992 px. */
export function isMobile(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1440) < 992;
}

/**
 * Issue 40: a shopper never scrolls a page sideways (a wide table scrolls inside its own box). Null when the page
 * (`document.documentElement.scrollWidth`) is no wider than the window; otherwise says how wide it is and which
 * elements stick out furthest past the window's right edge, each one further than its parent reaches (where the
 * overflow starts), the widest first. What a box that scrolls or clips holds (a table in its .table-wrap), and what is fixed to
 * the window, widens no page, so the walk does not look inside them.
 */
export async function sidewaysOverflow(page: Page, what: string): Promise<string | null> {
  // Measured as the page rests: an entrance animation may slide a card in from the side.
  await animationsDone(page);
  return page.evaluate((what) => {
    const windowWidth = window.innerWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth <= windowWidth) return null;
    const name = (el: Element) => {
      const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter(Boolean).slice(0, 3) : [];
      return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${classes.map((c) => `.${c}`).join('')}`;
    };
    const found: { el: Element; right: number; width: number }[] = [];
    const visit = (el: Element, parentRight: number) => {
      const style = getComputedStyle(el);
      if (style.position === 'fixed' || style.display === 'none') return;
      const box = el.getBoundingClientRect();
      // Where the overflow starts: past the window, and further than its parent reaches.
      if (box.width > 0 && box.right > windowWidth + 0.5 && box.right > parentRight + 0.5) found.push({ el, right: box.right, width: box.width });
      if (style.overflowX !== 'visible') return;
      for (const child of el.children) visit(child, Math.max(box.right, windowWidth));
    };
    for (const child of document.body.children) visit(child, windowWidth);
    found.sort((a, b) => b.right - a.right);
    const lines = found.slice(0, 3).map(({ el, right, width }) => {
      const parents = [el.parentElement, el.parentElement?.parentElement].filter((p): p is HTMLElement => !!p && p !== document.body).map(name);
      const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
      return `${name(el)} (in ${parents.reverse().join(' > ') || 'body'}): ${Math.round(width)} px wide, right edge at ${Math.round(right)} px${text ? ` — “${text}”` : ''}`;
    });
    return `${what} is ${pageWidth} px wide in a ${windowWidth} px window: it scrolls sideways. Widest:\n    ${lines.join('\n    ') || '(no element found)'}`;
  }, what);
}

/**
 * Waits until React has hydrated the page. The storefront's preloader gets `is-done` from an effect (the server
 * renders it without), so the class appears only once hydration has run its effects; the back office has no
 * preloader, its shell gets `data-js` from an effect the same way.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('.preloader.is-done, .adm-shell[data-js]').first()).toBeAttached({ timeout: 15_000 });
}

/**
 * Follows a link and checks that the router handled it in the browser: a marker put on `window`
 * survives, which a full page load would wipe.
 */
export async function expectClientNavigation(page: Page, click: () => Promise<void>, toPath: string | RegExp): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload = true;
  });
  await click();
  await expect(page).toHaveURL((url) => (typeof toPath === 'string' ? url.pathname === toPath : toPath.test(url.pathname)));
  expect(
    await page.evaluate(() => (window as unknown as { __e2eNoReload?: boolean }).__e2eNoReload === true),
    'the navigation happened in the browser, without a full page load',
  ).toBe(true);
}

/** What a person sees of the shared frame; read in one round trip, so 74 page visits stay quick. */
export interface ShellSnapshot {
  header: boolean;
  topBar: boolean;
  topBarHelpLine: boolean;
  topBarLinks: string[];
  logo: boolean;
  wishListIcon: boolean;
  cartIcon: boolean;
  menuToggle: boolean;
  megaMenuNav: boolean;
  megaMenuItems: string[];
  preFooter: boolean;
  footer: boolean;
  footerHelpLine: boolean;
  footerEmails: number;
  footerOfficeInChennai: boolean;
}

export function readShell(page: Page): Promise<ShellSnapshot> {
  return page.evaluate((): ShellSnapshot => {
    const shown = (el: Element | null | undefined) => !!el && el.checkVisibility({ visibilityProperty: true }) && el.getBoundingClientRect().width > 0;
    const one = (selector: string) => shown(document.querySelector(selector));
    const texts = (selector: string) => [...document.querySelectorAll(selector)].filter(shown).map((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
    const footer = document.querySelector('footer.site-footer');
    return {
      header: one('header.site-header'),
      topBar: one('header.site-header .topbar'),
      topBarHelpLine: one('.topbar .topbar-help a[href^="tel:"]'),
      topBarLinks: texts('.topbar nav[aria-label="Account"] a'),
      logo: one('.header-bar a.logo'),
      wishListIcon: one('.header-bar a[href="/wishlist"][aria-label^="Wish list, "]'),
      cartIcon: one('.header-bar a[aria-label^="Cart, "]'),
      menuToggle: one('.header-bar a[aria-label="Open menu"]'),
      megaMenuNav: one('.header-bar nav[aria-label="Main"]'),
      megaMenuItems: texts('.header-bar nav[aria-label="Main"] .nav-list > li > :is(a, button)'),
      preFooter: !!document.querySelector('aside[aria-label="Our promise"]'),
      footer: shown(footer),
      footerHelpLine: shown(footer?.querySelector('a[href^="tel:"]')),
      footerEmails: [...(footer?.querySelectorAll('a[href^="mailto:"]') ?? [])].filter(shown).length,
      footerOfficeInChennai: /Chennai/.test(footer?.querySelector('address')?.textContent ?? ''),
    };
  });
}

/**
 * The frame every page shares (spec §2): top bar with the help line, the gold rate (issue 42), About and (logged out) Login and
 * Signup; logo, wish list and cart; the mega-menu at desktop widths or the menu toggle on phones; the
 * pre-footer; the footer with the help line, two e-mails and the Chennai office.
 */
export async function expectShell(page: Page): Promise<void> {
  const mobile = isMobile(page);
  // A shared page's account links and counts are the visitor's once their summary has arrived (decision 032).
  await expectPersonalKnown(page);
  expect(await readShell(page), `the common shell at ${page.viewportSize()?.width} px`).toEqual({
    header: true,
    topBar: true,
    topBarHelpLine: true,
    topBarLinks: ['Gold rate', 'About', 'Login', 'Signup'],
    logo: true,
    wishListIcon: true,
    cartIcon: true,
    menuToggle: mobile,
    megaMenuNav: !mobile,
    megaMenuItems: mobile ? [] : ['Gold', 'Diamond', 'Platinum', 'Silver', 'Gifting', 'Milli Harvest', 'Shop by Store'],
    preFooter: true,
    footer: true,
    footerHelpLine: true,
    footerEmails: 2,
    footerOfficeInChennai: true,
  } satisfies ShellSnapshot);
}

/**
 * Records every layout shift of the page's life (Cumulative Layout Shift's raw entries). A streamed page may be laid
 * out on a part of its HTML before anything is painted (the hero's text centred beside a form not yet parsed): a
 * shift computed then was never seen, so only those from the first paint on count.
 */
export async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number; moved: string }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    // Which element moved, and from where to where: a failure names it rather than a bare number.
    const describe = (node: Node | null): string => {
      if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : '(gone)';
      const classes = [...node.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('');
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes}`;
    };
    const box = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
        if (entry.hadRecentInput) continue;
        const moved = (entry.sources ?? []).map((s) => `${describe(s.node)} ${box(s.previousRect)} → ${box(s.currentRect)}`).join('; ');
        shifts.push({ value: entry.value, at: entry.startTime, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
/** The layout shifts seen since the first paint, each with the elements that moved (an empty list when none). */
export const shiftsOf = (page: Page) =>
  page.evaluate(() => {
    const painted = performance.getEntriesByName('first-paint')[0]?.startTime ?? 0;
    return (window as unknown as { __shifts: { value: number; at: number; moved: string }[] }).__shifts
      .filter((s) => s.at >= painted)
      .map((s) => `${s.value.toFixed(4)} at ${Math.round(s.at)} ms (first paint ${Math.round(painted)} ms): ${s.moved}`);
  });

/** Waits until the header shows the visitor's own links and counts (a shared page fills them in after hydrating). */
export async function expectPersonalKnown(page: Page): Promise<void> {
  await expect(page.locator('header.site-header[data-personal="known"]')).toBeAttached({ timeout: 15_000 });
}

/**
 * The e2e server's DATA_DIR, for specs that read what it writes there: with no SMTP configured, every mail
 * a shopper would receive lands in DATA_DIR/mailbox/*.eml. Global setup publishes it as
 * MILLI_E2E_DATA_DIR (from E2E_DATA_DIR when the specs run against an external server, E2E_BASE_URL).
 */
export function e2eDataDir(): string {
  const dir = process.env.MILLI_E2E_DATA_DIR;
  if (!dir) throw new Error("the server's DATA_DIR is unknown: with E2E_BASE_URL, set E2E_DATA_DIR to that server's DATA_DIR");
  return dir;
}

/** A new shopper for one test: a unique username (tag, project, random) and its e-mail. */
export interface Shopper {
  username: string;
  email: string;
}

export function newShopper(testInfo: TestInfo, tag: string): Shopper {
  const username = `${tag}_${testInfo.project.name.replace(/\W/g, '')}_${randomUUID().slice(0, 8)}`;
  return { username, email: `${username}@example.in`.toLowerCase() };
}

/**
 * The Origin a browser sends from the store's own page. A request context sends none, and a state-changing
 * request that carries cookies (the page's, shared with its request context) must show it (decision 021).
 */
export function ownOrigin(): { origin: string } {
  return { origin: new URL(process.env.MILLI_E2E_URL!).origin };
}

/** Signs a shopper up through the API (the page's request context, which shares its cookies). */
export async function signUp(page: Page, shopper: Shopper, password: string): Promise<void> {
  const res = await page.request.post('/api/auth/register', { multipart: { ...shopper, password }, headers: ownOrigin() });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fills and sends the login form of the page shown: the login page, or the one checkout sent a guest to. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await waitForHydration(page);
  await page.getByLabel('E-mail Id').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Logs in as a person does: the login form, then home. */
export async function logInThroughForm(page: Page, shopper: Shopper, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, shopper.email, password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
}

/** A new shopper, signed up and logged in through the API: the page's session cookie is theirs from here on. */
export async function logInNewShopper(page: Page, testInfo: TestInfo, tag: string, password = 'Kundan2024'): Promise<Shopper> {
  const shopper = newShopper(testInfo, tag);
  await signUp(page, shopper, password);
  const login = await page.request.post('/api/auth/login', { multipart: { username: shopper.username, password }, headers: ownOrigin() });
  expect(login.status(), await login.text()).toBe(200);
  return shopper;
}

/** The checkout's billing form filled with a valid Indian address (Country and Country code start as India's). */
export async function fillBilling(
  page: Page,
  overrides: Partial<Record<'First name' | 'Last name' | 'Address' | 'City' | 'Pincode' | 'Phone number' | 'State', string>> = {},
): Promise<void> {
  const { State: state = 'Tamil Nadu', ...rest } = overrides;
  const fields = {
    'First name': 'Meera',
    'Last name': 'Iyer',
    Address: '12 Temple Street, Mylapore',
    City: 'Chennai',
    Pincode: '600004',
    'Phone number': '9876543210',
    ...rest,
  };
  for (const [label, value] of Object.entries(fields)) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel('State', { exact: true }).selectOption(state);
  // An order of Rs. 2 lakh or more asks for the buyer's PAN (the field is shown only then).
  const pan = page.getByLabel('PAN', { exact: true });
  if (await pan.isVisible()) await pan.fill('ABCPE1234F');
}

/**
 * Pays on the payment step that Place Order led to, through the demo gateway's "Test payment" dialog (issue
 * 18), with a test instrument that is paid; lands on the thank-you page and answers the order number.
 */
export async function payOnDemo(page: Page, instrument = 'Test card Visa •••• 1111'): Promise<string> {
  await expect(page).toHaveURL(/\/checkout\/pay\/MIL-\d{4}-\d{6}$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: /^Pay Rs\./ }).click();
  const dialog = page.getByRole('dialog', { name: 'Test payment' });
  await dialog.getByLabel(instrument).check();
  await dialog.getByRole('button', { name: /^Pay Rs\./ }).click();
  await expect(page).toHaveURL(/\/thank-you\?order=MIL-\d{4}-\d{6}/);
  return (await page.getByTestId('order-number').textContent())!.trim();
}

/** The listing's filters: the sidebar on a wide screen; on a phone, the drawer the toolbar's Filters button opens. */
export async function listingFilters(page: Page): Promise<Locator> {
  if (!isMobile(page)) return page.getByRole('complementary', { name: 'Search and filters' });
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  if (!(await drawer.isVisible())) await page.getByRole('button', { name: 'Filters', exact: true }).click();
  return drawer;
}

/**
 * Ticks a filter value (named with its count: /^Gold \(\d+\)$/) and shows its results: beside the grid a tick applies
 * at once; in a phone's drawer, which stays open for more ticks (issue 40), Apply does.
 */
export async function chooseFilter(page: Page, name: RegExp): Promise<void> {
  const filters = await listingFilters(page);
  await filters.getByRole('checkbox', { name }).first().check();
  if (isMobile(page)) await filters.getByRole('button', { name: /^Apply/ }).click();
}

/**
 * The back office's first owner, made from ADMIN_EMAIL and ADMIN_PASSWORD by global-setup.ts's server. Specs must
 * never turn on this member's second factor nor the store's two-factor rule: other specs sign in with it meanwhile.
 */
export const E2E_OWNER = { email: process.env.E2E_OWNER_EMAIL ?? 'owner@milli.example', password: process.env.E2E_OWNER_PASSWORD ?? 'Owner-of-Milli-2026' };

/**
 * Signs a staff member in through /admin/login (issue 17) and waits for the back office. `totp` is the code to
 * type when the page asks for the second factor (a function is called at that moment, so a code computed from a
 * secret is fresh); a member with two-factor on must be given one.
 */
export async function staffSignIn(page: Page, member: { email: string; password: string; totp?: string | (() => string) }): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel(/^Password\b/).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (member.totp !== undefined) {
    const code = page.getByLabel('Authentication code');
    await expect(code).toBeVisible();
    // The password box keeps what was typed once the page hydrated; without it, type it again.
    const password = page.getByLabel(/^Password\b/);
    if ((await password.inputValue()) === '') await password.fill(member.password);
    await code.fill(typeof member.totp === 'function' ? member.totp() : member.totp);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }
  await expect(page).not.toHaveURL(/\/admin\/login/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/**
 * The owner (signed in on `page`) invites a member through /admin/staff (issue 39); the member opens the mailed link in
 * a browser of their own, chooses their password and lands in the back office, signed in. The owner's page stays as
 * it was. Roles are the screen's labels ('Design', 'Orders' …).
 */
export async function inviteStaff(page: Page, member: { name: string; email: string; roles: readonly string[]; password: string }): Promise<void> {
  await page.goto('/admin/staff');
  const form = page.getByRole('form', { name: 'Invite a staff member' });
  await form.getByLabel('Name').fill(member.name);
  await form.getByLabel('E-mail').fill(member.email);
  for (const role of member.roles) await form.getByLabel(role, { exact: true }).check();
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`${member.name} (${member.email}) is invited`)).toBeVisible();
  // The list shows them once the page has reloaded its data: signing out before would abort that load.
  await expect(page.getByRole('rowheader', { name: member.name })).toBeVisible();

  const link = await invitationLinkMailedTo(member.email);
  expect(link, 'the token travels after #, never in the query').toMatch(/\/admin\/invitation#token=[\w-]{43}$/);
  const context = await page.context().browser()!.newContext({ baseURL: process.env.MILLI_E2E_URL });
  try {
    const invitee = await context.newPage();
    await invitee.goto(new URL(link).pathname + new URL(link).hash);
    await expect(invitee.getByText(`Welcome, ${member.name}.`)).toBeVisible();
    // The token is out of the address bar once read.
    expect(new URL(invitee.url()).hash).toBe('');
    await invitee.getByLabel('New password').fill(member.password);
    await invitee.getByLabel('Repeat the password').fill(member.password);
    await invitee.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(invitee.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(invitee.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  } finally {
    await context.close();
  }
}

/** The invitation link of the newest invitation mailed to this address, read from the server's local mailbox. */
export async function invitationLinkMailedTo(email: string): Promise<string> {
  const mailbox = path.join(e2eDataDir(), 'mailbox');
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  let link: string | null = null;
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailbox).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
        for (const file of files) {
          const raw = (await readFile(path.join(mailbox, file), 'utf8')).replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
          if (!to.test(raw) || !/^Subject: .*invitation/im.test(raw)) continue;
          link = /https?:\/\/[^\s"<>]*\/admin\/invitation#token=[\w-]+/.exec(raw)?.[0] ?? null;
          if (link) break;
        }
        return link !== null;
      },
      { message: `an invitation mailed to ${email}`, timeout: 15_000 },
    )
    .toBe(true);
  return link!;
}

/** Signs the member out with the header's button and waits for the sign-in page. */
export async function staffSignOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  // The sign-in page rendered: the navigation is over, so a page.goto next interrupts no request of the page's.
  await expect(page.getByLabel('E-mail')).toBeVisible();
}

/**
 * The back office's navigation, opened first where it folds behind the Menu button (phones and small tablets).
 * The button works once the page has hydrated: a click before that is lost and the links stay hidden.
 */
export async function adminNav(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const menu = page.getByRole('button', { name: 'Menu' });
  await waitForHydration(page);
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') {
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  }
  return nav;
}

/**
 * axe-core on what the page shows now (WCAG 2.1 A and AA), once its entrance animations have ended: colours
 * are judged as the visitor reads them, not on a card still half transparent. All the results, and the
 * serious or critical violations.
 */
export async function axeCheck(page: Page) {
  await animationsDone(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return { results, serious: results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical') };
}

/** Waits until the page's entrance animations (those that end) have ended: what a screenshot or axe then sees is what a visitor reads. */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe-core's serious or critical violations on the page now, none expected; `what` names the page in the failure. */
export async function noSeriousAxe(page: Page, what: string): Promise<void> {
  const { serious } = await axeCheck(page);
  expect(serious.map((v) => `${what}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

/**
 * With SHOTS_DIR set: full-page screenshots from the top at each width (the desk at 1024 and 1440, the storefront
 * at 375 and 1440), then back to 1440 px.
 */
export async function shots(page: Page, name: string, widths: number[]): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** The newest mail in the e2e server's mailbox to `email` whose subject matches, waited for; its text with quoted-printable soft breaks undone. */
export async function mailTo(email: string, subject: RegExp): Promise<string> {
  const mailbox = path.join(e2eDataDir(), 'mailbox');
  const to = new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi');
  let found = '';
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailbox).catch(() => [] as string[]))
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse();
        for (const file of files) {
          const raw = await readFile(path.join(mailbox, file), 'utf8');
          const subjectLine = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
          if (to.test(raw) && subject.test(subjectLine)) {
            found = raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=');
            return true;
          }
        }
        return false;
      },
      // Mail goes out through the job engine (decision 042): at once after the request as a rule, and by the
      // every-minute flush at the latest; a loaded machine may need tens of seconds (within the test's own 60 s).
      { message: `a mail to ${email} with subject ${subject}`, timeout: 45_000 },
    )
    .toBe(true);
  return found;
}

/**
 * The tax invoice is issued at dispatch (issue 19): as the orders desk, through its API in a request context of its
 * own, records each weighed piece at its sold weight (a HUID each where hallmarked) and moves the order on to Out for Delivery.
 */
export async function dispatchAsStaff(request: APIRequestContext, orderNumber: string): Promise<void> {
  const headers = ownOrigin();
  // Absolute addresses: the store MILLI_E2E_URL names now (a spec may run its own).
  const api = (p: string) => `${headers.origin}${p}`;
  expect((await request.post(api('/api/admin/auth/login'), { data: { email: E2E_OWNER.email, password: E2E_OWNER.password }, headers })).status()).toBe(200);
  const url = api(`/api/admin/orders/${encodeURIComponent(orderNumber)}`);
  type Detail = {
    status: string;
    nextStatus: string | null;
    pieces: unknown[];
    lines: { lineId: number; quantity: number; recordedAtPacking: boolean; hallmarked: boolean; soldWeightMg: number | null }[];
  };
  const read = async () => (await (await request.get(url)).json()) as Detail;
  let order = await read();
  const huid = () => randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase();
  const pieces = order.lines
    .filter((l) => l.recordedAtPacking)
    .flatMap((l) =>
      Array.from({ length: l.quantity }, () => {
        const net = l.soldWeightMg ?? 1000;
        return { lineId: l.lineId, huid: l.hallmarked ? huid() : null, netWeightMg: net, grossWeightMg: net + 150 };
      }),
    );
  if (pieces.length > 0 && order.pieces.length === 0) expect((await request.post(`${url}/pieces`, { data: { pieces }, headers })).status()).toBe(200);
  while (order.nextStatus && order.status !== 'Out for Delivery') {
    const res = await request.post(`${url}/status`, {
      data: { status: order.nextStatus, courierName: 'Blue Dart', awbNumber: 'BD-20261124', trackingUrl: 'https://track.example/BD-20261124' },
      headers,
    });
    expect(res.status(), await res.text()).toBe(200);
    order = await read();
  }
  await request.post(api('/api/admin/auth/logout'), { headers });
}

/**
 * As the owner, through the desk's API in a request context of its own: signs in, does `work` with absolute
 * addresses (`api(path)`) and the same-origin header, and signs out whatever happens.
 */
export async function asOwner<T>(request: APIRequestContext, work: (api: (p: string) => string, headers: { origin: string }) => Promise<T>): Promise<T> {
  const headers = ownOrigin();
  const api = (p: string) => `${headers.origin}${p}`;
  expect((await request.post(api('/api/admin/auth/login'), { data: { email: E2E_OWNER.email, password: E2E_OWNER.password }, headers })).status()).toBe(200);
  try {
    return await work(api, headers);
  } finally {
    await request.post(api('/api/admin/auth/logout'), { headers });
  }
}

/** The owner marks a dispatched order (dispatchAsStaff) Delivered, through the desk's API. */
export async function deliverAsStaff(request: APIRequestContext, orderNumber: string): Promise<void> {
  await asOwner(request, async (api, headers) => {
    const res = await request.post(api(`/api/admin/orders/${encodeURIComponent(orderNumber)}/status`), { data: { status: 'Delivered' }, headers });
    expect(res.status(), await res.text()).toBe(200);
  });
}
