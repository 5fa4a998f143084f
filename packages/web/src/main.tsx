import './lib/zod-jitless';
import './ui/fonts.css';
import '@digigov/css/dist/digigov.css';
import './ui/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { getAppConfigQueryOptions } from './api/get-app-config';
import { AppProviders, queryClient } from './app/providers';
import { AppRoutes } from './app/router';
import { initI18n } from './i18n';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The configuration request starts while the language catalogs load.
void queryClient.prefetchQuery(getAppConfigQueryOptions());

function render(root: HTMLElement) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

// Without its catalogs the app still renders (showing keys) rather than a blank page.
initI18n()
  .catch((error: unknown) => console.error('Could not load the interface language', error))
  .finally(() => render(container));
