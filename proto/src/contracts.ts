import type { z } from 'zod';
import { ZSessionGrant, type TSessionGrant } from './identity.js';

/**
 * A request-reply contract: the subject that answers it, what it takes and what it answers. Every
 * /v1 route (`API_ROUTES`) is one, and so is every internal query between services
 * (`INTERNAL_ROUTES`). A service binds a handler to a contract with `@Handles(contract)`; the
 * decorator types the handler's input and reply from these schemas, and the reply is checked
 * against `response` outside production.
 */
export interface Contract<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly subject: string;
  readonly request: Req;
  /** What the caller sees. For a /v1 route: the payload inside `result`, besides access_status. */
  readonly response: Res;
  /**
   * `create`: the service's reply may carry a `session` grant besides `response`, which the gateway
   * turns into cookies and strips (it never reaches the browser's JSON).
   */
  readonly session?: 'create' | 'destroy';
}

/** True when a contract's reply may carry a session grant. */
type GrantsSession<C> = C extends { readonly session?: infer S } ? ('create' extends S ? true : false) : false;

/** What a handler of `C` receives: the request after parsing (defaults applied, values coerced). */
export type ContractRequest<C extends Contract> = z.output<C['request']>;
/** What a caller of `C` sends (before parsing). */
export type ContractPayload<C extends Contract> = z.input<C['request']>;
/** What a handler of `C` answers: the response before parsing, plus the session grant where the route has one. */
export type ContractReply<C extends Contract> = z.input<C['response']> & (GrantsSession<C> extends true ? { session?: TSessionGrant } : unknown);
/** What a caller of `C` gets back (after parsing the reply). */
export type ContractAnswer<C extends Contract> = z.output<C['response']>;

const replies = new WeakMap<Contract, z.ZodType>();

/**
 * The schema of what the service answers (`response`, and for a session-creating route the grant
 * the gateway strips). Checked against every reply outside production.
 */
export function replySchema(contract: Contract): z.ZodType {
  let schema = replies.get(contract);
  if (!schema) {
    const response = contract.response as z.ZodType & { extend?: (shape: Record<string, z.ZodType>) => z.ZodType };
    schema = contract.session === 'create' && response.extend ? response.extend({ session: ZSessionGrant.optional() }) : contract.response;
    replies.set(contract, schema);
  }
  return schema;
}
