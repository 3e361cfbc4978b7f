import { Catch, HttpException, NotFoundException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AccessCode, INPUT_MESSAGES } from '@portal/proto';
import { createLogger } from '@portal/service-common/logger';
import { notFound, simpleFailure } from './envelope.js';
import { tooLargeFailure } from './too-large.js';
import { BadInput, badInputFailure } from './input.js';
import { send } from '../api/route-registrar.js';

const log = createLogger('EnvelopeFilter');

/**
 * Every error and every unknown route ends here, so that no answer leaves the gateway without
 * the envelope (DESIGN §3): unknown /v1 routes are 404 envelopes, other unknown GET paths belong
 * to the SPA (its own not-found page, spec §2), malformed input is 40011 in our own words (never
 * Fastify's or a library's), anything else 50000.
 */
@Catch()
export class EnvelopeFilter implements ExceptionFilter {
  /** The SPA's index.html for a request (set once the SPA is registered; none without WEB_DIST). */
  renderIndex?: (request: FastifyRequest) => Promise<string>;

  async catch(exception: unknown, host: ArgumentsHost): Promise<void> {
    await this.handle(exception, host.switchToHttp().getRequest<FastifyRequest>(), host.switchToHttp().getResponse<FastifyReply>());
  }

  /**
   * Fastify's error handler of the whole server (gateway.ts installs it before any route, so no
   * route is registered with Fastify's default one) and the Nest filter's body.
   */
  async handle(exception: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const language = request.portal?.language ?? 'ja-jp';
    const error = exception as Error & { statusCode?: number; envelope?: unknown };

    if (exception instanceof NotFoundException) {
      const path = request.url.split('?')[0] ?? '';
      // A build file that is not there (a chunk of an older release, asked for by a tab left open)
      // is a 404, not the SPA's page: a script answered with HTML fails as a MIME type error.
      if (path.startsWith('/v1') || path.startsWith('/assets/') || !this.renderIndex || request.method !== 'GET') {
        send(reply, notFound(language));
        return;
      }
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await this.renderIndex(request));
      return;
    }
    if (error.envelope) {
      reply.code(error.statusCode ?? 500).send(error.envelope);
      return;
    }
    const status = exception instanceof HttpException ? exception.getStatus() : error.statusCode;
    // Nest hands Fastify's own errors over as HttpExceptions (413 for a body over the limit).
    const tooLarge = tooLargeFailure({ code: (error as { code?: string }).code, statusCode: status }, request, language);
    if (tooLarge) {
      send(reply, tooLarge);
      return;
    }
    if (exception instanceof BadInput) {
      send(reply, badInputFailure(language, exception.key, exception.fields));
      return;
    }
    if (status && status >= 400 && status < 500) {
      // An unsupported content type, a body the parsers could not read (a length that does not
      // match, a multipart form without its boundary): a form error in our words, nothing changed.
      const key = status === 415 ? INPUT_MESSAGES.unsupportedMediaType : INPUT_MESSAGES.malformed;
      send(reply, badInputFailure(language, key));
      return;
    }
    log.error({ err: exception, url: request.url }, 'unhandled gateway error');
    send(reply, simpleFailure(language, AccessCode.SERVER_ERROR));
  }
}
