import 'reflect-metadata';
import { MODULE_METADATA } from '@nestjs/common/constants.js';
import { describe, expect, it } from 'vitest';
import { API_ROUTE_LIST, INTERNAL_ROUTES } from '@portal/proto';
import { handlerBindings, type HandlerBinding } from '@portal/service-common/service-host';
import { SERVICE_DEFINITIONS } from './services.js';

type Class = abstract new (...args: never[]) => unknown;

/** Every provider class of a Nest module and of the modules it imports. */
function providersOf(module: Class, seen = new Set<Class>()): Class[] {
  if (seen.has(module)) return [];
  seen.add(module);
  const providers = ((Reflect.getMetadata(MODULE_METADATA.PROVIDERS, module) ?? []) as unknown[])
    .filter((p): p is Class => typeof p === 'function');
  const imports = ((Reflect.getMetadata(MODULE_METADATA.IMPORTS, module) ?? []) as unknown[]).filter((m): m is Class => typeof m === 'function');
  return [...providers, ...imports.flatMap((m) => providersOf(m, seen))];
}

/** The @Handles bindings of every service's feature modules, with the service that serves each. */
const bindings: (HandlerBinding & { service: string })[] = SERVICE_DEFINITIONS.flatMap((service) => {
  const classes = new Set(service.features.flatMap((feature) => providersOf(feature as Class)));
  return [...classes].flatMap((cls) => handlerBindings(cls).map((b) => ({ ...b, service: service.name })));
});

describe('every contract has its handler', () => {
  it('serves each /v1 route\'s subject with a handler bound to a route (not to a bare subject)', () => {
    const routed = new Set(bindings.filter((b) => b.form === 'route').map((b) => b.subject));
    expect(API_ROUTE_LIST.filter((r) => !routed.has(r.subject)).map((r) => `${r.method} /v1${r.path}`)).toEqual([]);
  });

  it('binds no handler with the subject form to a subject of a /v1 or internal route', () => {
    const contracted = new Set([...API_ROUTE_LIST, ...Object.values(INTERNAL_ROUTES)].map((r) => r.subject));
    expect(bindings.filter((b) => b.form === 'subject' && contracted.has(b.subject)).map((b) => `${b.service}: ${b.subject}`)).toEqual([]);
  });

  it('serves each internal route, and each subject exactly once', () => {
    const routed = new Set(bindings.map((b) => b.subject));
    expect(Object.entries(INTERNAL_ROUTES).filter(([, r]) => !routed.has(r.subject)).map(([name]) => name)).toEqual([]);
    const counts = new Map<string, number>();
    for (const b of bindings) counts.set(b.subject, (counts.get(b.subject) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  });

  it('finds the handlers at all (the walk over the feature modules works)', () => {
    expect(bindings.length).toBeGreaterThan(40);
    expect(bindings.find((b) => b.subject === 'identity.account.list')).toMatchObject({ service: 'identity', form: 'route', label: 'GET /v1/user/list' });
  });
});
