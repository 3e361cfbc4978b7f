import type { z } from 'zod';
import type { ApiRoute, THttpMethod } from '@portal/proto';
import { apiRequest, type RequestOptions, type TMethod } from './api';

/**
 * The typed /v1 client. Method, path, request and response come from one route object of proto's
 * route tables (proto/src/routes: SESSION_ROUTES in the entry, the others with their pages), so a page cannot call a path that does not exist, send a payload the contract does
 * not take, or read a field the answer does not have. lib/api-query.ts binds it to TanStack
 * Query (routeQuery, useRouteMutation) and lib/upload.ts adds multipart routes (uploadRoute);
 * features wrap those in hooks (their `api.ts`), and pages use the hooks.
 */

/** What a route takes: the contract's input (before defaults and coercion; the server parses it). */
export type RouteInput<R extends ApiRoute> = z.input<R['request']>;
/** What a route answers: its response schema's output (the envelope's `result` without access_status). */
export type RouteOutput<R extends ApiRoute> = z.output<R['response']>;
export type CallOptions = Pick<RequestOptions, 'signal' | 'quiet' | 'outlivesRoute'>;

const METHODS: Record<THttpMethod, TMethod> = { GET: 'get', POST: 'post', PUT: 'put', DELETE: 'delete' };

/**
 * One call of a route through the error catalogue (lib/api.ts): GET and DELETE put the input in
 * the query string, the others in a JSON body; the answer is parsed with the route's response
 * schema. The route's abort signal always applies unless `outlivesRoute`; `signal` adds one
 * (TanStack Query's).
 */
export async function callRoute<R extends ApiRoute>(route: R, input: RouteInput<R>, options: CallOptions = {}): Promise<RouteOutput<R>> {
  if (route.multipart) throw new Error(`${route.method} ${route.path} takes a file: use uploadRoute`);
  const result = await apiRequest(METHODS[route.method], route.path, { ...options, payload: input as Readonly<Record<string, unknown>> });
  return route.response.parse(result) as RouteOutput<R>;
}

/**
 * TanStack Query key of a route: `[path, method]` names the route (what mutations invalidate),
 * `[path, method, input]` one call of it.
 */
export function routeKey(route: ApiRoute): readonly [string, THttpMethod];
export function routeKey<R extends ApiRoute>(route: R, input: RouteInput<R>): readonly [string, THttpMethod, RouteInput<R>];
export function routeKey(route: ApiRoute, ...input: unknown[]): readonly unknown[] {
  return [route.path, route.method, ...input];
}
