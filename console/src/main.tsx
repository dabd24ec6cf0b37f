import { loadPasswordLists } from '@oppslag/common';
import { QueryClientProvider } from '@tanstack/react-query';
import { Provider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './api/query-client';
import './i18n/index';
import './index.css';
import { prefetchForBoot } from './routes/prefetch';
import { createRouter } from './routes/router';
import { loadInstallStatus } from './state/install-status';
import { store } from './state/store';

void loadInstallStatus();
// zxcvbn's common-password lists (~235 kB gzipped) come after the first paint, not before it.
window.addEventListener('load', () => void loadPasswordLists(), { once: true });
prefetchForBoot(window.location.pathname);
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Provider store={store}>
        <RouterProvider router={router} />
      </Provider>
    </QueryClientProvider>
  </StrictMode>,
);
