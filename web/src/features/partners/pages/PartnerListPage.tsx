import { useEffect, useRef, useState } from 'react';
import { Anchor, Button, Card, Group, Pagination, SegmentedControl, Stack, Table, Text, TextInput, Title, UnstyledButton } from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PARTNER_LIST_SORTS, type TPartnerReviewState, type TPartnerStatus } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { toast } from '../../../lib/toast';
import { usePartnerCsv, usePartnerList } from '../api';
import { GRANTABLE_LABEL } from '../components/labels';
import { PartnerBadges, partnerKind } from '../components/PartnerBadges';
import { saveFile } from '../../../lib/save-file';
import { useListUrl } from '../../../lib/list-url';

const PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 300;
type TFilter = 'all' | TPartnerStatus | 'pending';
const FILTERS: readonly TFilter[] = ['all', 'active', 'suspended', 'pending'];

/**
 * /operator/partners: partners and sub-partners of every region, searchable by company name,
 * filtered by status or "awaiting review" (sub-partners a primary partner registered), CSV of the
 * same search. One card per partner at phone width.
 */
export default function PartnerListPage() {
  const { t } = useTranslation();
  const format = useDateTime();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  // Issue 25: search, filter, sort and page live in the URL; a search typed here that is a partner's UUID opens it.
  const { pick, update, page, q } = useListUrl();
  const params = { page, q, filter: pick('filter', FILTERS) ?? 'all', sort: pick('sort', PARTNER_LIST_SORTS) ?? 'created_at', order: pick('order', ['asc', 'desc'] as const) ?? 'desc' };
  const [query, setQuery] = useState(params.q);
  const typed = useRef(false);
  const navigate = useNavigate();
  const search = useDebouncedCallback((next: string) => update({ q: next.trim(), page: undefined }), SEARCH_DEBOUNCE_MS);
  const filters: { status?: TPartnerStatus; review_state?: TPartnerReviewState } =
    params.filter === 'pending' ? { review_state: 'pending' } : params.filter === 'all' ? {} : { status: params.filter, review_state: 'approved' };
  const list = usePartnerList({ page: params.page, per_page: PER_PAGE, q: params.q || undefined, sort: params.sort, order: params.order, ...filters });
  const exact = list.isPlaceholderData ? null : list.data?.exact;
  useEffect(() => {
    if (exact && typed.current) {
      typed.current = false;
      void navigate(`/operator/partners/${exact}`);
    }
  }, [exact]); // only a new exact answer opens it
  const header = (by: (typeof PARTNER_LIST_SORTS)[number], label: string) => (
    <Table.Th>
      <UnstyledButton onClick={() => update({ sort: by, order: params.sort === by && params.order === 'asc' ? 'desc' : 'asc', page: undefined })} fw={700} fz="sm">
        {label}{params.sort === by ? (params.order === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
  const csv = usePartnerCsv();

  async function download() {
    try {
      const file = await csv.mutateAsync({ q: params.q || undefined, sort: params.sort, order: params.order, ...filters });
      saveFile(file);
      toast(t('partners.csv_done', { count: file.rows }), 'success');
    } catch {
      toast(t('partners.csv_failed'));
    }
  }

  const pending = list.data?.pending ?? 0;
  return (
    <Stack gap="md" maw={1100}>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('route.operator_partners')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('partners.list_help')}</Text>
        </div>
        <Group gap="xs">
          <Button variant="default" onClick={() => void download()} loading={csv.isPending}>{t('partners.csv')}</Button>
          <Button component={Link} to="/operator/partners/new">{t('partners.new')}</Button>
        </Group>
      </Group>
      <Group gap="sm" align="flex-end">
        <TextInput placeholder={t('partners.search_any')} aria-label={t('partners.search_any')} value={query} w={phone ? '100%' : 380}
          onChange={(e) => { typed.current = true; setQuery(e.currentTarget.value); search(e.currentTarget.value); }} />
        <SegmentedControl value={params.filter} onChange={(v) => update({ filter: v === 'all' ? undefined : v, page: undefined })} size="xs"
          data={[
            { value: 'all', label: t('partners.filter_all') },
            { value: 'active', label: t('partners.status_active') },
            { value: 'suspended', label: t('partners.status_suspended') },
            { value: 'pending', label: pending ? t('partners.filter_pending_count', { count: pending }) : t('partners.review_pending') },
          ]} />
      </Group>
      <QueryState query={list} isEmpty={(data) => data.partners.length === 0} empty={t('partners.empty')}>
        {(data) => (
          <Stack gap="md">
            {data.search_truncated && <Text size="sm" c="dimmed">{t('partners.search_truncated')}</Text>}
            {phone ? (
              <Stack gap="sm" role="list" aria-label={t('route.operator_partners')}>
                {data.partners.map((row) => (
                  <Card key={row.uuid} withBorder radius="md" padding="md" role="listitem">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <div style={{ minWidth: 0 }}>
                        <Anchor component={Link} to={`/operator/partners/${row.uuid}`} fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>{row.company_name}</Anchor>
                        <Text size="xs" c="dimmed">{partnerKind(t, row)} · {t(`catalogue.region_${row.region}`)}</Text>
                      </div>
                      <PartnerBadges row={row} />
                    </Group>
                    <Group justify="space-between" mt="xs">
                      <Text size="xs">{t(GRANTABLE_LABEL[row.grantable_contracts])}</Text>
                      <Text size="xs" c="dimmed">{format.date(row.created_at)}</Text>
                    </Group>
                  </Card>
                ))}
              </Stack>
            ) : (
              <Card padding={0}>
                <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={t('route.operator_partners')}>
                  <Table.Thead>
                    <Table.Tr>
                      {header('company_name', t('partners.company_name'))}
                      <Table.Th>{t('partners.kind')}</Table.Th>
                      <Table.Th>{t('partners.region')}</Table.Th>
                      <Table.Th>{t('partners.grantable_contracts')}</Table.Th>
                      <Table.Th>{t('partners.status')}</Table.Th>
                      {header('created_at', t('partners.registered'))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.partners.map((row) => (
                      <Table.Tr key={row.uuid}>
                        <Table.Td><Anchor component={Link} to={`/operator/partners/${row.uuid}`} size="sm" fw={500}>{row.company_name}</Anchor></Table.Td>
                        <Table.Td><Text size="sm">{partnerKind(t, row)}</Text></Table.Td>
                        <Table.Td><Text size="sm">{t(`catalogue.region_${row.region}`)}</Text></Table.Td>
                        <Table.Td><Text size="sm">{t(GRANTABLE_LABEL[row.grantable_contracts])}</Text></Table.Td>
                        <Table.Td><PartnerBadges row={row} /></Table.Td>
                        <Table.Td><Text size="sm">{format.date(row.created_at)}</Text></Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            )}
            {data.total > PER_PAGE && (
              <Group justify="center"><Pagination total={Math.ceil(data.total / PER_PAGE)} value={params.page} onChange={(next) => update({ page: next > 1 ? next : undefined })} /></Group>
            )}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
