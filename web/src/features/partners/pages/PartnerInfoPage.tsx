import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Card, Checkbox, Group, Modal, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { GRANTABLE_CONTRACTS, type TContractType, type TGrantableContracts } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { usePartner, usePartnerContracts, usePartnerDirectContract, usePartnerReview, usePartnerStatus, type TPartnerDetailAnswer } from '../api';
import { GRANTABLE_LABEL, PAYMENT_LABEL } from '../components/labels';
import { PartnerBadges, partnerKind } from '../components/PartnerBadges';
import { PartnerReceivers } from '../components/PartnerReceivers';
import { PartnerRegistration } from '../components/PartnerRegistration';
import { PartnerSupportLogin } from '../components/PartnerSupportLogin';
import { contractTypeLabel } from '../../../lib/contract-labels';

type TPending = { kind: 'suspend' | 'resume' | 'allow' | 'reject' | 'direct' } | null;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children || '—'}</Text>
    </Stack>
  );
}

/**
 * /operator/partners/:partner_uuid: the partner's company, first account and billing; its client
 * registration (switched and edited here); its grantable client contracts; suspend and resume, or
 * (a sub-partner awaiting review) allow and reject, each confirmed; its sub-partners; and its
 * clients, which the operator may move to direct contract (contract type none, no agency). An active partner offers a support
 * login into its area (issue 14), where the partner's clients are set to in-house.
 */
export default function PartnerInfoPage() {
  const { partner_uuid: uuid = '' } = useParams();
  const partner = usePartner(uuid);
  return (
    <QueryState query={partner}>
      {(data) => <PartnerInfo key={data.uuid} data={data} />}
    </QueryState>
  );
}

function PartnerInfo({ data }: { data: TPartnerDetailAnswer }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const [grantable, setGrantable] = useState<TGrantableContracts>(data.grantable_contracts);
  const [chosen, setChosen] = useState<string[]>([]);
  const [pending, setPending] = useState<TPending>(null);
  const form = useFormErrors();
  const contracts = usePartnerContracts();
  const status = usePartnerStatus();
  const review = usePartnerReview();
  const direct = usePartnerDirectContract();

  async function run() {
    if (!pending) return;
    form.reset();
    try {
      if (pending.kind === 'suspend' || pending.kind === 'resume') {
        await status.mutateAsync({ partner_uuid: data.uuid, status: pending.kind === 'suspend' ? 'suspended' : 'active' });
        toast(t(pending.kind === 'suspend' ? 'partners.suspended_done' : 'partners.resumed_done', { company: data.company_name }), 'success');
      } else if (pending.kind === 'allow' || pending.kind === 'reject') {
        await review.mutateAsync({ partner_uuid: data.uuid, decision: pending.kind });
        toast(t(pending.kind === 'allow' ? 'partners.allowed_done' : 'partners.rejected_done', { company: data.company_name }), 'success');
      } else {
        const done = await direct.mutateAsync({ partner_uuid: data.uuid, client_uuids: chosen });
        toast(t('partners.direct_done', { count: done.moved }), 'success');
        setChosen([]);
      }
      setPending(null);
    } catch (e) {
      form.fromError(e);
    }
  }

  async function saveContracts() {
    try {
      await contracts.mutateAsync({ partner_uuid: data.uuid, grantable_contracts: grantable });
      toast(t('partners.contracts_saved'), 'success');
    } catch {
      // The api client has shown the refusal.
    }
  }

  const busy = status.isPending || review.isPending || direct.isPending;
  const confirmText: Record<NonNullable<TPending>['kind'], { title: string; body: string; action: string; color: string }> = {
    suspend: { title: t('partners.suspend_title'), body: t('partners.suspend_body', { company: data.company_name }), action: t('partners.suspend'), color: 'red' },
    resume: { title: t('partners.resume_title'), body: t('partners.resume_body', { company: data.company_name }), action: t('partners.resume'), color: 'blue' },
    allow: { title: t('partners.allow_title'), body: t('partners.allow_body', { company: data.company_name }), action: t('partners.allow'), color: 'blue' },
    reject: { title: t('partners.reject_title'), body: t('partners.reject_body', { company: data.company_name }), action: t('partners.reject'), color: 'red' },
    direct: { title: t('partners.direct_title'), body: t('partners.direct_body', { count: chosen.length, company: data.company_name }), action: t('partners.direct'), color: 'red' },
  };

  return (
    <Stack gap="md" maw={1100}>
      <Anchor component={Link} to="/operator/partners" size="sm">← {t('route.operator_partners')}</Anchor>
      <Group justify="space-between" align="flex-start">
        <div style={{ minWidth: 0 }}>
          <Title order={2} style={{ overflowWrap: 'anywhere' }}>{data.company_name}</Title>
          <Group gap="xs" mt={4}>
            <PartnerBadges row={data} />
            <Text size="sm" c="dimmed">{partnerKind(t, data)} · {t(`catalogue.region_${data.region}`)}</Text>
          </Group>
        </div>
        <Group gap="xs">
          {/* Issue 14: only an active partner can be support-logged into (in-house is set there). */}
          {data.status === 'active' && data.review_state === 'approved' && <PartnerSupportLogin partner={data} />}
          {data.review_state === 'pending' && (
            <>
              <Button color="red" variant="light" onClick={() => setPending({ kind: 'reject' })}>{t('partners.reject')}</Button>
              <Button onClick={() => setPending({ kind: 'allow' })}>{t('partners.allow')}</Button>
            </>
          )}
          {data.review_state === 'approved' && (data.status === 'active'
            ? <Button color="red" variant="light" onClick={() => setPending({ kind: 'suspend' })}>{t('partners.suspend')}</Button>
            : <Button onClick={() => setPending({ kind: 'resume' })}>{t('partners.resume')}</Button>)}
        </Group>
      </Group>

      <Card withBorder padding="lg">
        <Title order={4} mb="sm">{t('partners.section_company')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={t('partners.representative')}>{data.representative}</Field>
          <Field label={t('partners.phone')}>{data.phone}</Field>
          <Field label={t('partners.address')}>{data.address}</Field>
          <Field label={t('partners.owner')}>{data.owner_email ? `${data.owner_name} <${data.owner_email}>` : ''}</Field>
          <Field label={t('partners.registered')}>{format.date(data.created_at)}</Field>
        </SimpleGrid>
      </Card>

      <Card withBorder padding="lg">
        <Title order={4} mb="sm">{t('partners.grantable_contracts')}</Title>
        <Text size="sm" c="dimmed" mb="sm">{t('partners.grantable_help')}</Text>
        <Group gap="sm">
          <SegmentedControl value={grantable} onChange={(v) => setGrantable(v as TGrantableContracts)} orientation={phone ? 'vertical' : 'horizontal'}
            data={GRANTABLE_CONTRACTS.map((g) => ({ value: g, label: t(GRANTABLE_LABEL[g]) }))} />
          <Button onClick={() => void saveContracts()} loading={contracts.isPending} disabled={grantable === data.grantable_contracts}>{t('partners.save')}</Button>
        </Group>
      </Card>

      <Card withBorder padding="lg">
        <Title order={4} mb="sm">{t('partners.section_billing')}</Title>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={t('partners.billing_name')}>{data.billing_name}</Field>
          <Field label={t('partners.billing_email')}>{data.billing_email}</Field>
          <Field label={t('partners.billing_phone')}>{data.billing_phone}</Field>
          <Field label={t('partners.billing_address')}>{data.billing_address}</Field>
          <Field label={t('partners.payment_method')}>{data.payment_method ? t(PAYMENT_LABEL[data.payment_method]) : ''}</Field>
        </SimpleGrid>
      </Card>

      <PartnerRegistration data={data} />

      <PartnerReceivers partnerUuid={data.uuid} region={data.region} />

      {data.is_primary && (
        <Card withBorder padding="lg">
          <Title order={4} mb="sm">{t('partners.section_sub_partners')}</Title>
          {data.sub_partners.length === 0 ? <Text size="sm" c="dimmed">{t('partners.no_sub_partners')}</Text> : (
            <Stack gap="xs">
              {data.sub_partners.map((s) => (
                <Group key={s.uuid} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/operator/partners/${s.uuid}`} size="sm" style={{ overflowWrap: 'anywhere' }}>{s.company_name}</Anchor>
                  <PartnerBadges row={s} />
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      )}

      <Card withBorder padding="lg">
        <Group justify="space-between" mb="sm">
          <Title order={4}>{t('partners.section_clients')}</Title>
          <Button color="red" variant="light" disabled={chosen.length === 0} onClick={() => setPending({ kind: 'direct' })}>{t('partners.direct')}</Button>
        </Group>
        <Text size="sm" c="dimmed" mb="sm">{t('partners.direct_help')}</Text>
        {data.clients.length === 0 ? <Text size="sm" c="dimmed">{t('partners.no_clients')}</Text> : (
          <Stack gap={0} role="list" aria-label={t('partners.section_clients')}>
            {data.clients.map((c) => (
              <Group key={c.uuid} justify="space-between" wrap="nowrap" py={6} role="listitem" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                <Checkbox label={c.company_name} checked={chosen.includes(c.uuid)} styles={{ label: { overflowWrap: 'anywhere' } }}
                  onChange={(e) => { const on = e.currentTarget.checked; setChosen((now) => (on ? [...now, c.uuid] : now.filter((x) => x !== c.uuid))); }} />
                <Group gap={4} wrap="nowrap">
                  <Badge variant="light" color="gray">{contractTypeLabel(c.contract_type as TContractType)}</Badge>
                  {!phone && <Text size="xs" c="dimmed">{t(`catalogue.region_${c.region}`)}</Text>}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      <Modal opened={pending !== null} onClose={() => { setPending(null); form.reset(); }} title={pending ? confirmText[pending.kind].title : ''} centered>
        {pending && (
          <Stack gap="md">
            <FormAlert message={form.message} />
            <Text size="sm">{confirmText[pending.kind].body}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => { setPending(null); form.reset(); }}>{t('partners.cancel')}</Button>
              <Button color={confirmText[pending.kind].color} loading={busy} onClick={() => void run()}>{confirmText[pending.kind].action}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}

