import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Headers, hostName, lookupHost, pickLanguage, REGION_PROFILES, type HostLocale, type THostAliases, type THostMap, type TLanguage, type TPrincipal } from '@portal/proto';

export interface GatewayRequestState {
  requestId: string;
  locale: HostLocale;
  language: TLanguage;
  principal: TPrincipal | null;
  publicOrigin: string;
  /** Issue 24: the Host is in the host map (or an alias of one); an unknown host is answered 404. */
  knownHost: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    portal: GatewayRequestState;
  }
}

const REQUEST_ID = /^[\w.-]{8,128}$/;

/**
 * What an unknown host is rendered with before it is refused: English (the visitor's region is
 * unknown; English is what most can read), never another region's data.
 */
const UNKNOWN_HOST_LOCALE: HostLocale = { region: 'other', language: 'en-us', languages: REGION_PROFILES.other.languages };

/** Request id, region and language from the request (the host decides the region; spec §1). */
export function describeRequest(request: FastifyRequest, hostMap: THostMap, publicUrl: string, aliases: THostAliases = {}): GatewayRequestState {
  const incoming = request.headers[Headers.requestId];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  // request.host honours X-Forwarded-Host only from TRUSTED_PROXIES (Fastify trustProxy).
  const known = lookupHost(request.host, hostMap, aliases);
  const locale = known ?? UNKNOWN_HOST_LOCALE;
  const asked = request.headers[Headers.language];
  const cookieLang = (request.cookies as Record<string, string | undefined> | undefined)?.disp_language;
  const language = pickLanguage(locale, typeof asked === 'string' ? asked : cookieLang);
  // Only a host we know may appear in links we mail (no Host-header injection into mails).
  const publicOrigin = hostMap[hostName(request.host)] ? `${request.protocol}://${request.host}` : publicUrl.replace(/\/$/, '');
  return { requestId, locale, language, principal: null, publicOrigin, knownHost: known !== null };
}
