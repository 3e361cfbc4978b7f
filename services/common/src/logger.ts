import { pino, type Logger } from 'pino';
import { isSpanContextValid, trace } from '@opentelemetry/api';
import { currentContext } from './context.js';

/** Paths never written to logs (DESIGN §7: no secrets or personal data). */
const REDACT = [
  'password', '*.password', 'password_confirm', '*.password_confirm', 'current_password', '*.current_password',
  'email', '*.email', 'auth_code', '*.auth_code', 'token', '*.token', 'access_token', '*.access_token',
  'authorization', '*.authorization', 'cookie', '*.cookie', 'headers.cookie', 'headers.authorization',
  'req.headers.cookie', 'req.headers.authorization', 'card_number', '*.card_number', 'security_code', '*.security_code',
  // A dead-lettered event is logged whole (issue 9), except whom a mail goes to and its links.
  'event.to', 'event.recipient', 'event.params.url', 'event.params.code',
];

/**
 * Errors as pino serialises them, minus the connection objects some drivers attach (pg's errors
 * carry their whole `client`, with its connection parameters): kilobytes of noise per line.
 */
function serializeError(error: unknown): unknown {
  const out = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (out && typeof out === 'object') {
    delete out.client;
    delete out.connection;
  }
  return out;
}

const root = pino({
  level: 'info',
  base: undefined,
  redact: { paths: REDACT, censor: '[redacted]' },
  serializers: { err: serializeError },
  timestamp: pino.stdTimeFunctions.isoTime,
  // Every line carries the request id, region and trace id of the request it belongs to.
  mixin() {
    const ctx = currentContext();
    const span = trace.getActiveSpan()?.spanContext();
    return {
      ...(ctx ? { request_id: ctx.requestId, region: ctx.region, principal_id: ctx.principal?.account_uuid } : {}),
      ...(span && isSpanContextValid(span) ? { trace_id: span.traceId } : {}),
    };
  },
});

/** Called once at boot with the parsed config (only config reads the environment). */
export function configureLogger(options: { level: string; service: string }): void {
  root.level = options.level;
  root.setBindings({ service: options.service });
}

/** One logger per class, with its context (STYLE.md rule 7). */
export function createLogger(context: string): Logger {
  return root.child({ context });
}

export const rootLogger = root;
export type { Logger };
