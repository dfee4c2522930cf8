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
  },
});
