import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The boundaries of the code, kept by lint (decision 027, STYLE.md): which folder may import which.
 * Each zone forbids imports into `target` from `from`; the folder lists are read from disk, so a new module or
 * feature is fenced in the moment it exists.
 */
const dirs = (path) =>
  readdirSync(path, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const serverModules = dirs('apps/server/src/modules');
const webFeatures = dirs('apps/web/app/features');
// A module is reached through its service.ts alone (issue 36): never its repository, routes or internal files. Tests
// and test helpers may set up another module's rows with its factories (orders/testing.ts).
const moduleZones = serverModules.map((name) => ({
  target: serverModules.filter((other) => other !== name).map((other) => `./apps/server/src/modules/${other}`),
  from: `./apps/server/src/modules/${name}`,
  except: ['./service.ts'],
  message: "Call that module's service.ts: a module never imports another module's other files (export what others need from service.ts).",
}));
const boundaryZones = [
  ...moduleZones,
  // The web app speaks HTTP to the server: it never imports the server's code or the database package.
  {
    target: './apps/web/app',
    from: ['./apps/server', './packages/db'],
    message: 'The web app never imports the server or the database: it asks the API, whose answers @milli/contracts types.',
  },
  // Modules are composed by app.ts and services.ts; they never import the composition root (ModuleDeps live in deps.ts,
  // the shared services reach a module as deps.services).
  {
    target: './apps/server/src/modules',
    from: ['./apps/server/src/app.ts', './apps/server/src/services.ts'],
    message: 'Import ModuleDeps from deps.ts, not the composition root; the shared services come as deps.services.',
  },
  // The server's plugins are the frame every module runs in: they never import a module.
  {
    target: './apps/server/src/plugins',
    from: './apps/server/src/modules',
    message: 'A plugin never imports a module: move the shared piece to apps/server/src/lib.',
  },
  {
    target: './apps/server/src/lib',
    from: ['./apps/server/src/modules', './apps/server/src/plugins'],
    message: 'lib/ is the bottom layer: it imports neither modules nor plugins.',
  },
  // A feature never reaches into another feature; shared pieces move down to components/ or lib/.
  ...webFeatures.map((name) => ({
    target: `./apps/web/app/features/${name}`,
    from: webFeatures.filter((other) => other !== name).map((other) => `./apps/web/app/features/${other}`),
    message: 'Features do not import each other: move the shared piece to components/ or lib/.',
  })),
  // components/ and lib/ are below the features and the screens.
  {
    target: ['./apps/web/app/components', './apps/web/app/lib'],
    from: ['./apps/web/app/features', './apps/web/app/routes'],
    message: 'components/ and lib/ never import features or routes.',
  },
  // The packages are below both apps.
  { target: './packages', from: './apps', message: 'A package never imports an app.' },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/build/**', '**/.react-router/**', 'data/**', 'test-results/**', 'playwright-report/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use crypto or a seeded PRNG.' }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    files: ['**/*.test.ts', '**/testing.ts', 'apps/server/src/testing*.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: boundaryZones.filter((zone) => !moduleZones.includes(zone)) }] },
  },
  {
    // The database is touched only in repository files and packages/db (STYLE.md); tests and test helpers set up rows directly.
    files: ['apps/**/*.{ts,tsx}'],
    ignores: ['**/repository.ts', '**/*-repository.ts', '**/*.test.ts', '**/testing.ts', 'apps/server/src/testing-*.ts', 'apps/server/src/reliability/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: 'Query the database in a repository.ts (STYLE.md).' }],
          patterns: [{ group: ['drizzle-orm/*'], message: 'Query the database in a repository.ts (STYLE.md).' }],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Configuration is read in one place only (STYLE.md): config.ts.
    files: ['apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.ts', '**/testing.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in config.ts.' }] },
  },
  {
    // A database handle is typed by what made it, never forced (issue 38: `as unknown as Db` had come back in prepared.ts).
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression[typeAnnotation.typeName.name=/^(Db|Tx)$/] > TSAsExpression[typeAnnotation.type='TSUnknownKeyword']",
          message: 'Do not force a value to be a database handle: build a real one (see RecordingSession in packages/db/src/prepared.ts).',
        },
      ],
    },
  },
);
