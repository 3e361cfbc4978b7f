import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { REGION_COUNTRY, ZRegion, postalAddress, productName, type TClientInfo, type TLicenceType } from '@portal/proto';
import { ConfirmChange } from '../../../components/ConfirmChange';
import { QueryState } from '../../../components/QueryState';
import { ApiError, FormError } from '../../../lib/api';
import { useDateTime } from '../../../lib/datetime';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { PaymentMethodsAdminPage } from '../../operator-payments';
import { useBoClientInfo, useResumeClient, useSetEuRule, useSetLicenceType, useSuspendClient, type TArea } from '../api';
import { contractTypeLabel } from '../../../lib/contract-labels';
import { ClientPictureSections } from './ClientPictureSections';
import { BillingOnBehalf, CompanyOnBehalf } from './OnBehalfEdit';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">{label}</Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{value || '—'}</Text>
    </div>
  );
}

/**
 * Issue 14, slice A: one client for the operator (any) or partner (its scope; a primary partner's
 * sub-partners' clients read-only): company, licence, billing info and payment method; suspend and
 * resume, each confirmed in a dialog; the licence type by the rules the server states. Operators
 * also import and download payment methods here (the payment-methods screen's tools).
 */
export default function BoClientInfoPage({ area }: { area: TArea }) {
  const { t, i18n } = useTranslation();
  const params = useParams();
  const region = ZRegion.catch('jpn').parse(params.region);
  const uuid = params.uuid ?? '';
  const info = useBoClientInfo(area, { region, uuid });
  const suspend = useSuspendClient(area);
  const resume = useResumeClient(area);
  const setType = useSetLicenceType(area);
  const [confirm, setConfirmState] = useState<'suspend' | 'resume' | null>(null);
  // What the dialog asks, kept while it closes (so its text does not flip during the transition).
  const [asked, setAsked] = useState<'suspend' | 'resume'>('suspend');
  const setConfirm = (action: 'suspend' | 'resume' | null) => { if (action) setAsked(action); setConfirmState(action); };
  const [typeError, setTypeError] = useState('');
  const session = useSession();
  const supportToPartner = area === 'partner' && Boolean(session.principal?.proxy);
  const format = useDateTime();
  // Issue 25, point 5: operators edit the company and billing info on the client's behalf (partners through a support login).
  const onBehalf = (c: TClientInfo) => area === 'operator' && !c.read_only;
  const countries = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const regionName = (r: keyof typeof REGION_COUNTRY) => { const c = REGION_COUNTRY[r]; return c ? countries.of(c) ?? c : t('clients.region_other'); };

  async function change(action: 'suspend' | 'resume', client: TClientInfo) {
    try {
      await (action === 'suspend' ? suspend : resume).mutateAsync({ region: client.region, uuid: client.uuid });
      toast(t(action === 'suspend' ? 'bo_clients.suspended' : 'bo_clients.resumed', { company: client.company_name }), 'success');
    } catch (error) {
      if (error instanceof ApiError && error.message) toast(error.message, 'error');
    } finally {
      setConfirm(null);
    }
  }

  async function changeType(client: TClientInfo, to: TLicenceType) {
    setTypeError('');
    try {
      await setType.mutateAsync({ region: client.region, uuid: client.uuid, licence_type: to });
      toast(t('bo_clients.licence_changed'), 'success');
    } catch (error) {
      if (error instanceof FormError) setTypeError(Object.values(error.errors).flat().join(' ') || error.message);
      else if (error instanceof ApiError && error.message) setTypeError(error.message);
    }
  }

  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/${area}/clients`} size="sm">{t('bo_clients.back')}</Anchor>
      <QueryState query={info}>
        {(client) => (
          <>
            <Group justify="space-between" align="flex-start">
              <div>
                <Title order={2} style={{ overflowWrap: 'anywhere' }}>{client.company_name}</Title>
                <Badge mt={4} color={client.status === 'active' ? 'teal' : 'gray'} variant="light">{t(`clients.status_${client.status}`)}</Badge>
              </div>
              {!client.read_only && (client.status === 'active'
                ? <Button color="red" variant="light" onClick={() => setConfirm('suspend')}>{t('bo_clients.suspend')}</Button>
                : <Button onClick={() => setConfirm('resume')}>{t('bo_clients.resume')}</Button>)}
            </Group>
            {client.read_only && <Alert variant="light">{t('bo_clients.read_only_help')}</Alert>}
            <Card withBorder>
              <Group justify="space-between" mb="sm">
                <Title order={3} size="h4">{t('bo_clients.company')}</Title>
                {onBehalf(client) && <CompanyOnBehalf client={client} />}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label={t('bo_clients.phone')} value={client.phone} />
                <Field label={t('bo_clients.address')} value={postalAddress(client.region, client.address, client.location)} />
                <Field label={t('bo_clients.representative')} value={client.representative} />
                <Field label={t('bo_clients.corporate_number')} value={client.corporate_number} />
                <Field label={t('clients.region')} value={regionName(client.region)} />
                <Field label={t('clients.created')} value={format.date(client.created_at)} />
              </SimpleGrid>
            </Card>
            <Card withBorder>
              <Title order={3} size="h4" mb="sm">{t('bo_clients.licence')}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Field label={t('clients.contract_type')} value={contractTypeLabel(client.contract_type)} />
                <Field label={t('bo_clients.partner')} value={client.partner_name ?? contractTypeLabel('none')} />
                <Field label={t('bo_clients.products')} value={client.products.map(productName).join(', ')} />
                {client.licence_types_settable.length > 1 ? (
                  <Select label={t('clients.licence_type')} value={client.licence_type} allowDeselect={false} disabled={setType.isPending}
                    data={client.licence_types_settable.map((v) => ({ value: v, label: t(`clients.licence_${v}`) }))}
                    onChange={(v) => v && v !== client.licence_type && void changeType(client, v as TLicenceType)} error={typeError || undefined} />
                ) : (
                  <Field label={t('clients.licence_type')} value={client.licence_type ? t(`clients.licence_${client.licence_type}`) : '—'} />
                )}
              </SimpleGrid>
              {/* An operator's support login to the partner (issue 14) is where in-house is set. */}
              <Text size="xs" c="dimmed" mt="sm">{t(supportToPartner ? 'bo_clients.in_house_help_support' : 'bo_clients.in_house_help')}</Text>
            </Card>
            <Card withBorder>
              <Group justify="space-between" mb="sm">
                <Title order={3} size="h4">{t('bo_clients.billing')}</Title>
                {onBehalf(client) && <BillingOnBehalf client={client} />}
              </Group>
              {client.billing ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <Field label={t('bo_clients.billing_company')} value={client.billing.company_name} />
                  <Field label={t('bo_clients.billing_email')} value={client.billing.email} />
                  <Field label={t('bo_clients.phone')} value={client.billing.phone} />
                  <Field label={t('bo_clients.address')} value={client.billing.address} />
                </SimpleGrid>
              ) : <Text size="sm" c="dimmed">{t('bo_clients.no_billing')}</Text>}
              <Title order={4} size="h5" mt="md" mb="xs">{t('bo_clients.payment_method')}</Title>
              <Text size="sm">{client.payment_method
                ? `${t(`bo_clients.method_${client.payment_method.method}`, { defaultValue: t('bo_clients.method_other') })}${client.payment_method.label ? ` (${client.payment_method.label})` : ''}`
                : t('bo_clients.no_payment_method')}</Text>
            </Card>
            {/* Issue 25, point 5: accounts, licences and contracts, invoices (sub-partners' clients: read-only info only). */}
            {!(area === 'partner' && client.read_only) && <ClientPictureSections area={area} client={client} showBilling={area === 'operator'} />}
            <EuRuleCard client={client} operator={area === 'operator'} />
            {area === 'operator' && <PaymentMethodsAdminPage client={client} />}
            {/* Issue 25 point 2: the status now → after, confirmed in the shared dialog. */}
            <ConfirmChange
              opened={confirm !== null} onClose={() => setConfirm(null)} title={t(asked === 'suspend' ? 'bo_clients.suspend_title' : 'bo_clients.resume_title')}
              intro={t(asked === 'suspend' ? 'bo_clients.suspend_text' : 'bo_clients.resume_text', { company: client.company_name })} danger={asked === 'suspend'}
              changes={[{
                label: t('bo_clients.change_status'), before: t(`clients.status_${asked === 'suspend' ? 'active' : 'inactive'}`),
                after: t(`clients.status_${asked === 'suspend' ? 'inactive' : 'active'}`),
              }]}
              confirmLabel={t(asked === 'suspend' ? 'bo_clients.suspend' : 'bo_clients.resume')} pending={suspend.isPending || resume.isPending}
              onConfirm={() => confirm && void change(confirm, client)}
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

/**
 * Issue 22 (spec §1): whether the client is marked as subject to the EU data-protection rule, and
 * when its registrant said it was not. An operator marks it, or lifts the mark, after confirming:
 * a marked client's product logins, support logins, trials and plans are refused (logged in its
 * operation log). A partner sees the state only.
 */
function EuRuleCard({ client, operator }: { client: TClientInfo; operator: boolean }) {
  const { t } = useTranslation();
  const format = useDateTime();
  const setRule = useSetEuRule();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState('');
  const to = !client.eu_restricted;

  async function apply() {
    setError('');
    try {
      await setRule.mutateAsync({ region: client.region, uuid: client.uuid, eu_restricted: to });
      toast(t(to ? 'bo_clients.eu_marked_toast' : 'bo_clients.eu_unmarked_toast', { company: client.company_name }), 'success');
      setAsking(false);
    } catch (e) {
      if (e instanceof ApiError && e.message) setError(e.message);
    }
  }

  return (
    <Card withBorder>
      {/* The switch beside the state on a wide screen, under it on a phone. */}
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Group gap="xs" mb={4}>
            <Title order={3} size="h4">{t('bo_clients.eu_title')}</Title>
            {client.eu_restricted && <Badge color="red" variant="light">{t('bo_clients.eu_badge')}</Badge>}
          </Group>
          <Text size="sm">{t(client.eu_restricted ? 'bo_clients.eu_marked' : 'bo_clients.eu_not_marked')}</Text>
          {client.eu_declared_at && <Text size="xs" c="dimmed" mt={4}>{t('bo_clients.eu_declared', { date: format.date(client.eu_declared_at) })}</Text>}
        </div>
        {operator && (
          <Button variant="light" color={to ? 'red' : undefined} onClick={() => { setError(''); setAsking(true); }}>
            {t(to ? 'bo_clients.eu_mark' : 'bo_clients.eu_unmark')}
          </Button>
        )}
      </Group>
      <Modal opened={asking} onClose={() => setAsking(false)} centered title={t(to ? 'bo_clients.eu_mark' : 'bo_clients.eu_unmark')}>
        <Stack>
          <Text size="sm">{t(to ? 'bo_clients.eu_mark_text' : 'bo_clients.eu_unmark_text', { company: client.company_name })}</Text>
          {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(false)}>{t('common.cancel')}</Button>
            <Button color={to ? 'red' : undefined} loading={setRule.isPending} onClick={() => void apply()}>{t(to ? 'bo_clients.eu_mark' : 'bo_clients.eu_unmark')}</Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
