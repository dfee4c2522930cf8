export * from './money.ts';
export * from './price.ts';
export * from './choice.ts';
export * from './words.ts';
export * from './gst.ts';
export * from './totals.ts';
export * from './harvest.ts';
export * from './hallmark.ts';
