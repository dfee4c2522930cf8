import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // Every route is in the manifest a page loads first (decision 035): lazy discovery fetched /__manifest twice after
  // hydration, and each answer patched the router's routes, which rendered every link on the page again.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
