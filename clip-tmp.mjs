import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4718';
const [, , url, name, width, ...ops] = process.argv;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
const page = await ctx.newPage();
const origin = { origin: base };
const u = process.env.SHOT_USER;
await page.request.post(base + '/api/auth/login', { multipart: { username: u, password: 'Kundan2024' }, headers: origin });
await page.goto(base + url);
await page.waitForTimeout(800);
for (const op of ops) if (op.startsWith('check:')) await page.getByLabel(op.slice(6)).check();
// hide the sticky header so it does not cover the page in a full-page shot
await page.addStyleTag({ content: 'header, .site-header, .navbar, .main-nav { position: static !important; }' });
const h = await page.evaluate(() => document.documentElement.scrollHeight);
const top = Number(process.env.TOP ?? 200);
for (let y = top, i = 0; y < Math.min(h, top + 3600); y += 1200, i++) {
  await page.screenshot({ path: `/tmp/b-shots/${name}-${width}-${i}.png`, fullPage: true, clip: { x: 0, y, width: Number(width), height: Math.min(1200, h - y) } });
}
await browser.close();
