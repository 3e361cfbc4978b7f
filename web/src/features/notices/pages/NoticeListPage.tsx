import { useState } from 'react';
import { Accordion, Anchor, Badge, Group, Stack, Text, Title, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { productName } from '@portal/proto';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useMarkRead, useNoticeList } from '../api';

const PER_PAGE = 20;

/**
 * /notice/list (spec §2): the notices delivered to the caller's client or partner: fixed ones
 * first, then those shown on top, newest first. Opening an unread one records it as read
 * (POST /v1/notice/history), which lowers the badge.
 */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const [page, setPage] = useState(1);
  const list = useNoticeList({ page, per_page: PER_PAGE });
  const markRead = useMarkRead();

  function opened(id: string | null, unread: Set<string>) {
    if (id && unread.has(id)) markRead.mutate({ ids: [id] });
  }

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.notice_list')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t('notices.list_help')}</Text>
      </div>
      <QueryState query={list} isEmpty={(data) => data.notices.length === 0} empty={t('notices.empty')}>
        {(data) => {
          const unread = new Set(data.notices.filter((n) => !n.read).map((n) => n.id));
          return (
            <Stack gap="sm">
              <Accordion variant="separated" onChange={(id) => opened(id, unread)}>
                {data.notices.map((n) => (
                  <Accordion.Item key={n.id} value={n.id}>
                    <Accordion.Control>
                      <Stack gap={4}>
                        <Group gap="xs" wrap="wrap">
                          {!n.read && <Badge color="red" size="sm">{t('notices.unread')}</Badge>}
                          {n.fixed && <Badge variant="light" size="sm">{t('notices.fixed')}</Badge>}
                          {n.on_top && <Badge variant="light" color="orange" size="sm">{t('notices.on_top')}</Badge>}
                          {n.product && <Badge variant="outline" size="sm" tt="none">{productName(n.product)}</Badge>}
                        </Group>
                        <Text fw={n.read ? 400 : 700}>{n.title}</Text>
                        <Text size="xs" c="dimmed">{format.dateTime(n.starts_at)}</Text>
                      </Stack>
                    </Accordion.Control>
                    <Accordion.Panel>
                      <Typography>
                        {/* Sanitised on the server (service-common rich-text.ts) before it was stored. */}
                        <div dangerouslySetInnerHTML={{ __html: n.body }} />
                      </Typography>
                      {n.url && <Anchor href={n.url} target="_blank" rel="noopener noreferrer" size="sm">{t('notices.more')}</Anchor>}
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
              <ListFooter summary={t('notices.total', { count: data.total })} pages={pageCount(data.total, PER_PAGE)} page={page} onPage={setPage} />
            </Stack>
          );
        }}
      </QueryState>
    </Stack>
  );
}
