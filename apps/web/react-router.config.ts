import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  // The whole route manifest is one cached file, not a partial one computed and inlined in every page (decision 025).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
