import { Suspense, lazy, useRef, useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Loader, Modal, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { PLAN_STATUSES, PLAN_TYPES, localizedText, productName, type TPlanView } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { currentLocale } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { useOrderPlans, usePlanMasterList, type TPlanListParams } from '../api';
import { BILLING_LABEL, CONTRACT_LABEL, PLAN_PRODUCT_CHOICES, STATUS_COLOR, STATUS_LABEL, TYPE_LABEL, formatAmount } from '../labels';

/** The form loads when a plan is opened: with it the page's chunk passes the 100 KB route budget. */
const PlanForm = lazy(() => import('../components/PlanForm').then((m) => ({ default: m.PlanForm })));

/** Moves the item at `from` to `to` (a new array). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The operator's plan master (spec §2 "plan master list, create and edit and display order"):
 * plans, options and initial costs filtered by product, type and status, with amounts per
 * currency, number in use and last update. With one product chosen (and no other filter) the rows
 * are reordered by drag and drop (or the arrow buttons, from the keyboard); the new order is saved
 * at once.
 */
export default function PlanMasterPage() {
  const { t, i18n } = useTranslation();
  const format = useDateTime();
  const [filter, setFilter] = useState<TPlanListParams>({});
  const [editing, setEditing] = useState<TPlanView | 'new' | null>(null);
  const list = usePlanMasterList(filter);
  const order = useOrderPlans();
  const dragged = useRef<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  // Only the rows of the chosen product can be reordered: not while the previous filter's rows are
  // still on screen (placeholder data), or a drag would reorder the wrong list.
  const orderable = !!filter.product && !filter.type && !filter.status && !list.isPlaceholderData;
  // Issue 25 item 7: the table scrolls sideways on a phone, so its action column comes first there
  // (at 390 px a last column starts some 900 px off-screen).
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const editCell = (row: TPlanView) => (
    <Table.Td ta={phone ? undefined : 'right'} data-testid={`plan-edit-cell-${row.id}`}>
      <Button size="xs" variant="light" onClick={() => setEditing(row)}>{t('plan_master.edit')}</Button>
    </Table.Td>
  );

  async function reorder(rows: TPlanView[], from: number, to: number) {
    if (from === to || to < 0 || to >= rows.length || !filter.product) return;
    try {
      await order.mutateAsync({ product: filter.product, ids: moved(rows, from, to).map((r) => r.id) });
      toast(t('plan_master.order_saved'), 'success');
    } catch {
      // The api client toasted the refusal; the list is read again.
    }
  }

  // Proto's one rule: the reader's language, else English outside Japan (never Japanese), else the id.
  const name = (row: TPlanView) => localizedText(row.name, i18n.language, currentLocale().region) ?? row.id;
  const selectFilter = (key: keyof TPlanListParams, value: string | null) => setFilter((f) => ({ ...f, [key]: value ?? undefined }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>{t('route.operator_plans')}</Title>
          <Text c="dimmed" size="sm" mt={4}>{t('plan_master.help')}</Text>
        </div>
        <Button onClick={() => setEditing('new')}>{t('plan_master.create')}</Button>
      </Group>
      <Group gap="sm" align="flex-end">
        <Select label={t('plan_master.product')} placeholder={t('plan_master.all')} clearable w={200} value={filter.product ?? null}
          data={PLAN_PRODUCT_CHOICES(t)} onChange={(v) => selectFilter('product', v)} />
        <Select label={t('plan_master.type')} placeholder={t('plan_master.all')} clearable w={220} value={filter.type ?? null}
          data={PLAN_TYPES.map((ty) => ({ value: ty, label: t(TYPE_LABEL[ty]) }))} onChange={(v) => selectFilter('type', v)} />
        <Select label={t('plan_master.status')} placeholder={t('plan_master.all')} clearable w={220} value={filter.status ?? null}
          data={PLAN_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))} onChange={(v) => selectFilter('status', v)} />
      </Group>
      <Text size="sm" c="dimmed">{orderable ? t('plan_master.order_hint') : t('plan_master.order_needs_product')}</Text>
      <QueryState query={list} isEmpty={(data) => data.plans.length === 0} empty={t('plan_master.empty')}>
        {(data) => (
          <Card padding={0}>
            <Table.ScrollContainer minWidth={1280}>
              <Table verticalSpacing="xs" horizontalSpacing="sm" highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    {phone && <Table.Th />}
                    {orderable && <Table.Th>{t('plan_master.order')}</Table.Th>}
                    <Table.Th>{t('plan_master.id')}</Table.Th>
                    <Table.Th>{t('plan_master.name')}</Table.Th>
                    <Table.Th>{t('plan_master.product')}</Table.Th>
                    <Table.Th>{t('plan_master.type')}</Table.Th>
                    <Table.Th>{t('plan_master.status')}</Table.Th>
                    <Table.Th>{t('plan_master.billing')}</Table.Th>
                    <Table.Th ta="right">{t('plan_master.amount_jpy')}</Table.Th>
                    <Table.Th ta="right">{t('plan_master.amount_usd')}</Table.Th>
                    <Table.Th ta="right">{t('plan_master.in_use')}</Table.Th>
                    <Table.Th>{t('plan_master.updated_at')}</Table.Th>
                    {!phone && <Table.Th />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.plans.map((row, index) => (
                    <Table.Tr key={row.id} data-testid={`plan-row-${row.id}`} draggable={orderable}
                      bg={over === index ? 'var(--mantine-color-blue-light)' : undefined}
                      onDragStart={() => { dragged.current = index; }}
                      onDragOver={(e) => { if (orderable) { e.preventDefault(); setOver(index); } }}
                      onDragLeave={() => setOver(null)}
                      onDrop={(e) => { e.preventDefault(); setOver(null); const from = dragged.current; dragged.current = null; if (from !== null) void reorder(data.plans, from, index); }}
                      style={orderable ? { cursor: 'grab' } : undefined}>
                      {phone && editCell(row)}
                      {orderable && (
                        <Table.Td>
                          <Group gap={2} wrap="nowrap">
                            <Text c="dimmed" aria-hidden>⠿</Text>
                            <ActionIcon variant="subtle" size="sm" aria-label={t('plan_master.move_up', { name: name(row) })} disabled={index === 0 || order.isPending}
                              onClick={() => void reorder(data.plans, index, index - 1)}>↑</ActionIcon>
                            <ActionIcon variant="subtle" size="sm" aria-label={t('plan_master.move_down', { name: name(row) })} disabled={index === data.plans.length - 1 || order.isPending}
                              onClick={() => void reorder(data.plans, index, index + 1)}>↓</ActionIcon>
                          </Group>
                        </Table.Td>
                      )}
                      <Table.Td><Text size="sm" ff="monospace">{row.id}</Text></Table.Td>
                      <Table.Td>
                        {name(row)}
                        {row.grants.length > 0 && (
                          <Text size="xs" c="dimmed" data-testid={`plan-grants-${row.id}`}>{t('plan_master.includes', { products: row.grants.map(productName).join(', ') })}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>{productName(row.product)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{t(TYPE_LABEL[row.type])}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}><Badge variant="light" color={STATUS_COLOR[row.status]} style={{ flexShrink: 0 }}>{t(STATUS_LABEL[row.status])}</Badge></Table.Td>
                      <Table.Td>
                        <Text size="sm">{t(CONTRACT_LABEL[row.contract_kind])} / {t(BILLING_LABEL[row.billing_type])}</Text>
                        {row.billing_type === 'metered' && (
                          <Text size="xs" c="dimmed">{t('plan_master.per_unit', { value: row.unit_value ?? '—', unit: row.unit ?? '' })}{' '}
                            {t('plan_master.range', { lower: row.range_lower ?? '—', upper: row.range_upper ?? '∞' })}</Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{formatAmount(row.amount_jpy, 'JPY', i18n.language)}</Table.Td>
                      <Table.Td ta="right">{formatAmount(row.amount_usd, 'USD', i18n.language)}</Table.Td>
                      <Table.Td ta="right">{row.in_use}</Table.Td>
                      <Table.Td><Text size="sm">{format.dateTime(row.updated_at)}</Text></Table.Td>
                      {!phone && editCell(row)}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
        )}
      </QueryState>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} size="xl"
        title={editing === 'new' ? t('plan_master.create') : t('plan_master.edit_title', { id: editing?.id ?? '' })}>
        {editing !== null && (
          <Suspense fallback={<Loader size="sm" />}>
            <PlanForm key={editing === 'new' ? 'new' : editing.id} plan={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
          </Suspense>
        )}
      </Modal>
    </Stack>
  );
}
