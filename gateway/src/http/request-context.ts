import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Headers, pickLanguage, resolveHost, type HostLocale, type THostMap, type TLanguage, type TPrincipal } from '@portal/proto';

export interface GatewayRequestState {
  requestId: string;
  locale: HostLocale;
  language: TLanguage;
  principal: TPrincipal | null;
  publicOrigin: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    portal: GatewayRequestState;
  }
}

const REQUEST_ID = /^[\w.-]{8,128}$/;

/** Request id, region and language from the request (the host decides the region; spec §1). */
export function describeRequest(request: FastifyRequest, hostMap: THostMap, publicUrl: string): GatewayRequestState {
  const incoming = request.headers[Headers.requestId];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  // request.host honours X-Forwarded-Host only from TRUSTED_PROXIES (Fastify trustProxy).
  const locale = resolveHost(request.host, hostMap);
  const asked = request.headers[Headers.language];
  const cookieLang = (request.cookies as Record<string, string | undefined> | undefined)?.disp_language;
  const language = pickLanguage(locale, typeof asked === 'string' ? asked : cookieLang);
  // Only a host we know may appear in links we mail (no Host-header injection into mails).
  const hostname = request.hostname.replace(/:\d+$/, '').toLowerCase();
  const publicOrigin = hostMap[hostname] ? `${request.protocol}://${request.host}` : publicUrl.replace(/\/$/, '');
  return { requestId, locale, language, principal: null, publicOrigin };
}
