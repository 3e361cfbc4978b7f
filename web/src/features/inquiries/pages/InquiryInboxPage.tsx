import { useState } from 'react';
import { Accordion, Badge, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { INQUIRY_STATUSES, productName, type TInquiryStatus } from '@portal/proto';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useInquiryInbox, useSetInquiryStatus } from '../api';
import { PURPOSE_LABEL, STATUS_COLOR, STATUS_LABEL } from '../labels';

const PER_PAGE = 20;

/**
 * /operator/inquiries and /partner/inquiries: the inquiries this operator or partner receives
 * (a partner: from its clients, once it has inquiry receivers), newest first, with their status.
 */
export default function InquiryInboxPage({ area }: { area: 'operator' | 'partner' }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const [params, setParams] = useState<{ page: number; status: TInquiryStatus | '' }>({ page: 1, status: '' });
  const list = useInquiryInbox({ page: params.page, per_page: PER_PAGE, status: params.status || undefined });
  const setStatus = useSetInquiryStatus();
  const statusData = INQUIRY_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }));

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t(area === 'operator' ? 'route.operator_inquiries' : 'route.partner_inquiries')}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t(area === 'operator' ? 'inquiries.inbox_help_operator' : 'inquiries.inbox_help_partner')}</Text>
      </div>
      <Select label={t('inquiries.status')} maw={260} value={params.status} allowDeselect={false}
        onChange={(v) => setParams({ page: 1, status: (v ?? '') as TInquiryStatus | '' })}
        data={[{ value: '', label: t('inquiries.status_any') }, ...statusData]} />
      <QueryState query={list} isEmpty={(data) => data.inquiries.length === 0} empty={t('inquiries.inbox_empty')}>
        {(data) => (
          <Stack gap="sm">
            <Accordion variant="separated">
              {data.inquiries.map((q) => (
                <Accordion.Item key={q.id} value={q.id}>
                  <Accordion.Control>
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <Stack gap={2}>
                        <Text fw={500} size="sm">{q.company_name} · {q.name}</Text>
                        <Text size="xs" c="dimmed">{format.dateTime(q.created_at)} · {t(PURPOSE_LABEL[q.purpose])}</Text>
                      </Stack>
                      <Badge color={STATUS_COLOR[q.status]} variant="light">{t(STATUS_LABEL[q.status])}</Badge>
                    </Group>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="xs">
                      <Text size="sm">{t('inquiries.email')}: {q.email}{q.phone ? ` · ${t('inquiries.phone')}: ${q.phone}` : ''}</Text>
                      {q.products.length > 0 && <Text size="sm">{t('inquiries.products')}: {q.products.map(productName).join(', ')}</Text>}
                      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{q.text}</Text>
                      <Select label={t('inquiries.status')} maw={220} value={q.status} allowDeselect={false} data={statusData} disabled={setStatus.isPending}
                        onChange={(v) => { if (v && v !== q.status) setStatus.mutate({ id: q.id, status: v as TInquiryStatus }); }} />
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
            <ListFooter summary={t('inquiries.total', { count: data.total })} pages={pageCount(data.total, PER_PAGE)} page={params.page} onPage={(page) => setParams((p) => ({ ...p, page }))} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
