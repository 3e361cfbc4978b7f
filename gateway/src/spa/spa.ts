import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SPA_ROUTES } from '@portal/proto';

export const BASIC_AUTH_PREFIX = '/basicauth';

/**
 * Spec §2 names /user_internal_signup and its done page, served behind basic authentication
 * under /basicauth/: the bare paths redirect there (a full page load, so the browser meets the
 * basic-auth challenge; the SPA's own navigation would skip it).
 */
export function registerBasicAuthRedirects(app: FastifyInstance): void {
  const policy = { access: 'public' } as const;
  for (const route of SPA_ROUTES.filter((r) => r.basicAuth && r.path.startsWith(`${BASIC_AUTH_PREFIX}/`))) {
    app.get(route.path.slice(BASIC_AUTH_PREFIX.length), { config: { policy } }, async (request, reply) => {
      const query = request.url.indexOf('?');
      return reply.redirect(`${route.path}${query >= 0 ? request.url.slice(query) : ''}`, 301);
    });
  }
}

/**
 * Serves the built SPA. index.html gets the request's region and languages in a meta tag (the
 * host decides them; spec §1), so the SPA needs no extra call and no inline script.
 */
export async function registerSpa(app: FastifyInstance, distPath: string): Promise<(request: FastifyRequest) => Promise<string>> {
  const dist = resolve(distPath);
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, { root: dist, index: false, wildcard: false, maxAge: '1h', immutable: false });
  return async (request) => {
    const { locale, language } = request.portal;
    const value = JSON.stringify({ region: locale.region, language, languages: locale.languages }).replace(/"/g, '&quot;');
    return template
      .replace('<head>', `<head><meta name="portal-locale" content="${value}">`)
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  };
}
