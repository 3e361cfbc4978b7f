import { readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
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

/** A year: the longest lifetime RFC 9111 readers honour; a hashed file never changes under its name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** Anything else of the build (only index.html today) is revalidated on every use. */
export const REVALIDATE_CACHE = 'no-cache';

/** Vite names everything under assets/ by its content hash; those can be cached for good. */
export function cacheControlFor(pathInDist: string): string {
  return pathInDist.split(sep).join('/').startsWith('assets/') ? IMMUTABLE_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built SPA. index.html gets the request's region and languages in a meta tag (the
 * host decides them; spec §1), so the SPA needs no extra call and no inline script; it is only
 * ever rendered (envelope.filter.ts, `no-cache`), never served as the file.
 *
 * The other files are served as the build wrote them, precompressed (web/build/precompress.ts):
 * `x.br` or `x.gz` by the request's Accept-Encoding (brotli first), else `x` itself, with
 * `Content-Encoding` and `Vary: Accept-Encoding`; hashed files with a year's immutable caching.
 * Source maps and the build manifest stay on disk for operators and are not served.
 */
export async function registerSpa(app: FastifyInstance, distPath: string): Promise<(request: FastifyRequest) => Promise<string>> {
  const dist = resolve(distPath);
  const template = await readFile(join(dist, 'index.html'), 'utf8');
  await app.register(fastifyStatic, {
    root: dist,
    index: false,
    wildcard: false,
    preCompressed: true,
    // Routes for the files themselves only: not their compressed twins, maps or the template.
    globIgnore: ['**/*.br', '**/*.gz', '**/*.map', 'index.html'],
    cacheControl: false,
    setHeaders: (res, path) => {
      res.setHeader('cache-control', cacheControlFor(relative(dist, path)));
      res.setHeader('vary', 'accept-encoding');
    },
  });
  return async (request) => {
    const { locale, language } = request.portal;
    const value = JSON.stringify({ region: locale.region, language, languages: locale.languages }).replace(/"/g, '&quot;');
    return template
      .replace('<head>', `<head><meta name="portal-locale" content="${value}">`)
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
  };
}
