import type { z } from 'zod';
import type { TPolicy } from '../policy.js';
import type { Contract } from '../contracts.js';

export type THttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One /v1 call: its policy, the subject that answers it, and its contract. GET and DELETE take
 * their payload from the query string, the others from the JSON body (spec §7). The gateway
 * registers exactly these routes; a test fails if one lacks a policy.
 */
export interface ApiRoute<Req extends z.ZodType = z.ZodType, Res extends z.ZodObject = z.ZodObject> extends Contract<Req, Res> {
  readonly method: THttpMethod;
  /** Path below /v1, Fastify syntax. */
  readonly path: string;
  readonly policy: TPolicy;
  readonly summary: string;
  /**
   * Session effects the gateway applies: `create` turns the reply's `session` grant into cookies
   * (and strips it from the JSON); `destroy` ends the caller's session and clears the cookies.
   */
  readonly session?: 'create' | 'destroy';
  /** The handler needs the caller's session and device tokens and address (login, logout, sessions). */
  readonly withCredentials?: boolean;
  /** multipart/form-data: the gateway reads field `file` into `file_name` and base64 `content`. */
  readonly multipart?: boolean;
  /**
   * Identical concurrent calls share one service round trip (request coalescing). Only for public
   * GETs whose answer depends on nothing but the query, region and language; the gateway refuses
   * to start with it on any other route.
   */
  readonly coalesce?: boolean;
  /**
   * How the gateway refuses a body or file over its transport limits (UPLOAD_MAX_BYTES,
   * JSON_BODY_MAX_BYTES) for this route: 40011 with this message on this field. Routes without
   * one answer `http.too_large`.
   */
  readonly tooLarge?: { readonly field: string; readonly key: string };
  /**
   * Issue 22: earlier paths of this call, kept for the callers that use them. The gateway serves
   * each exactly as the route (same policy, contract and subject); OpenAPI lists each as a
   * deprecated operation naming the route. The SPA and new callers use `path`.
   */
  readonly aliases?: readonly RouteAlias[];
  /**
   * Issue 23: a file the gateway streams instead of the envelope. The route's subject answers a
   * manifest (`file_name`, `entries` of `{id, file_name}`); the gateway then asks `entrySubject`
   * for each entry's file (`{id}` -> `{content}` base64) in turn and writes it into the zip as it
   * goes, so no more than one entry is held at a time. A refusal of the manifest is the envelope.
   */
  readonly download?: { readonly kind: 'zip'; readonly entrySubject: string } | {
    /**
     * Issue 25: a CSV streamed a chunk at a time. The route's subject answers `{file_name,
     * content, next}`; while `next` is not null the gateway asks the same subject again with the
     * request and `after: next`, writing each chunk to the response as it arrives.
     */
    readonly kind: 'csv';
  };
}

/** Another method and path that answer the same call. */
export interface RouteAlias { readonly method: THttpMethod; readonly path: string }

/** The method and path of a route and of each of its aliases. */
export function routeEndpoints(r: Pick<ApiRoute, 'method' | 'path' | 'aliases'>): RouteAlias[] {
  return [{ method: r.method, path: r.path }, ...(r.aliases ?? [])];
}

/** The gateway's limits: a multipart file, and a JSON body (a logo travels base64 inside one). */
export const UPLOAD_MAX_BYTES = 3 * 1024 * 1024;
export const JSON_BODY_MAX_BYTES = 4 * 1024 * 1024;

/** Keeps each route's schemas and its `session` literal in its type (the handler's contract). */
export const route = <Req extends z.ZodType, Res extends z.ZodObject, S extends ApiRoute['session'] = undefined>(r: ApiRoute<Req, Res> & { readonly session?: S }) => r;
