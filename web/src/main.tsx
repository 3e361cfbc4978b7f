import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/AppRoutes';
import { CrashBoundary } from './app/components/CrashBoundary';
import { TestModeBanner } from './app/components/TestModeBanner';
import { Providers, createQueryClient } from './app/Providers';
import { initI18n } from './i18n';
import { preloadLayoutFor } from './app/layouts';
import { checkMaintenance } from './lib/maintenance';

async function start(): Promise<void> {
  void checkMaintenance();
  preloadLayoutFor(window.location.pathname, window.location.hash);
  await initI18n();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root missing');
  createRoot(root).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()}>
        <TestModeBanner />
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
