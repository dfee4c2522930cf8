import { describe, expect, expectTypeOf, it } from 'vitest';
import { API_ANSWERS, answerSchemaOf, apiRouteOf, type ApiAnswer, type ApiPath, type ApiRoute, type ApiRouteOf } from './api.ts';
import type { AdminProduct, OrderDetail, OrderListAnswer, OrderStatusAnswer, PriceCard, StoreSettings } from './schemas.ts';

describe('a path finds its route in the API map', () => {
  it('leaves the query string off and lets a parameter take one segment', () => {
    expect(apiRouteOf('GET', '/api/orders?list=current&page=2')).toBe('GET /api/orders');
    expect(apiRouteOf('get', '/api/orders/MIL-12')).toBe('GET /api/orders/:orderNumber');
    expect(apiRouteOf('POST', '/api/orders/MIL-12/cancel')).toBe('POST /api/orders/:orderNumber/cancel');
    expect(apiRouteOf('GET', '/api/orders/MIL-12/cancel')).toBeUndefined();
    expect(apiRouteOf('GET', '/api/orders/')).toBeUndefined();
    expect(apiRouteOf('DELETE', '/api/orders')).toBeUndefined();
  });

  it('prefers the route with a fixed segment where another has a parameter, as Fastify does', () => {
    expect(apiRouteOf('GET', '/api/admin/products/price-card')).toBe('GET /api/admin/products/price-card');
    expect(apiRouteOf('GET', '/api/admin/products/12')).toBe('GET /api/admin/products/:id');
    expect(apiRouteOf('POST', '/api/appointments/manage/cancel')).toBe('POST /api/appointments/manage/cancel');
    expect(apiRouteOf('POST', '/api/appointments/4/cancel')).toBe('POST /api/appointments/:id/cancel');
  });

  it('finds every route of the map from a path made of its own pattern', () => {
    for (const route of Object.keys(API_ANSWERS) as ApiRoute[]) {
      const [method = '', pattern = ''] = route.split(' ');
      expect(apiRouteOf(method, pattern.replace(/:\w+/g, 'p1'))).toBe(route);
      expect(answerSchemaOf(method, pattern.replace(/:\w+/g, 'p1'))).toBe(API_ANSWERS[route]);
    }
  });

  it('types an answer by its path, template literals and query strings included', () => {
    const n = 'MIL-1' as string;
    const page = 2 as number;
    const answer = <M extends 'GET' | 'POST', P extends string>(_method: M, _path: ApiPath<M, P>) => null as unknown as ApiAnswer<M, P>;
    expectTypeOf(answer('GET', '/api/settings')).toEqualTypeOf<StoreSettings>();
    expectTypeOf(answer('GET', `/api/orders?list=current&page=${page}`)).toEqualTypeOf<OrderListAnswer>();
    expectTypeOf(answer('GET', `/api/orders/${encodeURIComponent(n)}`)).toEqualTypeOf<OrderDetail>();
    expectTypeOf(answer('POST', `/api/orders/${n}/cancel`)).toEqualTypeOf<OrderStatusAnswer>();
    expectTypeOf(answer('GET', '/api/admin/products/price-card')).toEqualTypeOf<PriceCard>();
    expectTypeOf(answer('GET', `/api/admin/products/${page}`)).toEqualTypeOf<AdminProduct>();
    // @ts-expect-error: a parameter never takes a slash, so this is no GET route
    answer('GET', `/api/orders/${n}/cancel`);
    // @ts-expect-error: no such route
    answer('GET', '/api/nowhere');
    // @ts-expect-error: a path not known when compiled is refused
    answer('GET', n);
    expectTypeOf<ApiRouteOf<'GET', `/api/admin/exchanges${string}`>>().toBeNever();
  });
});
