import { useEffect, useRef, useState } from 'react';
import {
  Anchor, Badge, Button, Card, Checkbox, Group, Select, Stack, Table, Text, TextInput, Title, UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CLIENT_BULK_MAX, CLIENT_LIST_MAX_DEPTH, CLIENT_LIST_SORTS, CLIENT_STATUSES, CONTRACT_TYPES, LICENCE_TYPES, PRODUCT_IDS, REGIONS, productName,
  type TBackofficeClientRow, type TClientListSort, type TRegion,
} from '@portal/proto';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { SupportLoginDialog, useSupportLoginFlow } from '../../../components/SupportLoginDialog';
import { QueryState } from '../../../components/QueryState';
import { ApiError } from '../../../lib/api';
import { useDateTime } from '../../../lib/datetime';
import { currentLanguage } from '../../../lib/locale';
import { renderMessage } from '../../../lib/server-messages';
import { toast } from '../../../lib/toast';
import { useBoClientCsv, useBoClients, useIssueSupportLogin } from '../api';
import { saveFile } from '../../../lib/save-file';
import { contractTypeLabel } from '../../../lib/contract-labels';
import { useListUrl } from '../../../lib/list-url';
import { ClientBulkBar, selectionKey } from '../components/ClientBulkBar';

const PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 300;
/** Regions by their country (ISO 3166), named in the visitor's language by the browser; `other` has no country. */
const REGION_COUNTRY: Record<TRegion, string | null> = {
  jpn: 'JP', usa: 'US', mys: 'MY', chn: 'CN', twn: 'TW', vnm: 'VN', tha: 'TH', phl: 'PH', sgp: 'SG', idn: 'ID', other: null,
};
type TClientRow = TBackofficeClientRow;
const STATUS_COLOR: Record<TClientRow['status'], string> = { active: 'teal', inactive: 'gray' };

type Filters = { status?: 'active' | 'inactive'; licence_type?: (typeof LICENCE_TYPES)[number]; contract_type?: (typeof CONTRACT_TYPES)[number]; region?: TRegion; product?: (typeof PRODUCT_IDS)[number]; plan?: string };

/**
 * The client list of the partner area (the partner's own clients) and of the operator area (every
 * region's clients): company, region, contract, licence, status and registration date; searchable
 * by company name, sortable, paged. "Support login" issues a single-use link and opens it in a new
 * tab. One browser holds one session, so the support session replaces the caller's own: a dialog
 * says so first (docs/decisions.md). When a support login is not possible, the server's reason
 * is written under the disabled action, on the table row and on the phone's card.
 */
export default function ClientListPage({ area }: { area: 'partner' | 'operator' }) {
  const { t, i18n } = useTranslation();
  // Issue 25: search, filters, sort and page live in the URL (useListUrl).
  const { url, pick, update, page, q } = useListUrl();
  const params = {
    page, q,
    sort: pick('sort', CLIENT_LIST_SORTS) ?? 'created_at',
    order: pick('order', ['asc', 'desc'] as const) ?? 'desc',
  };
  const filters: Filters = {
    status: pick('status', CLIENT_STATUSES), licence_type: pick('licence_type', LICENCE_TYPES), contract_type: pick('contract_type', CONTRACT_TYPES),
    region: pick('region', REGIONS), product: pick('product', PRODUCT_IDS), plan: url.get('plan')?.trim() || undefined,
  };
  const [query, setQuery] = useState(params.q);
  // A new search or filter starts again at page 1.
  const search = useDebouncedCallback((next: string) => update({ q: next.trim(), page: undefined }), SEARCH_DEBOUNCE_MS);
  // Issue 25: a search typed here that names one client exactly (its UUID, an invoice number) opens
  // it; one read from the URL (a reload, the way back) shows the row.
  const typed = useRef(false);
  const navigate = useNavigate();
  // Issue 14, slice A: filters (status, licence type, contract type, region, product, plan) and CSV.
  // A filter with nothing chosen says "All".
  const filterSelect = { clearable: true, placeholder: t('clients.filter_all'), size: 'xs' } as const;
  const setFilter = (key: keyof Filters, value: string | null) => update({ [key]: value || undefined, page: undefined });
  const list = useBoClients(area, { page: params.page, per_page: PER_PAGE, q: params.q || undefined, sort: params.sort, order: params.order, ...filters });
  const csv = useBoClientCsv(area);
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const infoPath = (row: Pick<TClientRow, 'region' | 'uuid'>) => `/${area}/clients/${row.region}/${row.uuid}`;
  const exact = list.isPlaceholderData ? null : list.data?.exact;
  useEffect(() => {
    if (exact && typed.current) {
      typed.current = false;
      void navigate(infoPath(exact));
    }
  }, [exact]); // only a new exact answer opens it

  // Issue 25 point 5: the selection for the bulk actions, kept across pages and searches (at most CLIENT_BULK_MAX).
  const [selected, setSelected] = useState<Map<string, TClientRow>>(new Map());
  const select = (rows: TClientRow[], on: boolean) => setSelected((prev) => {
    const next = new Map(prev);
    for (const row of rows) {
      if (!on) next.delete(selectionKey(row));
      else if (next.size < CLIENT_BULK_MAX) next.set(selectionKey(row), row);
      else { toast(t('client_bulk.cap', { max: CLIENT_BULK_MAX }), 'error'); break; }
    }
    return next;
  });
  const isSelected = (row: TClientRow) => selected.has(selectionKey(row));

  async function downloadCsv() {
    try {
      const file = await csv.mutateAsync({ q: params.q || undefined, sort: params.sort, order: params.order, ...filters });
      saveFile(file);
      toast(t('bo_clients.downloaded', { count: file.rows }), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.message) toast(error.message, 'error');
    }
  }
  const issue = useIssueSupportLogin();
  // The client's settings may have changed since the list was read (the hook reads the list again).
  const support = useSupportLoginFlow({
    issue: (row: TClientRow) => issue.mutateAsync({ client_uuid: row.uuid, region: row.region }),
    openedText: (row) => t('clients.opened', { company: row.company_name }),
  });

  const format = useDateTime();
  const countries = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const regionName = (region: TRegion) => {
    const country = REGION_COUNTRY[region];
    return country ? countries.of(country) ?? country : t('clients.region_other');
  };
  const reasonText = (row: TClientRow) => renderMessage(currentLanguage(), `proxy.${row.support_login.reason ?? 'cannot'}`);

  const header = (by: TClientListSort, label: string) => (
    <Table.Th>
      <UnstyledButton onClick={() => update({ sort: by, order: params.sort === by && params.order === 'asc' ? 'desc' : 'asc' })} fw={700} fz="sm">
        {label}{params.sort === by ? (params.order === 'asc' ? ' ▲' : ' ▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );

  // Pages beyond the merge's depth are refused by the server: the footer offers only those it serves.
  const tooDeep = renderMessage(currentLanguage(), 'client_list.too_deep', { max: CLIENT_LIST_MAX_DEPTH.toLocaleString('en-US') });
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t(`route.${area}_clients`)}</Title>
        <Text c="dimmed" size="sm" mt={4}>{t(`clients.${area}_help`)}</Text>
      </div>
      <Group align="flex-end" gap="sm">
        <TextInput placeholder={t('clients.search_any')} aria-label={t('clients.search_any')} value={query} maw={420} style={{ flex: '1 1 260px' }}
          onChange={(e) => { typed.current = true; setQuery(e.currentTarget.value); search(e.currentTarget.value); }} />
        <Button variant="default" loading={csv.isPending} onClick={() => void downloadCsv()}>{t('bo_clients.csv')}</Button>
        {area === 'operator' && <Button component={Link} to="/operator_clientcreate_account">{t('bo_clients.create')}</Button>}
      </Group>
      <Group gap="sm" wrap="wrap">
        <Select {...filterSelect} w={150} label={t('clients.status')} value={filters.status ?? null} onChange={(v) => setFilter('status', v)}
          data={CLIENT_STATUSES.map((v) => ({ value: v, label: t(`clients.status_${v}`) }))} />
        <Select {...filterSelect} w={150} label={t('clients.licence_type')} value={filters.licence_type ?? null} onChange={(v) => setFilter('licence_type', v)}
          data={LICENCE_TYPES.map((v) => ({ value: v, label: t(`clients.licence_${v}`) }))} />
        <Select {...filterSelect} w={180} label={t('clients.contract_type')} value={filters.contract_type ?? null} onChange={(v) => setFilter('contract_type', v)}
          data={CONTRACT_TYPES.map((v) => ({ value: v, label: contractTypeLabel(v) }))} />
        <Select {...filterSelect} w={150} label={t('clients.region')} value={filters.region ?? null} onChange={(v) => setFilter('region', v)}
          data={REGIONS.map((v) => ({ value: v, label: regionName(v) }))} />
        <Select {...filterSelect} searchable w={160} label={t('bo_clients.product')} value={filters.product ?? null} onChange={(v) => setFilter('product', v)}
          data={PRODUCT_IDS.map((v) => ({ value: v, label: productName(v) }))} />
        <TextInput size="xs" w={140} label={t('bo_clients.plan')} value={url.get('plan') ?? ''} onChange={(e) => setFilter('plan', e.currentTarget.value)} />
      </Group>
      {selected.size > 0 && (
        <ClientBulkBar area={area} selected={[...selected.values()]} onClear={() => setSelected(new Map())}
          onSuspended={(done) => setSelected((prev) => new Map([...prev].map(([key, row]) => [key, done.results.some((r) => r.outcome === 'suspended' && selectionKey(r) === key) ? { ...row, status: 'inactive' } : row])))} />
      )}
      <QueryState query={list} isEmpty={(data) => data.clients.length === 0} empty={t('clients.empty')}>
        {(data) => (
          <>
            {data.search_truncated && <Text size="sm" c="dimmed">{t('clients.search_truncated')}</Text>}
            {phone ? (
              <Stack gap="sm">
                <Checkbox label={t('client_bulk.select_page')} checked={data.clients.length > 0 && data.clients.every(isSelected)}
                  indeterminate={data.clients.some(isSelected) && !data.clients.every(isSelected)} onChange={(e) => select(data.clients, e.currentTarget.checked)} />
                {data.clients.map((row) => (
                  <Card key={`${row.region}/${row.uuid}`} padding="sm" withBorder data-testid="client-card">
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                        <Checkbox mt={2} aria-label={t('client_bulk.select_row', { company: row.company_name })} checked={isSelected(row)} onChange={(e) => select([row], e.currentTarget.checked)} />
                        <Anchor component={Link} to={infoPath(row)} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>{row.company_name}</Anchor>
                      </Group>
                      <Badge color={STATUS_COLOR[row.status]} variant="light">{t(`clients.status_${row.status}`)}</Badge>
                    </Group>
                    <Text size="xs" c="dimmed">{regionName(row.region)} · {contractTypeLabel(row.contract_type)} · {row.licence_type ? t(`clients.licence_${row.licence_type}`) : '—'}</Text>
                    <Text size="xs" c="dimmed">{format.date(row.created_at)}{row.partner_name ? ` · ${row.partner_name}` : ''}</Text>
                    <Group justify="flex-end" mt={6}>
                      {row.support_login.possible ? (
                        <Button size="compact-sm" variant="light" onClick={() => support.open(row)}>{t('clients.support_login')}</Button>
                      ) : (
                        <SupportLoginUnavailable label={t('clients.support_login')} reason={reasonText(row)} align="flex-end" />
                      )}
                    </Group>
                  </Card>
                ))}
              </Stack>
            ) : (
            <Card padding={0}>
              <Table.ScrollContainer minWidth={900}>
                <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={40}>
                        <Checkbox aria-label={t('client_bulk.select_page')} checked={data.clients.length > 0 && data.clients.every(isSelected)}
                          indeterminate={data.clients.some(isSelected) && !data.clients.every(isSelected)} onChange={(e) => select(data.clients, e.currentTarget.checked)} />
                      </Table.Th>
                      {header('company_name', t('clients.company'))}
                      {header('region', t('clients.region'))}
                      {header('contract_type', t('clients.contract_type'))}
                      <Table.Th>{t('clients.licence_type')}</Table.Th>
                      {header('status', t('clients.status'))}
                      {header('created_at', t('clients.created'))}
                      <Table.Th ta="right">{t('clients.support_login')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.clients.map((row) => (
                      <Table.Tr key={`${row.region}/${row.uuid}`} bg={isSelected(row) ? 'var(--mantine-color-blue-light)' : undefined}>
                        <Table.Td>
                          <Checkbox aria-label={t('client_bulk.select_row', { company: row.company_name })} checked={isSelected(row)} onChange={(e) => select([row], e.currentTarget.checked)} />
                        </Table.Td>
                        <Table.Td>
                          <Anchor component={Link} to={infoPath(row)} size="sm" fw={500}>{row.company_name}</Anchor>
                          {row.partner_name && <Text size="xs" c="dimmed">{t('bo_clients.partner_named', { name: row.partner_name })}{row.read_only ? ` · ${t('bo_clients.read_only')}` : ''}</Text>}
                        </Table.Td>
                        <Table.Td><Text size="sm">{regionName(row.region)}</Text></Table.Td>
                        <Table.Td><Text size="sm">{contractTypeLabel(row.contract_type)}</Text></Table.Td>
                        <Table.Td><Text size="sm">{row.licence_type ? t(`clients.licence_${row.licence_type}`) : '—'}</Text></Table.Td>
                        <Table.Td><Badge color={STATUS_COLOR[row.status]} variant="light">{t(`clients.status_${row.status}`)}</Badge></Table.Td>
                        <Table.Td><Text size="sm">{format.date(row.created_at)}</Text></Table.Td>
                        <Table.Td ta="right">
                          {row.support_login.possible ? (
                            <Button size="compact-sm" variant="light" onClick={() => support.open(row)}>{t('clients.support_login')}</Button>
                          ) : (
                            <SupportLoginUnavailable label={t('clients.support_login')} reason={reasonText(row)} align="flex-end" />
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
            )}
            <ListFooter summary={t('clients.total', { count: data.total })} pages={pageCount(data.total, PER_PAGE, CLIENT_LIST_MAX_DEPTH)} page={params.page}
              onPage={(next) => update({ page: next > 1 ? next : undefined })} />
            {data.total > CLIENT_LIST_MAX_DEPTH && <Text size="sm" c="dimmed" ta="right">{tooDeep}</Text>}
          </>
        )}
      </QueryState>

      <SupportLoginDialog opened={support.target !== null} onClose={support.close} text={support.target ? t('clients.confirm_text', { company: support.target.company_name }) : ''}
        openLabel={t('clients.confirm_button')} error={support.error} blockedUrl={support.blockedUrl} pending={issue.isPending} onOpen={() => void support.start()} />
    </Stack>
  );
}

/**
 * A support login that is not possible says why in words beside the disabled action, on the row
 * and on the phone's card alike (issue 25 item 7: a tooltip alone is hidden on touch screens).
 */
function SupportLoginUnavailable({ label, reason, align }: { label: string; reason: string; align: 'flex-end' | 'flex-start' }) {
  return (
    <Stack gap={2} align={align} data-testid="support-login-unavailable">
      <Button size="compact-sm" variant="light" disabled>{label}</Button>
      <Text size="xs" c="dimmed" maw={260} ta={align === 'flex-end' ? 'right' : 'left'} style={{ overflowWrap: 'anywhere' }}>{reason}</Text>
    </Stack>
  );
}
