import { Suspense, lazy, useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ZodError } from 'zod';
import { ApiError } from '../lib/api';
import { trackFocus } from '../lib/focus-return';
import { cssVariablesResolver, useAccessibleTheme } from './theme';

/**
 * Whether a failed read is worth one more try: a network hiccup or an aborted call (the route
 * signal fired while the page stayed), not a refusal (the catalogue has handled it) or an answer
 * that breaks the contract (it would break again).
 */
function transient(error: unknown): boolean {
  return !(error instanceof ApiError) && !(error instanceof ZodError);
}

/**
 * The toasts' container is a chunk of its own, mounted just after the first render: a toast asked
 * for earlier waits in Mantine's store (lib/toast.ts shows none sooner than 500 ms anyway).
 */
const Toasts = lazy(() => import('./components/Toasts'));

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => transient(error) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}

export function Providers({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  useEffect(trackFocus, []);
  return (
    <MantineProvider theme={useAccessibleTheme()} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Toasts />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
