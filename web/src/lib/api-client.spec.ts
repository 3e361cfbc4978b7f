import { beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import { ZodError } from 'zod';
import { IDENTITY_ROUTES } from '@portal/proto';
import { mockApi } from '../test/api-mock';
import { FormError } from './api';
import { browser } from './browser';
import { callRoute, routeKey } from './api-client';
import { invalidateRoutes, useRouteMutation } from './api-query';
import { uploadRoute } from './upload';

const UUID = '3b241101-e2bb-4255-8caf-4136c566a962';
const counts = { active: 1, inactive: 0, invited: 0, expired: 0, modifymail: 0 };
const row = { uuid: UUID, name: 'Hanako', email: 'hanako@example.com', authority: 'user', services: [], status: 'active', pending_email: null, language: 'en-us', actions: ['edit', 'ban', 'delete'] };

beforeEach(() => {
  vi.spyOn(browser, 'hardNavigate').mockImplementation(() => undefined);
});

describe('callRoute: method, path and contract from the route object', () => {
  it('GET: the input goes in the query string; the answer is parsed with the route\'s response schema', async () => {
    const api = mockApi({ 'GET /user/list': { result: { users: [row], total: 1, status_counts: counts, not_in_the_contract: true } } });
    const list = await callRoute(IDENTITY_ROUTES.userList, { page: 2, per_page: 20, q: 'hana', status: undefined });
    expect(api.calls('GET /user/list')[0]!.query.toString()).toBe('page=2&per_page=20&q=hana');
    // Fields the contract defaults (the support marks) are filled in; fields outside it are dropped.
    expect(list).toEqual({ users: [{ ...row, support_created_by: null, support_changed_by: null, support_changed_at: null }], total: 1, status_counts: counts });
  });

  it('POST and PUT send JSON; DELETE sends the query string', async () => {
    const api = mockApi({
      'POST /user/invite': { result: { invited: [{ uuid: UUID, email: 'hanako@example.com' }] } },
      'DELETE /user': { result: {} },
    });
    const users = [{ email: 'hanako@example.com', family_name: 'Yamada', given_name: 'Hanako', authority: 'user' as const, products: ['actibook' as const] }];
    await callRoute(IDENTITY_ROUTES.userInvite, { users });
    await callRoute(IDENTITY_ROUTES.userDelete, { uuid: UUID });
    expect(api.calls('POST /user/invite')[0]!.body).toEqual({ users });
    expect(api.calls('DELETE /user')[0]!.query.get('uuid')).toBe(UUID);
    expect(api.calls('DELETE /user')[0]!.body).toBeNull();
  });

  it('an answer that breaks the contract is an error, never data', async () => {
    mockApi({ 'GET /user/list': { result: { users: 'none', total: 0 } } });
    await expect(callRoute(IDENTITY_ROUTES.userList, {})).rejects.toBeInstanceOf(ZodError);
  });

  it('keeps the error catalogue: a 40011 is a FormError with the field errors', async () => {
    mockApi({ 'DELETE /user': { code: 40011, message: 'Please check the input.', errors: { uuid: ['Unknown account.'] } } });
    const error = await callRoute(IDENTITY_ROUTES.userDelete, { uuid: UUID }, { quiet: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FormError);
    expect((error as FormError).errors).toEqual({ uuid: ['Unknown account.'] });
  });

  it('a multipart route takes a file through uploadRoute only, and uploadRoute only multipart routes', async () => {
    mockApi();
    await expect(callRoute(IDENTITY_ROUTES.userInviteCsv, { file_name: 'a.csv', content: '' })).rejects.toThrow(/takes a file: use uploadRoute/);
    await expect(uploadRoute(IDENTITY_ROUTES.userList, new FormData(), () => undefined)).rejects.toThrow(/is not a multipart upload/);
  });

  it('types the input and the answer from the route (tsc checks this block)', () => {
    const typed = async () => {
      // @ts-expect-error a path string is not a route
      await callRoute('/user/list', {});
      // @ts-expect-error the contract has no such field
      await callRoute(IDENTITY_ROUTES.userDelete, { id: UUID });
      const list = await callRoute(IDENTITY_ROUTES.userList, { page: 1 });
      expectTypeOf(list.users[0]!.email).toEqualTypeOf<string>();
      expectTypeOf(list.total).toEqualTypeOf<number>();
    };
    expect(typed).toBeTypeOf('function');
  });
});

describe('query keys and invalidation', () => {
  it('names a route by [path, method] and one call by [path, method, input]', () => {
    expect(routeKey(IDENTITY_ROUTES.userList)).toEqual(['/user/list', 'GET']);
    expect(routeKey(IDENTITY_ROUTES.userList, { page: 3, q: 'x' })).toEqual(['/user/list', 'GET', { page: 3, q: 'x' }]);
    // Same path, other method: another route (GET /user reads an account, DELETE /user deletes one).
    expect(routeKey(IDENTITY_ROUTES.userGet)).not.toEqual(routeKey(IDENTITY_ROUTES.userDelete));
  });

  it('invalidating a route marks every call of it stale, and nothing else', async () => {
    const client = new QueryClient();
    client.setQueryData(routeKey(IDENTITY_ROUTES.userList, { page: 1 }), { users: [] });
    client.setQueryData(routeKey(IDENTITY_ROUTES.userList, { page: 2, q: 'x' }), { users: [] });
    client.setQueryData(routeKey(IDENTITY_ROUTES.userGet, { uuid: UUID }), { uuid: UUID });
    await invalidateRoutes(client, [IDENTITY_ROUTES.userList]);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(invalidated(routeKey(IDENTITY_ROUTES.userList, { page: 1 }))).toBe(true);
    expect(invalidated(routeKey(IDENTITY_ROUTES.userList, { page: 2, q: 'x' }))).toBe(true);
    expect(invalidated(routeKey(IDENTITY_ROUTES.userGet, { uuid: UUID }))).toBe(false);
  });

  it('a mutation invalidates the reads it changes once it succeeded, and after a refusal only when asked to', async () => {
    let refuse = false;
    mockApi({ 'DELETE /user': () => (refuse ? { code: 40011, message: 'No.' } : { result: {} }) });
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children);
    const fill = () => {
      client.setQueryData(routeKey(IDENTITY_ROUTES.userList, { page: 1 }), { users: [] });
      client.setQueryData(routeKey(IDENTITY_ROUTES.profileGet, {}), { uuid: 'me' });
    };
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

    fill();
    const onSuccess = renderHook(() => useRouteMutation(IDENTITY_ROUTES.userDelete, { invalidates: [IDENTITY_ROUTES.userList], quiet: true }), { wrapper });
    await act(() => onSuccess.result.current.mutateAsync({ uuid: UUID }));
    expect(invalidated(routeKey(IDENTITY_ROUTES.userList, { page: 1 }))).toBe(true);
    expect(invalidated(routeKey(IDENTITY_ROUTES.profileGet, {}))).toBe(false);

    refuse = true;
    client.clear();
    fill();
    await act(() => onSuccess.result.current.mutateAsync({ uuid: UUID }).catch(() => undefined));
    expect(invalidated(routeKey(IDENTITY_ROUTES.userList, { page: 1 }))).toBe(false);
    const onSettled = renderHook(() => useRouteMutation(IDENTITY_ROUTES.userDelete, { invalidates: [IDENTITY_ROUTES.userList], invalidateOn: 'settled', quiet: true }), { wrapper });
    await act(() => onSettled.result.current.mutateAsync({ uuid: UUID }).catch(() => undefined));
    expect(invalidated(routeKey(IDENTITY_ROUTES.userList, { page: 1 }))).toBe(true);
  });
});
