import { Suspense, useState } from 'react';
import { Alert, Button, Group, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { ON_BEHALF_COMPANY_FIELDS, type TBillingInfo, type TBillingInfoView, type TClientInfo, type TCompany, type TCompanyUpdate } from '@portal/proto';
import { QueryState } from '../../../components/QueryState';
import { toast } from '../../../lib/toast';
import { BillingInfoForm } from '../../billing-info';
import { CompanyForm, locationLabel } from '../../company';
import { useClientBillingInfo, useClientCompany, useSaveClientBillingInfo, useSaveClientCompany } from '../api';

/** One changed field: its label, the value before and after. */
export interface TChangeRow { label: string; before: string; after: string }

/** The fields whose value differs, in the form's order, labelled. */
export function changeRows(fields: readonly string[], before: object | null, after: object, label: (f: string) => string): TChangeRow[] {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v).trim());
  const of = (o: object | null, f: string) => text((o as Record<string, unknown> | null)?.[f]);
  return fields.filter((f) => of(before, f) !== of(after, f)).map((f) => ({ label: label(f), before: of(before, f), after: of(after, f) }));
}

const BILLING_FIELDS = ['company_name', 'company_kana', 'division', 'division_kana', 'phone', 'email', 'address', 'address_kana'] as const;
const COMPANY_LABEL: Record<(typeof ON_BEHALF_COMPANY_FIELDS)[number], string> = {
  company_name: 'company.company_name', phone: 'company.phone', postal_code: 'company.postal_code', location: '',
  address: 'company.address', representative: 'company.representative', corporate_number: 'company.corporate_number',
};

type Asked = { rows: TChangeRow[]; answer: (yes: boolean) => void };

/**
 * Issue 25, point 5: "Edit" on a section of the operator's client info page. It opens the client's
 * own form in a dialog; saving first lists what will change (old → new) and asks to confirm; the
 * page shows the new values at once (the info is read again).
 */
function OnBehalfDialog({ title, opened, onClose, children, asked }: { title: string; opened: boolean; onClose: () => void; children: React.ReactNode; asked: Asked | null }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  return (
    <Modal opened={opened} onClose={() => { asked?.answer(false); onClose(); }} title={title} size="xl" fullScreen={phone} centered>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('bo_clients.on_behalf_help')}</Text>
        {/* The form stays mounted (its draft and errors) while the confirmation shows. */}
        <div style={{ display: asked ? 'none' : undefined }}><Suspense fallback={<Skeleton h={320} />}>{children}</Suspense></div>
        {asked && (
          <Stack gap="sm" data-testid="on-behalf-confirm">
            <Text fw={600}>{t('bo_clients.confirm_changes')}</Text>
            <Table.ScrollContainer minWidth={320}>
              <Table withTableBorder>
                <Table.Thead>
                  <Table.Tr><Table.Th>{t('bo_clients.change_field')}</Table.Th><Table.Th>{t('bo_clients.change_before')}</Table.Th><Table.Th>{t('bo_clients.change_after')}</Table.Th></Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {asked.rows.map((r) => (
                    <Table.Tr key={r.label}>
                      <Table.Td>{r.label}</Table.Td>
                      <Table.Td c="dimmed" style={{ overflowWrap: 'anywhere' }}>{r.before || '—'}</Table.Td>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.after || '—'}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Text size="sm">{t('bo_clients.confirm_mail')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => asked.answer(false)}>{t('bo_clients.back_to_form')}</Button>
              <Button onClick={() => asked.answer(true)}>{t('bo_clients.confirm_save')}</Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}

/** Asks to confirm the rows (none: nothing to save, the dialog just closes); resolves with the answer. */
function useConfirm() {
  const [asked, setAsked] = useState<Asked | null>(null);
  const confirm = (rows: TChangeRow[]) => new Promise<boolean>((resolve) => {
    setAsked({ rows, answer: (yes) => { setAsked(null); resolve(yes); } });
  });
  return { asked, confirm };
}

export function CompanyOnBehalf({ client }: { client: TClientInfo }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const ref = { region: client.region, uuid: client.uuid };
  const company = useClientCompany(ref, opened);
  const saveCompany = useSaveClientCompany();
  const { asked, confirm } = useConfirm();

  async function save(current: TCompany, data: TCompanyUpdate): Promise<TCompany | null> {
    const rows = changeRows(ON_BEHALF_COMPANY_FIELDS, current, data, (f) => t(f === 'location' ? locationLabel(client.region) : COMPANY_LABEL[f as keyof typeof COMPANY_LABEL]));
    if (!rows.length) { setOpened(false); return null; }
    if (!(await confirm(rows))) return null;
    const particulars = Object.fromEntries(ON_BEHALF_COMPANY_FIELDS.map((f) => [f, data[f]])) as Pick<TCompanyUpdate, (typeof ON_BEHALF_COMPANY_FIELDS)[number]>;
    const saved = await saveCompany.mutateAsync({ ...ref, ...particulars });
    toast(t('bo_clients.saved_on_behalf'), 'success');
    setOpened(false);
    return saved;
  }

  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpened(true)}>{t('bo_clients.edit')}</Button>
      <OnBehalfDialog title={t('bo_clients.edit_company', { company: client.company_name })} opened={opened} onClose={() => setOpened(false)} asked={asked}>
        <QueryState query={company} loading={<Skeleton h={320} />}>
          {(loaded) => <CompanyForm company={loaded} particularsOnly save={(data) => save(loaded, data)} />}
        </QueryState>
      </OnBehalfDialog>
    </>
  );
}

export function BillingOnBehalf({ client }: { client: TClientInfo }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const ref = { region: client.region, uuid: client.uuid };
  const view = useClientBillingInfo(ref, opened);
  const saveInfo = useSaveClientBillingInfo();
  const { asked, confirm } = useConfirm();

  async function save(current: TBillingInfoView, info: TBillingInfo): Promise<boolean> {
    const fields = BILLING_FIELDS.filter((f) => current.kana || !f.endsWith('_kana'));
    const rows = changeRows(fields, current.billing_info, info, (f) => t(`billing_info.${f}`));
    if (!rows.length) { setOpened(false); return false; }
    if (!(await confirm(rows))) return false;
    await saveInfo.mutateAsync({ ...ref, ...info });
    toast(t('bo_clients.saved_on_behalf'), 'success');
    return true;
  }

  return (
    <>
      <Button variant="light" size="xs" onClick={() => setOpened(true)}>{t('bo_clients.edit')}</Button>
      <OnBehalfDialog title={t('bo_clients.edit_billing', { company: client.company_name })} opened={opened} onClose={() => setOpened(false)} asked={asked}>
        <QueryState query={view} loading={<Skeleton h={320} />}>
          {(loaded) => (
            <>
              {!loaded.registered && <Alert variant="light" mb="sm">{t('bo_clients.no_billing')}</Alert>}
              <BillingInfoForm view={loaded} submitLabel={t('common.save')} save={(info) => save(loaded, info)} onSaved={() => setOpened(false)}
                actions={<Button variant="default" onClick={() => setOpened(false)}>{t('common.cancel')}</Button>} />
            </>
          )}
        </QueryState>
      </OnBehalfDialog>
    </>
  );
}
