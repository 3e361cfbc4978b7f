import type { ReactNode } from 'react';
import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/api';

export interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** The page's content, once there is data to show. */
  children: (data: T) => ReactNode;
  /** Whether the answer has nothing to show; then `empty` is shown instead of the content. */
  isEmpty?: (data: T) => boolean;
  /** The empty state's message (a list's "No accounts match."). */
  empty?: ReactNode;
  /** Shown until the first answer (default: skeleton lines). */
  loading?: ReactNode;
}

/** The error a failed read shows: the server's words when it gave some (the catalogue's refusals). */
function messageOf(error: unknown): string {
  return error instanceof ApiError ? error.message : '';
}

export function LoadingState({ lines = 4 }: { lines?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" role="status" aria-busy="true" aria-label={t('common.loading')} data-testid="query-loading">
      {Array.from({ length: lines }, (_, i) => <Skeleton key={i} h={36} radius="sm" />)}
    </Stack>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Card padding="xl" withBorder data-testid="query-empty">
      {/* A div, not a paragraph: some pages give a Stack with a link or a button (valid HTML either way). */}
      <Text component="div" c="dimmed" size="sm" ta="center">{children}</Text>
    </Card>
  );
}

/** A failed read, never a silent empty page: what went wrong and a Retry button. */
export function ErrorState({ error, retrying, onRetry }: { error: unknown; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  const message = messageOf(error);
  return (
    <Alert color="red" variant="light" role="alert" title={t('common.load_failed')} data-testid="query-error">
      <Stack gap="sm" align="flex-start">
        {message && <Text size="sm">{message}</Text>}
        <Button size="xs" color="red" onClick={onRetry} loading={retrying}>{t('common.retry')}</Button>
      </Stack>
    </Alert>
  );
}

/**
 * The one pattern for a page's read (docs/architecture.md, "Adding a page"): a skeleton until the
 * first answer, the error with Retry when the read failed, the empty state when there is nothing,
 * else the content. A refetch (another page of a list) keeps the previous content on screen.
 */
export function QueryState<T>({ query, children, isEmpty, empty, loading }: QueryStateProps<T>) {
  if (query.isError) return <ErrorState error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  if (query.data === undefined) return <>{loading ?? <LoadingState />}</>;
  if (isEmpty?.(query.data) && empty !== undefined) return <EmptyState>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
