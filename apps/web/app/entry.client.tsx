import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { runsOnPreact } from './lib/browser-runtime.ts';

/**
 * HydratedRouter first decodes the server's state and suspends (throws a promise) until that is done. React
 * waits at the root by itself; Preact, which runs the production browser build (decision 009), would fail to
 * hydrate instead. There, calling it once beforehand starts the decoding, and calling it again after creates
 * the router it keeps; both calls stop at its first hook, as a component called outside rendering does.
 */
async function prepareRouter() {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      HydratedRouter({});
      return;
    } catch (thrown) {
      if (!(thrown instanceof Promise)) return;
      await thrown;
    }
  }
}

if (runsOnPreact) await prepareRouter();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
