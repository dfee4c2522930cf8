import { describe, expect, it } from 'vitest';
import type { ImportStreamLine } from '@milli/contracts/schemas';
import { ndjsonReader } from './upload.ts';

describe('the streamed import answer', () => {
  it('hears each complete line once, as the text grows, and waits for the rest of a cut line', () => {
    const heard: ImportStreamLine[] = [];
    const read = ndjsonReader((line) => heard.push(line));
    const first = '{"type":"progress","phase":"check","done":500,"total":1200}\n{"type":"prog';
    read(first);
    expect(heard).toEqual([{ type: 'progress', phase: 'check', done: 500, total: 1200 }]);
    const all = `${first}ress","phase":"write","done":1200,"total":1200}\n{"type":"report","report":{"rows":1}}\n`;
    read(all);
    read(all);
    expect(heard.map((l) => l.type)).toEqual(['progress', 'progress', 'report']);
  });

  it('skips a line that is not JSON', () => {
    const heard: ImportStreamLine[] = [];
    ndjsonReader((line) => heard.push(line))('<html>\n{"type":"error","code":"INTERNAL","message":"x"}\n');
    expect(heard).toEqual([{ type: 'error', code: 'INTERNAL', message: 'x' }]);
  });
});
