import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { notificationsStore } from '@mantine/notifications';
import { Providers, createQueryClient } from '../app/Providers';
import { TOAST_DELAY_MS, TOAST_DURATION_MS, toast } from './toast';

/** Spec §8 "toasts close after 3 seconds (top-center, newest on top)", §9 "Toast 3 s (delay 500 ms)". */
describe('toast', () => {
  beforeEach(() => {
    notificationsStore.setState({ ...notificationsStore.getState(), notifications: [], queue: [] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears after 500 ms at the top centre, newest first, and closes 3 s later', async () => {
    expect([TOAST_DELAY_MS, TOAST_DURATION_MS]).toEqual([500, 3000]);
    render(<Providers queryClient={createQueryClient()}><main /></Providers>);
    // The container is a lazy chunk (app/Providers.tsx): let it mount before the clock stops.
    await act(async () => {
      await import('../app/components/Toasts');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    vi.useFakeTimers();
    act(() => {
      toast('older');
      toast('newer');
    });
    act(() => vi.advanceTimersByTime(TOAST_DELAY_MS - 1));
    expect(screen.queryByText('older')).toBeNull();
    act(() => vi.advanceTimersByTime(1));

    const stack = within(document.querySelector<HTMLElement>('[data-position="top-center"]')!);
    const newer = stack.getByText('newer');
    const older = stack.getByText('older');
    expect(newer.closest('[data-position]')?.getAttribute('data-position')).toBe('top-center');
    // Newest on top: earlier in the document order of the top-centre stack.
    expect(newer.compareDocumentPosition(older) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notificationsStore.getState().notifications.map((n) => [n.message, n.autoClose])).toEqual([['newer', 3000], ['older', 3000]]);

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(notificationsStore.getState().notifications).toHaveLength(2);
    act(() => vi.advanceTimersByTime(1000)); // 3 s, and the closing transition
    expect(notificationsStore.getState().notifications).toHaveLength(0);
  });

  it('is read out: the container is a live region before any toast shows; an error is an alert, the rest a status (issue 26)', async () => {
    render(<Providers queryClient={createQueryClient()}><main /></Providers>);
    await act(async () => {
      await import('../app/components/Toasts');
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    const region = document.querySelector<HTMLElement>('[data-position="top-center"]')!;
    expect(region.getAttribute('aria-live')).toBe('polite');
    vi.useFakeTimers();
    act(() => {
      toast('saved', 'success');
      toast('refused');
    });
    act(() => vi.advanceTimersByTime(TOAST_DELAY_MS));
    expect(within(region).getByRole('status').textContent).toContain('saved');
    expect(within(region).getByRole('alert').textContent).toContain('refused');
  });
});
