export * from './money.ts';
export * from './price.ts';
export * from './choice.ts';
export * from './harvest.ts';
