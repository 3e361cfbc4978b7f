import { render } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate, type NavigateFunction } from 'react-router';
import { AppRoutes } from '../AppRoutes';
import { Providers, createQueryClient } from '../Providers';
import { initI18n } from '../i18n';
import { rememberLanguage } from '../lib/locale';

/** Exposes the router's current location to assertions. */
export const seen = { pathname: '', search: '', hash: '' };
/** In-app navigation for tests (as a link click would do). */
export const router: { navigate?: NavigateFunction } = {};
function LocationProbe() {
  const location = useLocation();
  router.navigate = useNavigate();
  seen.pathname = location.pathname;
  seen.search = location.search;
  seen.hash = location.hash;
  return null;
}

export async function renderApp(url: string) {
  // The api client's x-language and the client-side validation messages follow this choice too.
  rememberLanguage('en-us');
  await initI18n('en-us');
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <LocationProbe />
        <AppRoutes />
      </MemoryRouter>
    </Providers>,
  );
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}
