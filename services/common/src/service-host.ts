import 'reflect-metadata';
import { Injectable, Inject, Module, type INestApplicationContext, type Type } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import {
  AccessCode, Headers, Subjects, ZPrincipal, ZLanguage, ZShard, eventSchema, replySchema,
  type Contract, type ContractReply, type ContractRequest, type TEventPayload, type TEventSubject, type TServiceName,
} from '@portal/proto';
import type { z, ZodType } from 'zod';
import { consumerName } from '@portal/proto/nats-access';
import { ServiceError } from './errors.js';
import { replyIssues } from './reply-check.js';
import { principalSignatureOk } from './principal-signature.js';
import { runWithContext, type RequestContext } from './context.js';
import { createLogger } from './logger.js';
import { extractTrace, inSpan, SpanKind } from './tracing.js';
import type { EventHandler, MessageHeaders, RequestHandler, Transport } from './transport/transport.js';

const HANDLES = Symbol('portal:handles');
const ON_EVENT = Symbol('portal:on-event');

/** How a handler is bound: to a contract (a /v1 or internal route), or to a bare subject. */
export interface HandlerBinding {
  subject: string;
  form: 'route' | 'subject';
  /** Validates the payload at the boundary (STYLE.md rule 3). */
  schema?: ZodType;
  /** What the reply must be (route form only); checked outside production. */
  reply?: ZodType;
  /** Names the contract in logs: `GET /v1/user/list`, or the subject. */
  label: string;
  method: string | symbol;
}
interface OnEventMeta { subject: string; method: string | symbol }

type MaybePromise<T> = T | Promise<T>;
/** The input parameter must be exactly the contract's request (no narrower, wider or hand-written type). */
type ExactInput<F, In> = F extends () => unknown ? true : F extends (input: infer P) => unknown ? ([P] extends [In] ? ([In] extends [P] ? true : false) : false) : false;
interface InputMismatch<In> { 'the handler input must be the contract request': In }
type RouteMethodDecorator<C extends Contract> = <F extends (input: ContractRequest<C>) => MaybePromise<ContractReply<C>>>(
  target: object,
  method: string | symbol,
  descriptor: ExactInput<F, ContractRequest<C>> extends true ? TypedPropertyDescriptor<F> : InputMismatch<ContractRequest<C>>,
) => void;
type SubjectMethodDecorator<In> = <F extends (input: In) => unknown>(
  target: object,
  method: string | symbol,
  descriptor: ExactInput<F, In> extends true ? TypedPropertyDescriptor<F> : InputMismatch<In>,
) => void;

/**
 * Binds a method to a contract (a /v1 route of `API_ROUTES` or an internal one of
 * `INTERNAL_ROUTES`): it serves the contract's subject, receives the request parsed with the
 * contract's schema (a failure is a 40011 with field errors) and answers the contract's response.
 * The method's input parameter must be typed `ApiRequest<'name'>` / `InternalRequest<'name'>` (or
 * have none) and its reply must fit the response: `tsc` refuses anything else.
 *
 *   @Handles(API_ROUTES.userList)
 *   userList(query: ApiRequest<'userList'>) { return this.list.list(requirePrincipal(), query); }
 *
 * The subject form, `@Handles(subject, schema?)`, is for a subject without a reply contract (the
 * per-service health check); a test refuses it on a subject that belongs to a /v1 or internal route.
 */
export function Handles<C extends Contract>(route: C): RouteMethodDecorator<C>;
export function Handles<S extends ZodType = ZodType<Record<string, never>>>(subject: string, schema?: S): SubjectMethodDecorator<z.output<S>>;
export function Handles(routeOrSubject: Contract | string, schema?: ZodType) {
  const binding: Omit<HandlerBinding, 'method'> = typeof routeOrSubject === 'string'
    ? { subject: routeOrSubject, form: 'subject', schema, label: routeOrSubject }
    : {
      subject: routeOrSubject.subject, form: 'route', schema: routeOrSubject.request, reply: replySchema(routeOrSubject),
      label: 'path' in routeOrSubject && 'method' in routeOrSubject ? `${String(routeOrSubject.method)} /v1${String(routeOrSubject.path)}` : routeOrSubject.subject,
    };
  return (target: object, method: string | symbol) => {
    const list: HandlerBinding[] = Reflect.getMetadata(HANDLES, target) ?? [];
    Reflect.defineMetadata(HANDLES, [...list, { ...binding, method }], target);
  };
}

/** The @Handles bindings of a provider class (for the registry, and for the test that every route is served). */
export function handlerBindings(provider: abstract new (...args: never[]) => unknown): readonly HandlerBinding[] {
  return Reflect.getMetadata(HANDLES, provider.prototype) ?? [];
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

/**
 * The request context a message's headers describe. A principal counts only with the gateway's
 * signature under `principalSecret` (principal-signature.ts): without one, or with a wrong one,
 * the request is refused as unauthenticated (40000) before any handler runs. Without a secret
 * (unit tests of the mapping alone) the principal is not checked.
 */
export function contextFromHeaders(headers: MessageHeaders, principalSecret?: string): RequestContext {
  const principalRaw = headers[Headers.principal];
  const deadlineRaw = headers[Headers.deadline];
  const deadline = deadlineRaw && /^\d{1,16}$/.test(deadlineRaw) ? Number(deadlineRaw) : undefined;
  let principal: RequestContext['principal'];
  let signedPrincipal: RequestContext['signedPrincipal'];
  if (principalRaw) {
    const signature = headers[Headers.principalSignature];
    if (principalSecret !== undefined && !principalSignatureOk(principalSecret, principalRaw, deadlineRaw, signature)) {
      hostLog.warn({ request_id: headers[Headers.requestId], signed: Boolean(signature) }, 'principal refused: missing or wrong signature');
      throw new ServiceError(AccessCode.TOKEN_EXPIRED);
    }
    principal = ZPrincipal.parse(JSON.parse(principalRaw));
    if (signature && deadlineRaw) signedPrincipal = { json: principalRaw, signature, deadline: deadlineRaw };
  }
  return {
    requestId: headers[Headers.requestId] ?? 'internal',
    region: ZShard.catch('jpn').parse(headers[Headers.region]),
    language: ZLanguage.catch('ja-jp').parse(headers[Headers.language]),
    principal,
    signedPrincipal,
    deadline,
    publicOrigin: headers[Headers.publicOrigin],
    clientIp: headers[Headers.clientIp],
    userAgent: headers[Headers.userAgent],
    sessionToken: headers[Headers.sessionToken],
    deviceToken: headers[Headers.deviceToken],
  };
}

const hostLog = createLogger('HandlerRegistry');

/**
 * Bounds the requests a service works on at once (MAX_CONCURRENT_REQUESTS): more wait in order.
 * A waiter whose caller has stopped waiting (deadline passed) is dropped when its turn comes.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly max: number) {}

  async acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next(); // the slot passes on
    else this.active--;
  }

  get running(): number {
    return this.active;
  }
  get queued(): number {
    return this.waiting.length;
  }
}

/** A request whose caller has already stopped waiting (its deadline passed): not worked on. */
export class DeadlinePassedError extends ServiceError {
  constructor() {
    super(AccessCode.SERVER_ERROR, 'http.timeout');
  }
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

  /**
   * With `checkReplies` (development and test: NODE_ENV is not production) every reply of a
   * route-bound handler is checked against its contract; one that departs from it is logged with
   * the route and the issues and answered 50000, so the test that made the call fails. Production
   * skips the check.
   */
  async register(transport: Transport, service: TServiceName, options: RegisterOptions): Promise<string[]> {
    const subjects: string[] = [];
    const limit = new ConcurrencyLimit(options.maxConcurrent ?? 32);
    const durables = new Set<string>();
    // Issue 24: the health check answers last, once every route and consumer is registered: the
    // gateway's readiness report (and `/readyz?all=true`) then means the service serves everything.
    const last: Array<() => Promise<void>> = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string | symbol, unknown> | undefined;
      if (!instance || typeof instance !== 'object') continue;
      const proto = Object.getPrototypeOf(instance);
      const handles: HandlerBinding[] = Reflect.getMetadata(HANDLES, proto) ?? [];
      for (const h of handles) {
        const fn = (instance[h.method] as (p: unknown) => Promise<unknown>).bind(instance);
        const check = options.checkReplies ? h.reply : undefined;
        const call = async (payload: unknown) => {
          const reply = await fn(h.schema ? h.schema.parse(payload ?? {}) : payload);
          if (check) this.checkReply(h, check, reply);
          return reply;
        };
        const serve = (payload: unknown, headers: MessageHeaders) => {
          // Issue 24: a service in maintenance refuses its routes at once (its health check still answers).
          if (options.maintenance && h.subject !== Subjects.health(service)) throw new ServiceError(AccessCode.MAINTENANCE, 'status.maintenance');
          const ctx = contextFromHeaders(headers, options.principalSecret);
          // The gateway answered 50000 already: whatever this would do, nobody reads it.
          if (ctx.deadline !== undefined && Date.now() >= ctx.deadline) throw new DeadlinePassedError();
          return inSpan(h.subject, SpanKind.SERVER, extractTrace(headers), () => runWithContext(ctx, () => call(payload)));
        };
        // The health check is not queued behind the work it reports on.
        const handler: RequestHandler = h.form === 'subject' ? async (payload, headers) => serve(payload, headers) : async (payload, headers) => {
          await limit.acquire();
          try {
            return await serve(payload, headers);
          } finally {
            limit.release();
          }
        };
        if (h.subject === Subjects.health(service)) last.push(() => transport.serve(h.subject, service, handler));
        else await transport.serve(h.subject, service, handler);
        subjects.push(h.subject);
      }
      const events: OnEventMeta[] = Reflect.getMetadata(ON_EVENT, proto) ?? [];
      for (const e of events) {
        const fn = (instance[e.method] as (p: unknown, msgId: string) => Promise<void>).bind(instance);
        const schema = eventSchema(e.subject);
        // Named by service and subject, not by method: renaming a method must not create a new
        // consumer that re-reads the whole stream (and orphans the old one).
        let durable = consumerName(service, e.subject);
        for (let i = 2; durables.has(durable); i++) durable = `${consumerName(service, e.subject)}-${i}`;
        durables.add(durable);
        const handler: EventHandler = (payload, headers) =>
          inSpan(e.subject, SpanKind.CONSUMER, extractTrace(headers), () =>
            runWithContext(contextFromHeaders(headers, options.principalSecret), () => fn(schema ? schema.parse(payload) : payload, headers['Nats-Msg-Id'])));
        await transport.consume(durable, [e.subject], handler);
        subjects.push(e.subject);
      }
    }
    for (const serve of last) await serve();
    this.log.debug({ service, subjects }, 'handlers registered');
    return subjects;
  }

  private checkReply(binding: HandlerBinding, schema: ZodType, reply: unknown): void {
    const issues = replyIssues(schema, reply);
    if (!issues.length) return;
    this.log.error({ route: binding.label, subject: binding.subject, issues }, 'reply does not match its contract');
    throw new ServiceError(AccessCode.SERVER_ERROR);
  }
}

export interface RegisterOptions {
  checkReplies: boolean;
  /** Verifies the gateway's principal signature (principal-signature.ts). */
  principalSecret?: string;
  /** MAX_CONCURRENT_REQUESTS. */
  maxConcurrent?: number;
  /** SERVICE_MAINTENANCE: every route answers 50001 (the health check still answers, saying so). */
  maintenance?: boolean;
}

/** A durable consumer's stable name: `<service>-<event subject>` with dots as underscores (proto: the NATS permissions name it too). */
export { consumerName };

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
