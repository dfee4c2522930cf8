/**
 * A load the router calls off is not an error (lib/aborted-loads.ts): when a form or a link interrupts a navigation
 * whose data was half read, React Router 7's stream decoder leaves two promises rejected with the abort, which the
 * browser reported as uncaught errors. The page's listener keeps exactly those out of the console, on the
 * storefront and in the back office; any other uncaught rejection is still reported.
 */
import { E2E_OWNER, expect, staffSignIn, test, waitForHydration } from './fixtures.ts';

for (const path of ['/', '/admin']) {
  test(`${path}: an abort left unhandled is not reported; any other rejection is`, async ({ browser, baseURL }) => {
    // A page of its own: the suite's console guard would count the real failure this test makes on purpose.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    if (path === '/admin') await staffSignIn(page, E2E_OWNER);
    await page.goto(path);
    await waitForHydration(page);
    await page.evaluate(() => {
      const controller = new AbortController();
      controller.abort();
      void Promise.reject(controller.signal.reason);
      void Promise.reject(new DOMException('signal is aborted without reason', 'AbortError'));
    });
    // Rejections are reported after the task that made them; a real failure after the aborts shows they were looked at.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(errors).toEqual([]);
    await page.evaluate(() => {
      void Promise.reject(new Error('a real failure, still reported'));
    });
    await expect.poll(() => errors).toEqual(['a real failure, still reported']);
    await context.close();
  });
}
