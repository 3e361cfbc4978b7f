import 'reflect-metadata';
import { Injectable, Inject, Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import { Headers, ZPrincipal, ZLanguage, ZShard, eventSchema, type TEventPayload, type TEventSubject, type TServiceName } from '@portal/proto';
import type { ZodType } from 'zod';
import { runWithContext, type RequestContext } from './context.js';
import { createLogger } from './logger.js';
import { extractTrace, inSpan, SpanKind } from './tracing.js';
import type { EventHandler, MessageHeaders, RequestHandler, Transport } from './transport/transport.js';

const HANDLES = Symbol('portal:handles');
const ON_EVENT = Symbol('portal:on-event');

interface HandlesMeta { subject: string; schema?: ZodType; method: string | symbol }
interface OnEventMeta { subject: string; method: string | symbol }

/**
 * Marks a method as the handler of a command or query subject. The payload is validated with
 * `schema` at the boundary (STYLE.md rule 3); a failure is a 40011 with field errors.
 */
export function Handles(subject: string, schema?: ZodType): MethodDecorator {
  return (target, method) => {
    const list: HandlesMeta[] = Reflect.getMetadata(HANDLES, target) ?? [];
    Reflect.defineMetadata(HANDLES, [...list, { subject, schema, method }], target);
  };
}

/**
 * Marks a method as a durable consumer of an event subject. The method receives the payload parsed
 * with the subject's schema from proto (`EVENT_PAYLOADS`) and the message id, for an idempotent
 * write: `handle(event: TEventPayload<S>, msgId: string)`.
 */
export function OnEvent<S extends TEventSubject>(subject: S) {
  return (target: object, method: string | symbol, _descriptor: { value?: (event: TEventPayload<S>, msgId: string) => Promise<unknown> }): void => {
    const list: OnEventMeta[] = Reflect.getMetadata(ON_EVENT, target) ?? [];
    Reflect.defineMetadata(ON_EVENT, [...list, { subject, method }], target);
  };
}

/** The request context a message's headers describe. */
export function contextFromHeaders(headers: MessageHeaders): RequestContext {
  const principalRaw = headers[Headers.principal];
  return {
    requestId: headers[Headers.requestId] ?? 'internal',
    region: ZShard.catch('jpn').parse(headers[Headers.region]),
    language: ZLanguage.catch('ja-jp').parse(headers[Headers.language]),
    principal: principalRaw ? ZPrincipal.parse(JSON.parse(principalRaw)) : undefined,
    publicOrigin: headers[Headers.publicOrigin],
    clientIp: headers[Headers.clientIp],
    userAgent: headers[Headers.userAgent],
    sessionToken: headers[Headers.sessionToken],
    deviceToken: headers[Headers.deviceToken],
  };
}

export const TRANSPORT = Symbol('Transport');
export const SERVICE_NAME = Symbol('ServiceName');

/** Finds every @Handles / @OnEvent method of a service's providers and registers it on the transport. */
@Injectable()
export class HandlerRegistry {
  private readonly log = createLogger('HandlerRegistry');
  constructor(
    @Inject(DiscoveryService) private readonly discovery: DiscoveryService,
    @Inject(MetadataScanner) private readonly scanner: MetadataScanner,
  ) {}

  async register(transport: Transport, service: TServiceName): Promise<string[]> {
    const subjects: string[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string | symbol, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance);
      const handles: HandlesMeta[] = Reflect.getMetadata(HANDLES, proto) ?? [];
      for (const h of handles) {
        const fn = (instance[h.method] as (p: unknown) => Promise<unknown>).bind(instance);
        const handler: RequestHandler = (payload, headers) =>
          inSpan(h.subject, SpanKind.SERVER, extractTrace(headers), () =>
            runWithContext(contextFromHeaders(headers), () => fn(h.schema ? h.schema.parse(payload ?? {}) : payload)));
        await transport.serve(h.subject, service, handler);
        subjects.push(h.subject);
      }
      const events: OnEventMeta[] = Reflect.getMetadata(ON_EVENT, proto) ?? [];
      for (const e of events) {
        const fn = (instance[e.method] as (p: unknown, msgId: string) => Promise<void>).bind(instance);
        const schema = eventSchema(e.subject);
        const durable = `${service}-${String(e.method)}`.replace(/[^\w-]/g, '_');
        const handler: EventHandler = (payload, headers) =>
          inSpan(e.subject, SpanKind.CONSUMER, extractTrace(headers), () =>
            runWithContext(contextFromHeaders(headers), () => fn(schema ? schema.parse(payload) : payload, headers['Nats-Msg-Id'])));
        await transport.consume(durable, [e.subject], handler);
        subjects.push(e.subject);
      }
    }
    this.log.debug({ service, subjects }, 'handlers registered');
    return subjects;
  }
}

@Module({ imports: [DiscoveryModule], providers: [HandlerRegistry], exports: [HandlerRegistry] })
export class HandlerRegistryModule {}

/** What each service package exports so that both runtime modes can start it. */
export interface ServiceDefinition {
  name: TServiceName;
  /** Builds the service's root Nest module around the process-wide dependencies. */
  module: (deps: ServiceDeps) => Type<unknown>;
  migrationsDir: string;
}

export interface ServiceDeps {
  transport: Transport;
}

export type { INestApplicationContext };
