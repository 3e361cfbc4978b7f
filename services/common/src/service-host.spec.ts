import 'reflect-metadata';
import { Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_ROUTES, type ApiRequest, type ContractRequest } from '@portal/proto';
import { Handles, HandlerRegistry, HandlerRegistryModule, handlerBindings } from './service-host.js';
import { InProcessTransport } from './transport/in-process.transport.js';

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
