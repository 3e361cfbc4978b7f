import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/a11y.css';
import { StrictMode, Suspense, lazy } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes';
import { CrashBoundary } from './app/components/CrashBoundary';
import { Providers, createQueryClient } from './app/Providers';
import { initI18n } from './i18n';
import { preloadLayoutFor } from './app/layouts';
import { checkMaintenance } from './lib/maintenance';
import { useTestMode } from './lib/test-mode';

/** Issue 24: the test-mode banner is a chunk of its own, fetched only by a staging install on sandboxes. */
const TestModeBanner = lazy(() => import('./app/components/TestModeBanner').then((m) => ({ default: m.TestModeBanner })));
function TestMode() {
  return useTestMode() ? <Suspense fallback={null}><TestModeBanner /></Suspense> : null;
}

async function start(): Promise<void> {
  void checkMaintenance();
  preloadLayoutFor(window.location.pathname, window.location.hash);
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <TestMode />
        <BrowserRouter>
          <CrashBoundary>
            <AppRoutes />
          </CrashBoundary>
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );
}

void start();
