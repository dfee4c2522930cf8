import { expect, it } from 'vitest';
import { adminListQuery } from '@milli/contracts/schemas';
it('reads the common list query with its defaults and refuses what no list offers', () => {
  const q = adminListQuery(['name', 'updated']);
  expect(q.parse({})).toEqual({ sort: 'name', dir: 'asc', page: 1, perPage: 25 });
  expect(q.parse({ q: ' ring ', sort: 'updated', dir: 'desc', page: '3', perPage: '50' })).toEqual({
    q: 'ring',
    sort: 'updated',
    dir: 'desc',
    page: 3,
    perPage: 50,
  });
  expect(q.safeParse({ perPage: '30' }).success).toBe(false);
  expect(q.safeParse({ sort: 'x' }).success).toBe(false);
});
