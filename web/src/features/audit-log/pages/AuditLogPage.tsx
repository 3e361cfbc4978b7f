import { useState } from 'react';
import { Badge, Box, Button, Card, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  ACTOR_KINDS, OPERATIONS, OPERATION_CATEGORIES, TARGET_TYPES, describeDetail, operationsOf,
  type TActorKind, type TOperationCategory, type TTargetType,
} from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { currentLanguage, hostLocale } from '../../../lib/locale';
import { isMessageKey, messageSource, renderMessage } from '../../../lib/server-messages';
import { ActorWords } from '../../../components/ActorWords';
import { auditExportUrl, useAuditLog, type TAuditFilter, type TAuditLogPage } from '../api';

const PER_PAGE = 50;
type TEntry = TAuditLogPage['logs'][number];
const FILTER_KEYS = ['from', 'to', 'actor_kind', 'actor', 'target_type', 'target_id', 'category', 'operation'] as const;
const message = (key: string) => renderMessage(currentLanguage(), key);
const opLabel = (op: string) => (isMessageKey(`operation.${op}`) ? message(`operation.${op}`) : op);

/**
 * Issue 25: the audit log (/operator/audit_log: every entry; /partner/audit_log: the partner's
 * staff's actions and its clients' log). Filters by period, actor, target and type live in the
 * URL; pages go by keyset (newer / older); the CSV is a link the gateway streams.
 */
export default function AuditLogPage({ routeName }: { routeName: string }) {
  const { t } = useTranslation();
  const title = t(`route.${routeName}`);
  const format = useDateTime();
  const region = hostLocale().region;
  const narrow = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [params, setParams] = useSearchParams();
  const filter: TAuditFilter = Object.fromEntries(FILTER_KEYS.flatMap((k) => (params.get(k) ? [[k, params.get(k)!]] : []))) as TAuditFilter;
  // Keyset pages: the cursors of the pages already seen (a filter change starts again at the newest).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors[cursors.length - 1];
  const log = useAuditLog({ ...filter, per_page: PER_PAGE, ...(cursor ? { cursor } : {}) });
  const setFilter = (key: (typeof FILTER_KEYS)[number], value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    // An event of another category would match nothing.
    if (key === 'category' && value && filter.operation && !(operationsOf(value as TOperationCategory) as string[]).includes(filter.operation)) next.delete('operation');
    setParams(next, { replace: true });
    setCursors([]);
  };
  const clear = () => { setParams(new URLSearchParams(), { replace: true }); setCursors([]); };

  const target = (l: TEntry) => (
    <Stack gap={0}>
      {l.target_type && <Text size="sm">{message(`target_type.${l.target_type}`)}</Text>}
      {l.client_name && <Text size="xs" c="dimmed">{l.client_name}</Text>}
    </Stack>
  );
  const what = (l: TEntry) => (
    <>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500}>{opLabel(l.operation)}</Text>
        {l.category && <Badge size="xs" variant="light" color="gray">{message(`operation_category.${l.category}`)}</Badge>}
      </Group>
      {describeDetail(l.operation, l.detail, { ...format.setting, region, hide: l.actor.kind === 'support' ? ['actor'] : [], messages: messageSource(format.setting.language) })
        .map((phrase, i) => <Text key={i} size="xs" c="dimmed">{phrase}</Text>)}
    </>
  );
  const half = { base: 'calc(50% - var(--mantine-spacing-sm) / 2)', sm: 'auto' };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{title}</Title>
        <Button component="a" variant="default" href={auditExportUrl(filter)} download>{t('audit.export')}</Button>
      </Group>
      <Group align="flex-end" gap="sm">
        <TextInput type="date" label={t('oplog.from')} w={half} value={filter.from ?? ''} onChange={(e) => setFilter('from', e.currentTarget.value)} />
        <TextInput type="date" label={t('oplog.to')} w={half} value={filter.to ?? ''} onChange={(e) => setFilter('to', e.currentTarget.value)} />
        <NativeSelect label={t('audit.actor_kind')} value={filter.actor_kind ?? ''} w={{ base: '100%', sm: 200 }}
          data={[{ value: '', label: t('audit.all_actor_kinds') }, ...ACTOR_KINDS.map((k: TActorKind) => ({ value: k, label: message(`actor_kind.${k}`) }))]}
          onChange={(e) => setFilter('actor_kind', e.currentTarget.value)} />
        <TextInput label={t('audit.actor')} placeholder={t('audit.actor_placeholder')} w={{ base: '100%', sm: 200 }} defaultValue={filter.actor ?? ''} key={`actor-${filter.actor ?? ''}`}
          onBlur={(e) => setFilter('actor', e.currentTarget.value.trim())} onKeyDown={(e) => { if (e.key === 'Enter') setFilter('actor', e.currentTarget.value.trim()); }} />
        <NativeSelect label={t('audit.target_type')} value={filter.target_type ?? ''} w={{ base: '100%', sm: 200 }}
          data={[{ value: '', label: t('audit.all_targets') }, ...TARGET_TYPES.map((k: TTargetType) => ({ value: k, label: message(`target_type.${k}`) }))]}
          onChange={(e) => setFilter('target_type', e.currentTarget.value)} />
        <TextInput label={t('audit.target_id')} placeholder={t('audit.target_id_placeholder')} w={{ base: '100%', sm: 280 }} defaultValue={filter.target_id ?? ''} key={`target-${filter.target_id ?? ''}`}
          onBlur={(e) => setFilter('target_id', e.currentTarget.value.trim())} onKeyDown={(e) => { if (e.key === 'Enter') setFilter('target_id', e.currentTarget.value.trim()); }} />
        <NativeSelect label={t('oplog.category')} value={filter.category ?? ''} w={{ base: '100%', sm: 200 }}
          data={[{ value: '', label: t('oplog.all_categories') }, ...OPERATION_CATEGORIES.map((c) => ({ value: c, label: message(`operation_category.${c}`) }))]}
          onChange={(e) => setFilter('category', e.currentTarget.value)} />
        <NativeSelect label={t('oplog.operation')} value={filter.operation ?? ''} w={{ base: '100%', sm: 240 }}
          data={[{ value: '', label: t('oplog.all') }, ...(filter.category ? operationsOf(filter.category) : OPERATIONS).map((o) => ({ value: o, label: opLabel(o) }))]}
          onChange={(e) => setFilter('operation', e.currentTarget.value)} />
        <Button variant="default" onClick={clear}>{t('oplog.clear')}</Button>
      </Group>
      <Text size="xs" c="dimmed">{t('oplog.timezone', { zone: format.timeZone, name: format.zoneName })}</Text>
      <QueryState query={log} isEmpty={(data) => data.logs.length === 0} empty={t('oplog.empty')}>
        {(data) => (
          <>
            {narrow ? (
              <Stack gap="xs" data-testid="audit-cards">
                {data.logs.map((l) => (
                  <Card key={l.id} withBorder radius="md" padding="sm" data-testid="audit-entry">
                    <Group justify="space-between" gap="xs" wrap="nowrap">
                      <Text size="xs" c="dimmed">{format.dateTime(l.occurred_at)}</Text>
                      {l.target_type && <Badge size="sm" variant="light">{message(`target_type.${l.target_type}`)}</Badge>}
                    </Group>
                    <Box mt={6}><ActorWords actor={l.actor} /></Box>
                    <Box mt={6}>{what(l)}</Box>
                    {l.client_name && <Text mt={4} size="xs" c="dimmed">{l.client_name}</Text>}
                  </Card>
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="xs" striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('oplog.datetime')}</Table.Th>
                      <Table.Th>{t('audit.actor')}</Table.Th>
                      <Table.Th>{t('oplog.detail')}</Table.Th>
                      <Table.Th>{t('audit.target')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.logs.map((l) => (
                      <Table.Tr key={l.id} data-testid="audit-entry">
                        <Table.Td><Text size="sm">{format.dateTime(l.occurred_at)}</Text></Table.Td>
                        <Table.Td><ActorWords actor={l.actor} /></Table.Td>
                        <Table.Td>{what(l)}</Table.Td>
                        <Table.Td>{target(l)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group justify="space-between">
              <Button variant="default" size="xs" disabled={!cursors.length} onClick={() => setCursors((c) => c.slice(0, -1))}>{t('audit.newer')}</Button>
              <Text size="sm" c="dimmed">{t('audit.page', { page: cursors.length + 1 })}</Text>
              <Button variant="default" size="xs" disabled={!data.next_cursor} onClick={() => data.next_cursor && setCursors((c) => [...c, data.next_cursor!])}>{t('audit.older')}</Button>
            </Group>
          </>
        )}
      </QueryState>
    </Stack>
  );
}
