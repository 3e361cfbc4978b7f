import { useState } from 'react';
import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PLAN_APPLICATION_STATUSES, formatDate, productName, type TLanguage, type TPlanApplicationRow } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { ListFooter, pageCount } from '../../../components/ListFooter';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useAllowApplication, useAllowPreview, usePlanApplications, useRejectApplication } from '../api';
import { ConfirmChange } from '../../../components/ConfirmChange';

const PER_PAGE = 20;
type TStatus = (typeof PLAN_APPLICATION_STATUSES)[number];
const STATUS_LABEL: Record<(typeof PLAN_APPLICATION_STATUSES)[number], string> = {
  reviewing: 'plan_review.status_reviewing', allowed: 'plan_review.status_allowed', rejected: 'plan_review.status_rejected', applied: 'plan_review.status_applied',
  // Issue 22: withdrawn by the client before the review.
  withdrawn: 'plan_review.status_withdrawn',
};

/** Amounts in minor units, excluding tax (JPY has none; USD cents). */
const money = (amount: number, currency: 'JPY' | 'USD', language: TLanguage) =>
  new Intl.NumberFormat(`${language}-u-nu-latn`, { style: 'currency', currency }).format(currency === 'JPY' ? amount : amount / 100);

/** /operator/plan_applications: pending paid-plan applications of every region; allow, or reject with a reason. */
export default function PlanReviewPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as TLanguage;
  const when = useDateTime();
  const [query, setQuery] = useState<{ status: TStatus; page: number }>({ status: 'reviewing', page: 1 });
  const list = usePlanApplications({ ...query, per_page: PER_PAGE });
  const allow = useAllowApplication();
  const form = useFormErrors();
  const [rejecting, setRejecting] = useState<TPlanApplicationRow | null>(null);
  // Issue 25 point 2: allowing shows the server's preview (plan now → applied for, price, date) and asks first.
  const [allowing, setAllowing] = useState<TPlanApplicationRow | null>(null);
  const preview = useAllowPreview(allowing);

  async function onAllow(a: TPlanApplicationRow) {
    form.reset();
    setAllowing(null);
    try {
      await allow.mutateAsync({ id: a.id, region: a.region });
      toast(t('plan_review.allowed', { company: a.company_name }), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }
  const planText = (p: { plan_name: string; monthly_amount: number; currency: 'JPY' | 'USD' }) =>
    t('plan_review.plan_price', { plan: p.plan_name, price: money(p.monthly_amount, p.currency, language) });
  const day = (iso: string) => formatDate(`${iso}T00:00:00Z`, { language, timeZone: 'UTC' });

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>{t('route.operator_plan_applications')}</Title>
        <Text size="sm" c="dimmed">{t('plan_review.help')}</Text>
      </div>
      <SegmentedControl
        value={query.status}
        onChange={(status) => setQuery({ status: status as TStatus, page: 1 })}
        data={PLAN_APPLICATION_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABEL[s]) }))}
      />
      {/* Issue 22: an allowance refused because the client has no usable method any more says so, and what is missing. */}
      <FormAlert message={[form.message, form.error('billing_info'), form.error('payment_method')].filter(Boolean).join(' ')} />
      <QueryState query={list} isEmpty={(d) => d.applications.length === 0} empty={t('plan_review.empty')}>
        {(data) => (
          <Stack gap="sm">
            <Table.ScrollContainer minWidth={1000}>
              <Table striped verticalSpacing="sm" aria-label={t('route.operator_plan_applications')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('plan_review.applied_at')}</Table.Th>
                    <Table.Th>{t('plan_review.company')}</Table.Th>
                    <Table.Th>{t('plan_review.plan')}</Table.Th>
                    <Table.Th>{t('plan_review.contract')}</Table.Th>
                    <Table.Th>{t('plan_review.amount')}</Table.Th>
                    <Table.Th>{t('plan_review.status')}</Table.Th>
                    <Table.Th />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.applications.map((a) => (
                    <Table.Tr key={a.id} data-testid={`application-${a.id}`}>
                      <Table.Td>{when.dateTime(a.created_at)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={500}>{a.company_name}</Text>
                        <Text size="xs" c="dimmed">{a.region} · {a.applicant_name}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{productName(a.product)} — {a.plan_name}</Text>
                        <Text size="xs" c="dimmed">{t('plan_review.from', { date: formatDate(`${a.effective_from}T00:00:00Z`, { language, timeZone: 'UTC' }) })}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{a.corporate_name}{a.corporate_number ? ` (${a.corporate_number})` : ''}</Text>
                        <Text size="xs" c="dimmed">{a.location} {t('plan_review.representative', { name: a.representative })}</Text>
                      </Table.Td>
                      <Table.Td>{money(a.monthly_amount, a.currency, language)}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" color={a.status === 'rejected' ? 'red' : a.status === 'reviewing' ? 'orange' : 'green'}>{t(STATUS_LABEL[a.status])}</Badge>
                        {a.reason && <Text size="xs" c="dimmed">{a.reason}</Text>}
                      </Table.Td>
                      <Table.Td>
                        {a.status === 'reviewing' && (
                          <Group gap="xs" wrap="nowrap">
                            <Button size="xs" loading={allow.isPending && allow.variables?.id === a.id} onClick={() => setAllowing(a)}>{t('plan_review.allow')}</Button>
                            <Button size="xs" color="red" variant="light" onClick={() => setRejecting(a)}>{t('plan_review.reject')}</Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <ListFooter summary={t('plan_review.total', { total: data.total })} pages={pageCount(data.total, PER_PAGE)} page={query.page} onPage={(page) => setQuery({ ...query, page })} />
          </Stack>
        )}
      </QueryState>
      {rejecting && <RejectDialog application={rejecting} onClose={() => setRejecting(null)} />}
      <ConfirmChange
        opened={allowing !== null} onClose={() => setAllowing(null)} title={t('plan_review.confirm_allow_title', { company: allowing?.company_name ?? '' })}
        intro={allowing ? `${productName(allowing.product)} · ${allowing.company_name}` : ''}
        loading={preview.isPending} error={preview.error?.message} blocked={preview.data?.refusal}
        changes={preview.data ? [
          { label: t('plan_review.plan'), before: preview.data.current ? planText(preview.data.current) : null, after: planText(preview.data.application) },
          { label: t('plan_review.change_effective'), after: day(preview.data.effective_from) },
          { label: t('plan_review.status'), before: t(STATUS_LABEL.reviewing), after: t(STATUS_LABEL.allowed) },
        ] : []}
        confirmLabel={t('plan_review.allow')} pending={allow.isPending} onConfirm={() => allowing && void onAllow(allowing)}
      />
    </Stack>
  );
}

function RejectDialog({ application, onClose }: { application: TPlanApplicationRow; onClose: () => void }) {
  const { t } = useTranslation();
  const reject = useRejectApplication();
  const form = useFormErrors();
  const [reason, setReason] = useState('');
  async function submit() {
    form.reset();
    if (!reason.trim()) return form.setErrors({ reason: [t('plan_review.reason_required')] });
    try {
      await reject.mutateAsync({ id: application.id, region: application.region, reason: reason.trim() });
      toast(t('plan_review.rejected', { company: application.company_name }), 'success');
      onClose();
    } catch (error) {
      form.fromError(error);
    }
  }
  return (
    <ConfirmChange
      opened onClose={onClose} title={t('plan_review.reject_title', { company: application.company_name })} error={form.message} danger
      intro={`${productName(application.product)} — ${application.plan_name}`}
      changes={[{ label: t('plan_review.status'), before: t(STATUS_LABEL.reviewing), after: t(STATUS_LABEL.rejected) }]}
      confirmLabel={t('plan_review.reject')} pending={reject.isPending} onConfirm={() => void submit()}
    >
      <Textarea label={t('plan_review.reason')} description={t('plan_review.reason_help')} required autosize minRows={3} maxLength={500}
        value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={form.error('reason')} />
    </ConfirmChange>
  );
}
