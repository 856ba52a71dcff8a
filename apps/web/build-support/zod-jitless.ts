// The browser loads zod through this module (vite.config.ts). Zod probes `new Function` when it builds its first
// object schema; the page's CSP allows no eval, so the probe fails quietly but the browser still reports a CSP
// violation. Jitless mode skips the probe. This body runs before any module that imports zod builds a schema.
import { config } from 'zod';

export * from 'zod';
export { default } from 'zod';

config({ jitless: true });
