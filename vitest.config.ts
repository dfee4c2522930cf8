import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['lint/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one worker on CI's two-core machine. The tests wait on the
    // database and on sockets as much as they compute, so two share two cores well (issue 36: CI under 20 minutes).
    maxWorkers: 2,
    // A worker keeps the modules it has loaded from one test file to the next (each file still runs afresh, with its
    // own app and database). Loading the server's module graph again for every file took a quarter of the run: on 29
    // files of catalog and orders, 195 s isolated, 110 s not. Files that stub a module or a global undo it themselves.
    isolate: false,
  },
});
