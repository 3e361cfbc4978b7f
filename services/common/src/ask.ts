import { Headers, type Contract, type ContractAnswer, type ContractPayload } from '@portal/proto';
import { requireContext } from './context.js';
import { ServiceError } from './errors.js';
import { injectTrace } from './tracing.js';
import type { Transport } from './transport/transport.js';

/** Service-to-service queries wait at most this long (the gateway's own limit is 60 s). */
const ASK_TIMEOUT_MS = 10_000;

/**
 * A query to another service on behalf of the current request, by its contract (an entry of
 * `INTERNAL_ROUTES`, or a /v1 route of `API_ROUTES` another service also needs): the payload is
 * typed by the contract's request and the answer is parsed with its response (validated at the
 * boundary, STYLE.md rule 3). The same request id, region, language, principal, client address and
 * trace travel with it, so the callee applies the same tenancy. A refusal comes back as the
 * callee's ServiceError.
 */
export async function ask<C extends Contract>(transport: Transport, route: C, payload: ContractPayload<C>): Promise<ContractAnswer<C>> {
  const ctx = requireContext();
  const headers: Record<string, string> = { [Headers.requestId]: ctx.requestId, [Headers.region]: ctx.region, [Headers.language]: ctx.language };
  // The gateway's signed principal goes on unchanged (a service cannot sign one: it has no reason to).
  if (ctx.signedPrincipal) {
    headers[Headers.principal] = ctx.signedPrincipal.json;
    headers[Headers.principalSignature] = ctx.signedPrincipal.signature;
  }
  // The deadline travels on: the callee stops when the first caller has stopped waiting.
  let timeoutMs = ASK_TIMEOUT_MS;
  if (ctx.deadline !== undefined) {
    headers[Headers.deadline] = ctx.signedPrincipal?.deadline ?? String(ctx.deadline);
    timeoutMs = Math.max(1, Math.min(timeoutMs, ctx.deadline - Date.now()));
  }
  // The callee may judge the caller's address (an IP allow-list) as the gateway saw it.
  if (ctx.clientIp) headers[Headers.clientIp] = ctx.clientIp;
  injectTrace(headers);
  const reply = await transport.request<unknown>(route.subject, payload, { headers, timeoutMs });
  if (!reply.ok) throw new ServiceError(reply.error.code, reply.error.message.key, reply.error.message.params, reply.error.fields);
  return route.response.parse(reply.data) as ContractAnswer<C>;
}
