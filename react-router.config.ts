import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
  // every route is in the first page's manifest (a dozen small entries), so a page opened
  // from the service worker's copy can navigate offline without asking /__manifest
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
