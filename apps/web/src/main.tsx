import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n.ts';
import './styles.css';
import { App } from './app/app.tsx';
import { queryClient } from './lib/query-client.ts';
import { clientInfoQuery } from './features/auth/api/client-info.ts';
import { storedUserId } from './features/auth/remember-session.ts';

// A returning owner's session and assistants are asked for now, beside the page's code, rather
// than once React has rendered down to the components that need them.
const userId = storedUserId();
if (userId) {
  void queryClient.prefetchQuery(clientInfoQuery(userId));
  void import('./features/bots/api/use-bots.ts').then(({ prefetchBots }) => prefetchBots(queryClient)).catch(() => undefined);
}

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
