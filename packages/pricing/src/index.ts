export * from './money.ts';
export * from './price.ts';
