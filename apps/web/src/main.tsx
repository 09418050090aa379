import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { wordsLoaded } from './lib/i18n.ts';
import './styles.css';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/router.tsx';
import { queryClient } from './lib/query-client.ts';
import { clientInfoQuery, storedUserId } from './features/auth/index.ts';

// A returning owner's session, assistants and page code are asked for now, side by side, rather
// than once React has rendered down to the components that need them.
const userId = storedUserId();
if (userId) {
  void queryClient.prefetchQuery(clientInfoQuery(userId));
  void import('./features/bots/api/use-bots.ts').then(({ prefetchBots }) => prefetchBots(queryClient)).catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** How long the first render waits for the page's code and words (index.html shows its loading screen meanwhile). */
const codeWaitMs = 1500;
/** How long after the first render pages still appear without their entrance. */
const firstLoadMs = 2000;

// The first render waits for the page's code and words, so it shows the page rather than a spinner first.
const pageReady = Promise.all([preloadRoute(window.location.pathname, userId !== null), wordsLoaded()]);
void Promise.race([pageReady, new Promise((resolve) => setTimeout(resolve, codeWaitMs))]).then(() => {
  const root = createRoot(container);
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread until the whole page is built; the loading screen stays meanwhile.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // Pages opened from here on rise into view; the first one (and what its data fills in) does not.
  setTimeout(() => document.documentElement.classList.remove('first-load'), firstLoadMs);
});
