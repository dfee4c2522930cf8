/**
 * Issue 40, decision 066: the catalogue desk uploads a piece's 360° turn as photographed frames on the product's page
 * (too few are refused in words), the shop then turns the piece in those frames with its slider, and removing the
 * turn gives the demo piece its drawn turn back. The back office at 1024 and 1440 px, the shop at 375 and 1440.
 */
import sharp from 'sharp';
import type { APIRequestContext } from '@playwright/test';
import { E2E_OWNER, expect, noSeriousAxe, shots, test, waitForHydration } from './fixtures.ts';

/** A demo bangle that turns in its drawings (other specs turn rings). */
async function turningBangle(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const list = (await (await request.get('/api/product/productList?category=Bangles')).json()) as { data: { product_id: number }[] };
  for (const p of list.data) {
    const d = (
      (await (await request.get(`/api/product/find-by-id/${p.product_id}`)).json()) as {
        data: { product_id: number; product_name: string; product_spin: string[] };
      }
    ).data;
    if (d.product_spin.length > 0 && d.product_spin[0]!.startsWith('/media/art/')) return { id: d.product_id, name: d.product_name };
  }
  throw new Error('no turning bangle');
}

/** Photographed frames of a bangle turning once round, named frame-1.jpg … in order. */
async function frames(count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const squeeze = Math.abs(Math.cos((i / count) * Math.PI));
      const rx = Math.round(200 * squeeze + 14);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="#f6efe3"/>
        <ellipse cx="300" cy="300" rx="${rx}" ry="200" fill="none" stroke="#c9a227" stroke-width="34"/>
        <circle cx="${Math.round(300 + Math.sin((i / count) * 2 * Math.PI) * rx)}" cy="300" r="18" fill="#b0123a"/></svg>`;
      return { name: `frame-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer() };
    }),
  );
}

test('the catalogue desk uploads a turn of photographed frames, the shop turns the piece in them, and removing it brings the drawings back', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop-1440', 'the back office journey runs once, at desktop size');
  const piece = await turningBangle(request);
  const res = await page.request.post('/api/admin/auth/login', { data: { email: E2E_OWNER.email, password: E2E_OWNER.password } });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto(`/admin/products/${piece.id}`);
  await waitForHydration(page);

  const turn = page.getByRole('region', { name: '360° turn' });
  await expect(turn.getByText('No photographed turn yet.')).toBeVisible();
  await turn.getByLabel('Add a turn').setInputFiles(await frames(5));
  await turn.getByRole('button', { name: 'Send the frames' }).click();
  await expect(page.getByRole('region', { name: '360° turn' }).getByText(/at least 8 frames.*You sent 5\./)).toBeVisible();

  // Chosen in any order: the page sends them by their names (frame-2 before frame-10).
  const twelve = await frames(12);
  await page
    .getByRole('region', { name: '360° turn' })
    .getByLabel('Add a turn')
    .setInputFiles([...twelve].reverse());
  await page.getByRole('region', { name: '360° turn' }).getByRole('button', { name: 'Send the frames' }).click();
  await expect(page.getByText('360° turn added: the shop turns the piece in these frames.')).toBeVisible({ timeout: 60_000 });
  const now = page.getByRole('region', { name: '360° turn' });
  await expect(now.getByText(/^12 frames, 1280 × 1280 px/)).toBeVisible();
  await expect(now.getByRole('list', { name: 'Some of the 12 frames, in order' }).getByRole('img')).toHaveCount(8);
  // The field is empty again: what was sent is not sent twice by a second click.
  expect(await now.getByLabel('Replace the turn').evaluate((input: HTMLInputElement) => input.files?.length)).toBe(0);
  await noSeriousAxe(page, 'product editor with its turn');
  await shots(page, 'spin-frames-desk', [1024, 1440]);

  // The shop: the turn's thumbnail, then a slider over staff's frames (a srcset at the stage's widths).
  await page.goto(`/product-detail/${piece.id}`);
  await waitForHydration(page);
  await page
    .getByRole('list', { name: 'Views of this piece' })
    .getByRole('link', { name: `Turn ${piece.name} through 360°` })
    .click();
  const slider = page.getByRole('slider', { name: `Turn ${piece.name}` });
  const frame = slider.getByRole('img');
  await expect(slider).toHaveAttribute('aria-valuenow', '0');
  await expect(frame).toHaveAttribute('src', new RegExp(`^/media/catalogue/products/${piece.id}/[a-f0-9]{16}-640\\.webp$`));
  await expect(frame).toHaveAttribute('srcset', /-640\.webp 640w, .*-960\.webp 960w, .*-1280\.webp 1280w$/);
  const first = await frame.getAttribute('src');
  await slider.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  // Twelve frames: 30° a step.
  await expect(slider).toHaveAttribute('aria-valuenow', '90');
  await expect(frame).not.toHaveAttribute('src', first!);
  await expect.poll(() => frame.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await noSeriousAxe(page, 'product page turning in photographed frames');
  await shots(page, 'spin-frames-shop', [375, 1440]);

  // Removed: the demo piece turns in its drawings again.
  await page.goto(`/admin/products/${piece.id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Remove the turn' }).click();
  await page.getByRole('dialog', { name: 'Remove the 360° turn?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('360° turn removed.')).toBeVisible();
  await expect(page.getByRole('region', { name: '360° turn' }).getByText('No photographed turn yet.')).toBeVisible();
  await page.goto(`/product-detail/${piece.id}?view=spin`);
  await expect(page.getByRole('slider', { name: `Turn ${piece.name}` }).getByRole('img')).toHaveAttribute('src', /-spin-00\.svg$/);
});
