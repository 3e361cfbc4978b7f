import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useWizard } from './use-wizard';

const STEPS = ['licence', 'client', 'confirm'] as const;
const INITIAL = { company_name: '', email: '' };

describe('useWizard (issue 14 wizards)', () => {
  beforeEach(() => sessionStorage.clear());

  it('walks its steps and keeps what was entered', () => {
    const { result } = renderHook(() => useWizard('t', STEPS, INITIAL));
    expect(result.current.step).toBe('licence');
    expect(result.current.isFirst).toBe(true);
    act(() => result.current.update({ company_name: 'ACME' }));
    act(() => result.current.next());
    expect(result.current.step).toBe('client');
    expect(result.current.data).toEqual({ company_name: 'ACME', email: '' });
    act(() => result.current.next());
    expect(result.current.isLast).toBe(true);
    act(() => result.current.next());
    expect(result.current.step).toBe('confirm');
    act(() => result.current.back());
    expect(result.current.step).toBe('client');
  });

  it('survives a reload (a new mount reads sessionStorage) with the same idempotency key', () => {
    const first = renderHook(() => useWizard('t', STEPS, INITIAL));
    act(() => first.result.current.update({ email: 'a@example.com' }));
    act(() => first.result.current.goTo('confirm'));
    const key = first.result.current.idempotencyKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    first.unmount();
    const again = renderHook(() => useWizard('t', STEPS, INITIAL));
    expect(again.result.current.step).toBe('confirm');
    expect(again.result.current.data.email).toBe('a@example.com');
    expect(again.result.current.idempotencyKey).toBe(key);
  });

  it('starts afresh with a new key after finish, and ignores a damaged stored state', () => {
    const { result } = renderHook(() => useWizard('t', STEPS, INITIAL));
    const key = result.current.idempotencyKey;
    act(() => result.current.update({ email: 'b@example.com' }));
    act(() => result.current.finish());
    expect(result.current.data).toEqual(INITIAL);
    expect(result.current.step).toBe('licence');
    expect(result.current.idempotencyKey).not.toBe(key);
    sessionStorage.setItem('wizard.u', '{"step":"nowhere"');
    const other = renderHook(() => useWizard('u', STEPS, INITIAL));
    expect(other.result.current.step).toBe('licence');
  });
});
