import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { operationCategory } from '@portal/proto';
import { mockApi } from '../../../test/api-mock';
import { renderPage, setCookie } from '../../../test/render';
import AuditLogPage from './AuditLogPage';

const asOperator = () => { setCookie('level', '3'); setCookie('login_operator_type', '3'); setCookie('user_id', 'op-1'); };
const CLIENT = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
type Actor = { kind: 'account' | 'operator' | 'partner' | 'support' | 'system'; uuid: string | null; name: string | null; organisation: string | null; behind: 'operator' | 'partner' | null };
const entry = (id: string, operation: string, actor: Actor, label: string, extra: Record<string, unknown> = {}) => ({
  id, occurred_at: '2026-11-22T01:02:03.000Z', operation, category: operationCategory(operation), detail: {}, actor, actor_label: label, actor_person: null,
  target_type: 'client', target_id: CLIENT, client_uuid: CLIENT, client_name: 'Demo Trading', shard: 'jpn', ...extra,
});
const operator: Actor = { kind: 'operator', uuid: 'op-1', name: 'Taro Unyo', organisation: null, behind: null };
const support: Actor = { kind: 'support', uuid: 'p-1', name: 'Hanako Partner', organisation: 'Demo Agency', behind: 'partner' };
const system: Actor = { kind: 'system', uuid: null, name: null, organisation: null, behind: null };
const PAGE_1 = {
  logs: [
    entry('1', 'client_suspended', operator, 'Operator (Taro Unyo)'),
    entry('2', 'notice_published', operator, 'Operator (Taro Unyo)', { target_type: 'notice', target_id: 'n-1', client_uuid: null, client_name: null, detail: { title: 'Maintenance on Sunday' } }),
    entry('3', 'account_invited', support, 'Partner Demo Agency (support login)', { actor_person: 'Hanako Partner' }),
  ],
  next_cursor: '1763773323000~3b241101-e2bb-4255-8caf-4136c566a962',
};
const PAGE_2 = { logs: [entry('4', 'trial_ended', system, 'System')], next_cursor: null };

describe('audit log (issue 25)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('names each actor in words, with the target and the operation, and pages by keyset', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({ 'GET /audit_log': (req) => ({ result: req.query.get('cursor') ? PAGE_2 : PAGE_1 }) });
    await renderPage(<AuditLogPage routeName="operator_audit_log" />, { url: '/operator/audit_log' });
    const table = within(await screen.findByRole('table', undefined, { timeout: 5000 }));
    expect(screen.getByRole('heading', { name: 'Audit log' })).toBeTruthy();
    expect(table.getAllByText('Operator (Taro Unyo)')).toHaveLength(2);
    expect(table.getByText('Partner Demo Agency (support login)')).toBeTruthy();
    expect(table.getByText('Hanako Partner')).toBeTruthy();
    expect(table.getByText('Notice published')).toBeTruthy();
    expect(table.getByText('Title: Maintenance on Sunday')).toBeTruthy();
    expect(table.getAllByText('Demo Trading')).toHaveLength(2);
    // No raw ids or enum values on screen.
    expect(document.body.textContent).not.toMatch(/0b9f3c5e|client_suspended|support_partner|n-1/);
    // Older: the next page starts at the previous page's cursor; newer goes back.
    fireEvent.click(screen.getByRole('button', { name: 'Older' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('System')).toBeTruthy());
    expect(api.calls('GET /audit_log').at(-1)!.query.get('cursor')).toBe(PAGE_1.next_cursor);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Older' }) as HTMLButtonElement).disabled).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Newer' }));
    expect(await screen.findByText('Partner Demo Agency (support login)')).toBeTruthy();
  });

  it('filters by actor type, target type and operation in the URL, and exports the same filter as a streamed CSV link', { timeout: 20_000 }, async () => {
    asOperator();
    const api = mockApi({ 'GET /audit_log': { result: PAGE_2 } });
    await renderPage(<AuditLogPage routeName="operator_audit_log" />, { url: '/operator/audit_log?actor_kind=operator' });
    await screen.findByRole('table', undefined, { timeout: 5000 });
    expect(api.calls('GET /audit_log')[0]!.query.get('actor_kind')).toBe('operator');
    fireEvent.change(screen.getByLabelText('Target type'), { target: { value: 'notice' } });
    await waitFor(() => expect(api.calls('GET /audit_log').at(-1)!.query.get('target_type')).toBe('notice'));
    fireEvent.change(screen.getByLabelText('Operation'), { target: { value: 'notice_published' } });
    await waitFor(() => expect(api.calls('GET /audit_log').at(-1)!.query.get('operation')).toBe('notice_published'));
    const link = screen.getByRole('link', { name: 'Export CSV' });
    const href = new URL(link.getAttribute('href')!, 'https://portal.example.jp');
    expect(href.pathname).toBe('/v1/audit_log/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({ actor_kind: 'operator', target_type: 'notice', operation: 'notice_published' });
    // The select offers actor types and targets in words.
    expect(within(screen.getByLabelText('Actor type')).getByRole('option', { name: 'Support login' })).toBeTruthy();
    expect(within(screen.getByLabelText('Target type')).getByRole('option', { name: 'Mail template' })).toBeTruthy();
  });

  it('shows each entry as a card on a phone', { timeout: 20_000 }, async () => {
    asOperator();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined,
      addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    mockApi({ 'GET /audit_log': { result: PAGE_1 } });
    await renderPage(<AuditLogPage routeName="partner_audit_log" />, { url: '/partner/audit_log' });
    const cards = within(await screen.findByTestId('audit-cards', undefined, { timeout: 5000 }));
    expect(cards.getAllByTestId('audit-entry')).toHaveLength(3);
    expect(cards.getAllByText('Operator (Taro Unyo)')).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
  });
});
