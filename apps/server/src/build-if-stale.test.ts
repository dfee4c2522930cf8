/**
 * `npm start` builds only when a source changed (issue 40, apps/server/scripts/build-if-stale.mjs): the sources'
 * fingerprint changes when a file is added, resized or touched, and stays the same otherwise.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types, run by node before the build exists
import { sourcesFingerprint } from '../scripts/build-if-stale.mjs';

const fingerprint = sourcesFingerprint as (roots: string[]) => string;
const repoRoot = path.resolve(import.meta.dirname, '../../..');
// A folder of its own inside the repository (the fingerprint reads paths relative to its root).
const dir = mkdtempSync(path.join(repoRoot, 'apps/server/.stale-test-'));
const rel = path.relative(repoRoot, dir);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the start script’s fingerprint of the sources', () => {
  it('is the same for the same files, and changes when one is added, resized or touched', () => {
    writeFileSync(path.join(dir, 'a.ts'), 'export const a = 1;\n');
    const first = fingerprint([rel]);
    expect(fingerprint([rel])).toBe(first);

    writeFileSync(path.join(dir, 'b.ts'), 'export const b = 2;\n');
    const added = fingerprint([rel]);
    expect(added).not.toBe(first);

    writeFileSync(path.join(dir, 'b.ts'), 'export const b = 22;\n');
    const resized = fingerprint([rel]);
    expect(resized).not.toBe(added);

    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(dir, 'b.ts'), later, later);
    expect(fingerprint([rel])).not.toBe(resized);
  });

  it('leaves out build outputs and dependencies', () => {
    writeFileSync(path.join(dir, 'c.ts'), 'export const c = 3;\n');
    const before = fingerprint([rel]);
    for (const skipped of ['build', 'node_modules']) {
      mkdirSync(path.join(dir, skipped), { recursive: true });
      writeFileSync(path.join(dir, skipped, 'out.js'), 'built();\n');
    }
    expect(fingerprint([rel])).toBe(before);
  });
});
