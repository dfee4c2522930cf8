/** The backup file's tar (issue 37): what it writes any tar tool reads, and what it reads back is what was written. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryBuffer, tarEntries, TarWriter } from './tar.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'milli-tar-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* pieces(...texts: string[]) {
  for (const text of texts) yield Buffer.from(text);
}

describe('tar', () => {
  it('writes short, split and long names and streamed entries that tar lists and this reader reads back', async () => {
    const file = path.join(dir, 'names.tar');
    const split = `uploads/${'a'.repeat(60)}/${'b'.repeat(60)}/file.webp`; // over 100 bytes: ustar's prefix
    const long = `uploads/${'c'.repeat(200)}/${'d'.repeat(120)}.webp`; // no ustar split fits: a PAX header
    const writer = await TarWriter.create(file);
    const written = [
      await writer.addBuffer('MILLI-BACKUP', Buffer.from('first\n')),
      await writer.addStream(split, pieces('one ', 'two')),
      await writer.addStream(long, pieces('x'.repeat(1000))),
      await writer.addBuffer('empty', Buffer.alloc(0)),
    ];
    await writer.finish();
    expect(written.map((w) => w.bytes)).toEqual([6, 7, 1000, 0]);
    expect(execFileSync('tar', ['tf', file], { encoding: 'utf8' }).trim().split('\n')).toEqual(['MILLI-BACKUP', split, long, 'empty']);
    expect(execFileSync('tar', ['xOf', file, split], { encoding: 'utf8' })).toBe('one two');

    const handle = await open(file, 'r');
    try {
      const entries = [];
      for await (const entry of tarEntries(handle)) entries.push({ name: entry.name, text: (await entryBuffer(handle, entry)).toString() });
      expect(entries).toEqual([
        { name: 'MILLI-BACKUP', text: 'first\n' },
        { name: split, text: 'one two' },
        { name: long, text: 'x'.repeat(1000) },
        { name: 'empty', text: '' },
      ]);
    } finally {
      await handle.close();
    }
  });

  it('never overwrites a file', async () => {
    const file = path.join(dir, 'once.tar');
    await (await TarWriter.create(file)).finish();
    await expect(TarWriter.create(file)).rejects.toThrow(/EEXIST/);
  });
});
