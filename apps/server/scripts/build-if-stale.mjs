/**
 * `npm start`'s first step (issue 40): builds only when the sources changed since the last build. A fingerprint of
 * every source file (its path, size and modification time: a stat each, no reading) is compared with the one the last
 * successful build left in apps/server/build/.sources-stamp; the same fingerprint and both builds present skip the
 * build (a second or so), anything else runs `npm run build` and writes the new fingerprint. `--force` always builds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const STAMP = 'apps/server/build/.sources-stamp';
/** What the builds read: the apps and packages (less their outputs and tests' leftovers) and the manifests. */
const ROOTS = ['apps/server', 'apps/web', 'packages', 'package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIP = new Set(['node_modules', 'build', '.react-router', 'test-results', 'playwright-report', 'data', 'e2e']);
/** The outputs `npm start` runs: without them the build runs whatever the stamp says. */
const OUTPUTS = ['apps/server/build/main.mjs', 'apps/web/build/server/index.js'];

function* files(relative) {
  const full = path.join(repoRoot, relative);
  if (!existsSync(full)) return;
  const stat = statSync(full);
  if (stat.isFile()) {
    yield [relative, stat];
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.')) continue;
    yield* files(path.join(relative, entry.name));
  }
}

/** The sources' fingerprint: any file added, removed, resized or touched changes it. */
export function sourcesFingerprint(roots = ROOTS) {
  const hash = createHash('sha256');
  const listed = [];
  for (const root of roots) for (const [file, stat] of files(root)) listed.push(`${file}\0${stat.size}\0${Math.trunc(stat.mtimeMs)}`);
  for (const line of listed.sort()) hash.update(`${line}\n`);
  return hash.digest('hex');
}

/** Whether the last build is of these very sources. */
export function buildIsCurrent(fingerprint = sourcesFingerprint()) {
  if (!OUTPUTS.every((output) => existsSync(path.join(repoRoot, output)))) return false;
  const stamp = path.join(repoRoot, STAMP);
  return existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === fingerprint;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const before = sourcesFingerprint();
  if (!process.argv.includes('--force') && buildIsCurrent(before)) {
    console.log('The build is current (no source changed since it was made): starting it. `npm run build` rebuilds by hand.');
  } else {
    const built = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) process.exit(built.status ?? 1);
    // The fingerprint taken before the build: a source edited during it makes the next start build again.
    writeFileSync(path.join(repoRoot, STAMP), `${before}\n`);
  }
}
