import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { quietAbortedLoads } from './lib/aborted-loads.ts';

// Before the router starts: a load it calls off is not an error (lib/aborted-loads.ts).
quietAbortedLoads(window);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
