import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadPreloadedMessages } from './lib/browser-messages.ts';

// The first render must match the server's, texts included: hydrate once the page's messages are here.
await loadPreloadedMessages();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
