import type { ReactNode } from 'react';
import { Group, Pagination, Text } from '@mantine/core';

/** How many pages a list of `total` rows has (at least one), counting at most `maxRows` rows when the server pages no deeper. */
export function pageCount(total: number, perPage: number, maxRows = Infinity): number {
  return Math.max(1, Math.ceil(Math.min(total, maxRows) / perPage));
}

/** Under a paged list: how many there are, and the pages. */
export function ListFooter({ summary, pages, page, onPage }: { summary: ReactNode; pages: number; page: number; onPage: (page: number) => void }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">{summary}</Text>
      <Pagination total={pages} value={page} onChange={onPage} size="sm" />
    </Group>
  );
}
