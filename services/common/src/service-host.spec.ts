import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, type ApiRequest, type ContractRequest } from '@portal/proto';
import { Handles, HandlerRegistry, HandlerRegistryModule, handlerBindings } from './service-host.js';
import { InProcessTransport } from './transport/in-process.transport.js';
import { requireContext } from './context.js';
import { signPrincipal } from './principal-signature.js';

const ECHO = {
  subject: 'test.echo.run',
  request: z.object({ text: z.string().min(1), times: z.coerce.number().int().default(1) }),
  response: z.object({ echoed: z.string(), note: z.string().nullable().default(null) }),
} as const;
const GRANTING = { ...ECHO, subject: 'test.echo.login', session: 'create' as const };

/** What the handler will answer next (each test sets it). */
let reply: unknown = {};

@Injectable()
class EchoHandler {
  @Handles(ECHO)
  echo(input: ContractRequest<typeof ECHO>) {
    return Promise.resolve({ echoed: input.text.repeat(input.times), ...(reply as object) });
  }

  @Handles(GRANTING)
  login(input: ContractRequest<typeof GRANTING>) {
    return { echoed: input.text, ...(reply as object) };
  }

  @Handles('test.echo.ping')
  ping() {
    return reply;
  }
}

@Module({ imports: [HandlerRegistryModule], providers: [EchoHandler] })
class EchoModule {}

describe('@Handles and the handler registry', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    reply = {};
  });

  async function serve(checkReplies: boolean) {
    const transport = new InProcessTransport();
    const app = await NestFactory.createApplicationContext(EchoModule, { logger: false });
    await app.get(HandlerRegistry).register(transport, 'identity', { checkReplies });
    close = () => app.close();
    return (subject: string, payload: unknown) => transport.request<Record<string, unknown>>(subject, payload, { headers: {}, timeoutMs: 1000 });
  }

  it('records how each method is bound', () => {
    expect(handlerBindings(EchoHandler).map((b) => [b.form, b.subject, String(b.method)])).toEqual([
      ['route', 'test.echo.run', 'echo'], ['route', 'test.echo.login', 'login'], ['subject', 'test.echo.ping', 'ping'],
    ]);
    const [route] = handlerBindings(EchoHandler);
    expect(route!.schema).toBe(ECHO.request);
    expect(route!.reply).toBe(ECHO.response);
  });

  it('parses the request with the contract (defaults, coercion) and refuses a bad one with 40011', async () => {
    const call = await serve(true);
    expect(await call('test.echo.run', { text: 'ab', times: '2' })).toEqual({ ok: true, data: { echoed: 'abab' } });
    expect(await call('test.echo.run', { text: '' })).toMatchObject({ ok: false, error: { code: 40011 } });
  });

  it('answers 50000 for a reply that departs from the contract: a wrong type, a missing field, an undeclared key', async () => {
    const call = await serve(true);
    reply = { note: 42 };
    expect(await call('test.echo.run', { text: 'a' })).toMatchObject({ ok: false, error: { code: 50000 } });
    reply = { echoed: undefined };
    expect(await call('test.echo.run', { text: 'a' })).toMatchObject({ ok: false, error: { code: 50000 } });
    reply = { secret: 'not in the contract' };
    expect(await call('test.echo.run', { text: 'a' })).toMatchObject({ ok: false, error: { code: 50000 } });
    reply = { note: 'fine' };
    expect(await call('test.echo.run', { text: 'a' })).toEqual({ ok: true, data: { echoed: 'a', note: 'fine' } });
  });

  it('lets a session-creating contract answer its grant, and checks the grant', async () => {
    const call = await serve(true);
    reply = { session: { token: 'jpn.t', expires_at: '2026-11-24T00:00:00.000Z', hints: {} } };
    expect(await call('test.echo.login', { text: 'a' })).toMatchObject({ ok: true });
    reply = { session: { token: 7 } };
    expect(await call('test.echo.login', { text: 'a' })).toMatchObject({ ok: false, error: { code: 50000 } });
    reply = { session: { token: 'jpn.t', expires_at: '2026-11-24T00:00:00.000Z', hints: {} } };
    expect(await call('test.echo.run', { text: 'a' })).toMatchObject({ ok: false, error: { code: 50000 } });
  });

  it('skips the check in production, and never checks a subject-form handler', async () => {
    const call = await serve(false);
    reply = { secret: 'sent as is' };
    expect(await call('test.echo.run', { text: 'a' })).toEqual({ ok: true, data: { echoed: 'a', secret: 'sent as is' } });
    close = undefined;
    const checked = await serve(true);
    reply = { anything: true };
    expect(await checked('test.echo.ping', {})).toEqual({ ok: true, data: { anything: true } });
  });
});

describe('the registry guards every request (issue 9)', () => {
  const SECRET = 'x'.repeat(40);
  const principal = JSON.stringify({
    account_uuid: 'a', context: 'operator', client_uuid: null, partner_uuid: null, level: 9, contract_type: 'none', proxy: false,
    partner_in_client_area: false, region: 'jpn', language: 'en-us', home_shard: 'global', session_id: 's',
  });
  let seen: (string | undefined)[] = [];
  let gate: Promise<void> = Promise.resolve();
  let running = 0;
  let most = 0;

  @Injectable()
  class WhoHandler {
    @Handles(ECHO)
    async echo(input: ContractRequest<typeof ECHO>) {
      running++;
      most = Math.max(most, running);
      await gate;
      running--;
      seen.push(requireContext().principal?.context);
      return { echoed: input.text };
    }
  }
  @Module({ imports: [HandlerRegistryModule], providers: [WhoHandler] })
  class WhoModule {}

  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    seen = [];
    gate = Promise.resolve();
    most = 0;
  });
  async function serve(maxConcurrent = 32) {
    const transport = new InProcessTransport();
    const app = await NestFactory.createApplicationContext(WhoModule, { logger: false });
    await app.get(HandlerRegistry).register(transport, 'identity', { checkReplies: true, principalSecret: SECRET, maxConcurrent });
    close = () => app.close();
    return (headers: Record<string, string>) => transport.request<Record<string, unknown>>('test.echo.run', { text: 'a' }, { headers, timeoutMs: 1000 });
  }

  it('accepts a principal signed by the gateway and refuses an unsigned or wrongly signed one (40000) before the handler runs', async () => {
    const call = await serve();
    const deadline = String(Date.now() + 5000);
    expect(await call({ 'x-principal': principal, 'x-deadline': deadline, 'x-principal-sig': signPrincipal(SECRET, principal, deadline) })).toMatchObject({ ok: true });
    expect(await call({ 'x-principal': principal, 'x-deadline': deadline })).toMatchObject({ ok: false, error: { code: 40000 } });
    expect(await call({ 'x-principal': principal, 'x-deadline': deadline, 'x-principal-sig': signPrincipal('y'.repeat(40), principal, deadline) })).toMatchObject({ ok: false, error: { code: 40000 } });
    // The signature covers the exact header: a principal edited after signing (another context) is refused.
    const edited = principal.replace('"level":9', '"level":6');
    expect(await call({ 'x-principal': edited, 'x-deadline': deadline, 'x-principal-sig': signPrincipal(SECRET, principal, deadline) })).toMatchObject({ ok: false, error: { code: 40000 } });
    expect(seen).toEqual(['operator']);
  });

  it('does not start work whose caller has stopped waiting (deadline passed)', async () => {
    const call = await serve();
    expect(await call({ 'x-deadline': String(Date.now() - 1) })).toMatchObject({ ok: false, error: { code: 50000, message: { key: 'http.timeout' } } });
    expect(await call({ 'x-deadline': String(Date.now() + 5000) })).toMatchObject({ ok: true });
    expect(seen).toHaveLength(1);
  });

  it('works on at most MAX_CONCURRENT_REQUESTS at once; the rest wait their turn', async () => {
    const call = await serve(3);
    let open!: () => void;
    gate = new Promise<void>((resolve) => { open = resolve; });
    const calls = Array.from({ length: 10 }, () => call({}));
    await new Promise((r) => setImmediate(r));
    expect(running).toBe(3);
    open();
    expect((await Promise.all(calls)).every((r) => r.ok)).toBe(true);
    expect(most).toBe(3);
  });
});

/**
 * Type-level checks (tsc runs over this file in `npm run lint`): a handler whose input annotation is
 * not exactly the contract's request, or whose reply does not fit its response, does not compile.
 */
export class TypeChecks {
  @Handles(API_ROUTES.userReinvite)
  good(input: ApiRequest<'userReinvite'>) { return { uuid: input.uuid, status: 'invited' }; }

  @Handles(API_ROUTES.userReinvite)
  noInput() { return Promise.resolve({ uuid: 'u', status: 'invited' }); }

  // @ts-expect-error a hand-written input type narrower than the request
  @Handles(API_ROUTES.userStatus) narrower(input: { uuid: string }) { return { uuid: input.uuid, status: 'x' }; }

  // @ts-expect-error an input type of another route
  @Handles(API_ROUTES.userStatus) other(input: ApiRequest<'userReinvite'>) { return { uuid: input.uuid, status: 'x' }; }

  // @ts-expect-error a reply missing a field of the response
  @Handles(API_ROUTES.userReinvite) missing(input: ApiRequest<'userReinvite'>) { return { uuid: input.uuid }; }

  // @ts-expect-error a reply of the wrong type, asynchronously
  @Handles(API_ROUTES.passwordResetCheck) wrongType() { return Promise.resolve({ valid: 'yes', state: 'valid' }); }

  @Handles(API_ROUTES.login)
  grant() { return { mfa_required: false, session: { token: 'jpn.t', expires_at: '2026-11-24T00:00:00.000Z', hints: {} } }; }

  // @ts-expect-error a session grant of the wrong shape on a session-creating route
  @Handles(API_ROUTES.login) badGrant() { return { mfa_required: false, session: { token: 1 } }; }
}
