export * from './client.ts';
export * as schema from './schema.ts';
export { cartOptionsKey, type CartLineOptions } from './schema.ts';
export * from './art.ts';
export * from './art-views.ts';
export * from './search.ts';
export * from './errors.ts';
export { placeholderValue, preparedQuery, preparedStatement } from './prepared.ts';
