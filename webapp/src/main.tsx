import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { preloadRoute } from './app/router';
import { createQueryClient } from './lib/react-query';

import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root element');

const queryClient = createQueryClient();
preloadRoute(window.location.pathname, queryClient);

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
