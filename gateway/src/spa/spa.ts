import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
