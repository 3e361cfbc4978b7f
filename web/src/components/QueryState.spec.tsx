import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../lib/api';
import { renderPage } from '../test/render';
import { QueryState, type QueryStateProps } from './QueryState';

type TList = { items: string[] };
const query = (over: Partial<QueryStateProps<TList>['query']> = {}): QueryStateProps<TList>['query'] => ({
  data: undefined, error: null, isError: false, isFetching: false, refetch: vi.fn(), ...over,
});
const show = (q: QueryStateProps<TList>['query']) => renderPage(
  <QueryState query={q} isEmpty={(d) => d.items.length === 0} empty="Nothing here yet.">
    {(d) => <ul>{d.items.map((i) => <li key={i}>{i}</li>)}</ul>}
  </QueryState>,
);

describe('QueryState: one pattern for loading, empty and failed reads', () => {
  it('shows a skeleton until the first answer', async () => {
    await show(query({ isFetching: true }));
    expect(screen.getByRole('status', { name: 'Loading…' }).getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the content, or the empty state with its message', async () => {
    const { unmount } = await show(query({ data: { items: ['a', 'b'] } }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    unmount();
    await show(query({ data: { items: [] } }));
    expect(screen.getByText('Nothing here yet.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('never leaves a failed read silent: the error, the server\'s words, and Retry', async () => {
    const refetch = vi.fn();
    await show(query({ isError: true, error: new ApiError(42900, 'Too many requests. Please wait a moment.', 429), refetch }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('The data could not be loaded.');
    expect(alert.textContent).toContain('Too many requests. Please wait a moment.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('says a network failure failed too, and prefers the error to stale content', async () => {
    await show(query({ isError: true, error: new TypeError('Failed to fetch'), data: { items: ['stale'] } }));
    expect(screen.getByRole('alert').textContent).toContain('The data could not be loaded.');
    expect(screen.queryByText('stale')).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
