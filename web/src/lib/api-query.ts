import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ApiRoute } from '@portal/proto';
import { callRoute, routeKey, type CallOptions, type RouteInput, type RouteOutput } from './api-client';

/**
 * The typed client (lib/api-client.ts) in TanStack Query: the query options of a read, and a
 * mutation that invalidates the reads it changes. Its own module so that the entry chunk, which
 * only needs callRoute, does not carry mutations.
 */

/**
 * Query options of one read: the key from routeKey, and a query function that passes TanStack's
 * signal, so a query nobody watches any more (the page was left, the search changed) is cancelled.
 * Quiet by default: the page shows a failed read itself (components/QueryState.tsx), so a refusal
 * is not toasted as well; redirects of the catalogue (40000, 50001, HTTP 403/404/500) still apply.
 */
export function routeQuery<R extends ApiRoute>(route: R, input: RouteInput<R>, options: Omit<CallOptions, 'signal'> = {}) {
  return queryOptions({
    queryKey: routeKey(route, input),
    queryFn: ({ signal }) => callRoute(route, input, { quiet: true, ...options, signal }),
  });
}

/** Marks every cached call of these routes stale; the ones on screen are fetched again. */
export function invalidateRoutes(queryClient: QueryClient, routes: readonly ApiRoute[]): Promise<unknown> {
  return Promise.all(routes.map((route) => queryClient.invalidateQueries({ queryKey: routeKey(route) })));
}

export interface RouteMutationOptions extends Omit<CallOptions, 'signal'> {
  /** The reads this call changes: invalidated once it succeeded (the mutation settles after they refetched). */
  invalidates?: readonly ApiRoute[];
  /**
   * 'settled': invalidate after a refusal too, where a refusal may mean that the copy on screen is
   * stale (a row another owner already changed). Not for forms: their drafts stay as typed.
   */
  invalidateOn?: 'success' | 'settled';
}

/** A write: `mutateAsync(input)` calls the route, then invalidates the reads it changes. */
export function useRouteMutation<R extends ApiRoute>(route: R, { invalidates = [], invalidateOn = 'success', ...options }: RouteMutationOptions = {}) {
  const queryClient = useQueryClient();
  const invalidate = () => invalidateRoutes(queryClient, invalidates);
  return useMutation<RouteOutput<R>, Error, RouteInput<R>>({
    mutationFn: (input) => callRoute(route, input, options),
    ...(invalidateOn === 'settled' ? { onSettled: invalidate } : { onSuccess: invalidate }),
  });
}
