import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The principal travels from the gateway to the services as a JSON header. Anything else on the
 * NATS network could write that header too, so the gateway signs it: HMAC-SHA256 under the
 * shared PRINCIPAL_SECRET over the request's deadline and the exact header text. A service
 * refuses a principal without a valid signature (docs/decisions.md, "Hardening: transport and
 * faults"). The deadline is inside the signature, so a captured header stops being useful once its
 * request is over; a service-to-service call forwards the three headers unchanged.
 */
export function signPrincipal(secret: string, principalJson: string, deadline: string): string {
  return createHmac('sha256', secret).update(deadline).update('\n').update(principalJson).digest('base64url');
}

export function principalSignatureOk(secret: string, principalJson: string, deadline: string | undefined, signature: string | undefined): boolean {
  if (!signature || deadline === undefined) return false;
  const expected = Buffer.from(signPrincipal(secret, principalJson, deadline));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
