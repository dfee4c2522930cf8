/**
 * Bundles the server (apps/server/src/main.ts and the workspace packages it imports) into one ES module,
 * apps/server/build/main.mjs, for `npm start`: plain Node runs it, without the TypeScript loader that
 * development and the tests use (about 35 MB of memory and a slower start). Packages from the registry stay
 * outside the bundle and load from node_modules as usual.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
// Each workspace package declares its own dependencies (decision 027): the registry's packages are those
// named by the root or any workspace, less the workspace packages themselves, which are bundled.
const readManifest = (dir) => JSON.parse(readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
const root = readManifest('.');
const workspaces = root.workspaces.flatMap((pattern) =>
  readdirSync(path.join(repoRoot, pattern.replace(/\/\*$/, '')), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(repoRoot, pattern.replace(/\/\*$/, ''), entry.name, 'package.json')))
    .map((entry) => readManifest(path.join(pattern.replace(/\/\*$/, ''), entry.name))),
);
const ours = new Set(workspaces.map((m) => m.name));
const fromRegistry = [...new Set([root, ...workspaces].flatMap((m) => Object.keys({ ...m.dependencies, ...m.devDependencies })))].filter(
  (name) => !ours.has(name),
);

const result = await build({
  absWorkingDir: repoRoot,
  entryPoints: ['apps/server/src/main.ts'],
  outdir: 'apps/server/build',
  outExtension: { '.js': '.mjs' },
  // A module the server imports only when it needs it (`await import(…)`: the S3 file store and with it the AWS SDK)
  // becomes a chunk of its own, loaded then, instead of at every start (about 8 MB of memory a store without S3 keeps).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Every package from the registry, with its subpaths (react-dom/server, drizzle-orm/pg-core …).
  external: fromRegistry.flatMap((name) => [name, `${name}/*`]),
  metafile: true,
  logLevel: 'warning',
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(`server bundled: apps/server/build/main.mjs and chunks/ (${Math.round(bytes / 1024)} KB with their source maps)`);
