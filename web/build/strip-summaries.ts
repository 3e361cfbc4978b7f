import type { Plugin } from 'vite';

/**
 * The /v1 and internal route contracts carry a `summary` for the OpenAPI document the gateway
 * publishes; the SPA never reads it, yet every summary would sit in the initial chunk (the route
 * table is part of the entry). This drops them from proto's route modules in the SPA build only
 * (docs/decisions.md, "Issue 10, slice B"). The pattern takes one quoted string literal, with
 * escapes, after `summary:`; anything else is left as it is.
 */
const ROUTE_MODULE = /[\\/]proto[\\/]src[\\/]api-routes\.ts$/;
const SUMMARY = /\bsummary:\s*(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),?/g;

export function stripRouteSummaries(code: string): string {
  return code.replace(SUMMARY, '');
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
