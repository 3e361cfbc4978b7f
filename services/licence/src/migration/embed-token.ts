import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The embedded form's token: `<partner uuid>.<region>.<version>.<HMAC-SHA256>`, signed with a key
 * derived from PRINCIPAL_SECRET. It is the form's only credential (there is no session, hence no
 * CSRF token); changing the partner's origins raises the version, so an old snippet stops working.
 */
export interface EmbedTokenClaims { partnerUuid: string; region: string; version: number }

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function embedKey(principalSecret: string): Buffer {
  return createHmac('sha256', principalSecret).update('portal:embed-form-token:v1').digest();
}

export function signEmbedToken(key: Buffer, claims: EmbedTokenClaims): string {
  const body = `${claims.partnerUuid}.${claims.region}.${claims.version}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

export function verifyEmbedToken(key: Buffer, token: string): EmbedTokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [partnerUuid, region, version, mac] = parts as [string, string, string, string];
  if (!UUID.test(partnerUuid) || !/^[a-z]{3}$/.test(region) || !/^[1-9][0-9]{0,8}$/.test(version)) return null;
  const expected = createHmac('sha256', key).update(`${partnerUuid}.${region}.${version}`).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { partnerUuid, region, version: Number(version) };
}
