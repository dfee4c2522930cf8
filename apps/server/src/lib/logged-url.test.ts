import { describe, expect, it } from 'vitest';
import { HIDDEN, loggedUrl } from './logged-url.ts';

describe('the address the log may show', () => {
  it('hides the value of every query parameter not named safe, keeping its name', () => {
    expect(loggedUrl('/reset-password?link=Ab_-0123456789abcdefghijklmnop')).toBe(`/reset-password?link=${HIDDEN}`);
    expect(loggedUrl('/otp?email=asha%40example.in')).toBe(`/otp?email=${HIDDEN}`);
    expect(loggedUrl('/api/appointments/manage?token=abcdefghijklmnopqrstuvwxyz')).toBe(`/api/appointments/manage?token=${HIDDEN}`);
    // A complaint's link from its mail (issue 38), and the loader's data request for it.
    expect(loggedUrl('/help/ticket?key=Ab_-0123456789abcdefghijklmnop')).toBe(`/help/ticket?key=${HIDDEN}`);
    expect(loggedUrl('/help/ticket.data?key=Ab_-0123456789abcdefghijklmnop')).toBe(`/help/ticket.data?key=${HIDDEN}`);
    expect(loggedUrl('/api/admin/orders?q=%2B91%2098765%2043210&status=Placed')).toBe(`/api/admin/orders?q=${HIDDEN}&status=Placed`);
    // The back office's one search box (issue 39): its page, the page's data request and the API it asks.
    expect(loggedUrl('/admin/search?q=%2B91+98765+43210')).toBe(`/admin/search?q=${HIDDEN}`);
    expect(loggedUrl('/admin/search.data?q=asha%40example.in')).toBe(`/admin/search.data?q=${HIDDEN}`);
    expect(loggedUrl('/api/admin/search?q=Meera%20Iyer')).toBe(`/api/admin/search?q=${HIDDEN}`);
    // The orders desk's filters and export say what was asked without a personal value: days, the method, the queue.
    expect(loggedUrl('/api/admin/orders.csv?q=09876543210&from=2026-03-01&to=2026-03-31&method=cod&status=Picked')).toBe(
      `/api/admin/orders.csv?q=${HIDDEN}&from=2026-03-01&to=2026-03-31&method=cod&status=Picked`,
    );
    // A name the store never uses is hidden by default, and so is a bare part or a name that is not a plain word.
    expect(loggedUrl('/x?utm_thing=secret&abc123secret&%E0%A4%A=1')).toBe(`/x?utm_thing=${HIDDEN}&${HIDDEN}&${HIDDEN}=${HIDDEN}`);
    expect(loggedUrl(`/x?${'n'.repeat(60)}=1`)).toBe(`/x?${HIDDEN}=${HIDDEN}`);
  });

  it("keeps the listing's filters and pages, the path as it is, and an address without a query unchanged", () => {
    expect(loggedUrl('/api/product/productList?material=gold&minPrice=50000&maxPrice=75000&sort=16&page=2')).toBe(
      '/api/product/productList?material=gold&minPrice=50000&maxPrice=75000&sort=16&page=2',
    );
    expect(loggedUrl('/orders/MIL-2026-000123')).toBe('/orders/MIL-2026-000123');
    expect(loggedUrl('/?')).toBe('/?');
    expect(loggedUrl('/p?page=1#top')).toBe('/p?page=1');
  });
});
