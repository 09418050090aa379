import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lib/i18n.ts';
import './styles.css';
import { App } from './app/app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
