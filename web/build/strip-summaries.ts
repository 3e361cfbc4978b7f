import type { Plugin } from 'vite';

/**
 * The /v1 route contracts carry a `summary` for the OpenAPI document the gateway publishes and the
 * NATS `subject` the gateway sends to; the SPA reads neither, yet both would sit in the initial
 * chunk (SESSION_ROUTES is part of the entry), the subjects with the whole subject table. This
 * drops them from proto's route modules (proto/src/routes/*.ts) in the SPA build only (docs/decisions.md, "Issue 10, slice
 * B"). The patterns take one quoted string literal, with escapes, after `summary:`, and one
 * `Subjects.<service>.<name>` after `subject:`; anything else is left as it is.
 */
const ROUTE_MODULE = /[\\/]proto[\\/]src[\\/]routes[\\/][a-z-]+\.ts$/;
const SUMMARY = /\bsummary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?/g;
const SUBJECT = /\bsubject:\s*Subjects\.[A-Za-z]+\.[A-Za-z]+,?/g;

export function stripRouteSummaries(code: string): string {
  return code.replace(SUMMARY, '').replace(SUBJECT, '');
}

export function stripRouteSummariesPlugin(): Plugin {
  return {
    name: 'portal-strip-route-summaries',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      return ROUTE_MODULE.test(id) ? { code: stripRouteSummaries(code), map: null } : null;
    },
  };
}
