import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, FileInput, Group, SegmentedControl, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHOD_CSV_COLUMNS, PAYMENT_METHOD_CSV_MAX, REQUESTED_METHODS, ZPaymentMethodRegistration, type TPaymentMethodImportResult, type TPaymentMethodRegistration, type TRegion, type TRequestedMethod } from '@portal/proto';
import { ClientPicker } from '../../../components/ClientPicker';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { BankRequestFields, EMPTY_BANK_REQUEST, type BankRequestValues } from '../../../components/bank-request/BankRequestFields';
import { METHOD_LABEL } from '../../../components/bank-request/RequestSummary';
import { useDownloadMethods, useImportMethods, usePaymentMethodOf, useRegisterMethod } from '../api';
import { bankSummary, methodText } from '../method-summary';
import { ConfirmChange } from '../../../components/ConfirmChange';
import { saveFile } from '../../../lib/save-file';

const ACTION_LABEL = { add: 'operator_payments.action_add', replace: 'operator_payments.action_replace' } as const;

/** The client whose info page shows these tools (the register form is then for it alone). */
export interface PaymentMethodsClient { uuid: string; company_name: string; region: TRegion }

/**
 * /operator/payment_methods: register a bank-transfer or direct-debit method on behalf of a client
 * (Japan; the client is searched by company name), import methods from CSV (all rows or none: a
 * broken row refuses the file and is named by its line) and download the registered ones as CSV
 * with a header row. On a client's info page (`client`): the same tools, the register form for
 * that client only; nothing for a client outside Japan (bank methods are Japanese).
 */
export default function PaymentMethodsAdminPage({ client }: { client?: PaymentMethodsClient }) {
  const { t } = useTranslation();
  // Bank transfer and direct debit are Japanese methods: a client elsewhere has nothing here.
  if (client && client.region !== 'jpn') return null;
  return (
    <Stack gap="md" maw={900}>
      <div>
        <Title order={client ? 3 : 2}>{t('route.operator_payment_methods')}</Title>
        <Text size="sm" c="dimmed">{t('operator_payments.methods_help')}</Text>
      </div>
      <RegisterCard client={client} />
      <CsvCard />
    </Stack>
  );
}

function RegisterCard({ client }: { client?: PaymentMethodsClient }) {
  const { t } = useTranslation();
  const register = useRegisterMethod();
  const form = useFormErrors();
  // On a client's info page the client is that one; otherwise the one picked by name.
  const [picked, setPicked] = useState({ uuid: '', name: '' });
  const clientUuid = client?.uuid ?? picked.uuid;
  const company = client?.company_name ?? picked.name;
  const [method, setMethod] = useState<TRequestedMethod>('bank_transfer');
  const [values, setValues] = useState<BankRequestValues>(EMPTY_BANK_REQUEST);
  // Issue 25 point 2: the checked input waits for the operator to confirm what it replaces.
  const [asking, setAsking] = useState<TPaymentMethodRegistration | null>(null);
  const current = usePaymentMethodOf(asking ? asking.client_uuid : null);

  function submit() {
    form.reset();
    const input = { ...values, client_uuid: clientUuid.trim(), method, region: 'jpn' as const };
    const local = validate(ZPaymentMethodRegistration, input);
    if (!local.ok) return form.setErrors(local.errors);
    setAsking(input);
  }

  async function confirm() {
    if (!asking) return;
    try {
      const { request } = await register.mutateAsync(asking);
      toast(t('operator_payments.registered', { company: request.company_name }), 'success');
      setAsking(null);
      setValues(EMPTY_BANK_REQUEST);
      setPicked({ uuid: '', name: '' });
    } catch (error) {
      // The refusal (a field's, or the client's) is shown on the form the operator corrects.
      setAsking(null);
      form.fromError(error);
    }
  }

  const replaces = Boolean(current.data?.current);
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
        <Stack gap="sm">
          <Title order={3} size="h4">{t('operator_payments.register_title')}</Title>
          <FormAlert message={form.message} />
          {client
            ? <Text size="sm">{t('operator_payments.for_client', { company: client.company_name })}</Text>
            : <ClientPicker region="jpn" value={picked.uuid} onChange={(uuid, name) => setPicked({ uuid, name })} error={form.error('client_uuid')}
              label={t('operator_payments.client')} description={t('operator_payments.client_help')} />}
          <SegmentedControl value={method} onChange={(v) => setMethod(v as TRequestedMethod)} w="fit-content"
            data={REQUESTED_METHODS.map((m) => ({ value: m, label: t(METHOD_LABEL[m]) }))} aria-label={t('payment_request.method')} />
          <BankRequestFields values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} error={form.error} />
          <Group justify="flex-end">
            <Button type="submit" loading={register.isPending}>{t('operator_payments.register')}</Button>
          </Group>
        </Stack>
      </form>
      <ConfirmChange
        opened={asking !== null} onClose={() => setAsking(null)} title={t('operator_payments.confirm_register_title')}
        intro={t(replaces ? 'operator_payments.confirm_replace_intro' : 'operator_payments.confirm_add_intro', { company })}
        loading={current.isPending} error={current.error?.message} danger={replaces}
        changes={asking ? [{ label: t('bo_clients.payment_method'), before: methodText(t, current.data?.current ?? null), after: methodText(t, bankSummary(asking)) }] : []}
        confirmLabel={t(replaces ? 'operator_payments.confirm_replace' : 'operator_payments.register')} pending={register.isPending} onConfirm={() => void confirm()}
      />
    </Card>
  );
}

function CsvCard() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [done, setDone] = useState<string>('');
  const importer = useImportMethods(() => undefined);
  const download = useDownloadMethods();
  const form = useFormErrors();
  // The refusal of a broken file lists its rows under `line.<n>`.
  const lines = Object.entries(form.errors).filter(([field]) => field.startsWith('line.'))
    .map(([field, messages]) => ({ line: Number(field.slice(5)), messages })).sort((a, b) => a.line - b.line);

  // Issue 25 point 2: the server's dry run of the file, shown row by row before the import is confirmed.
  const [preview, setPreview] = useState<TPaymentMethodImportResult | null>(null);

  async function send(dryRun: boolean) {
    if (!file) return;
    form.reset();
    setDone('');
    try {
      const result = await importer.mutateAsync({ file, dryRun });
      setPreview(result.dry_run ? result : null);
      if (!result.dry_run) setDone(t('operator_payments.imported', { count: result.registered }));
    } catch (error) {
      setPreview(null);
      form.fromError(error);
    }
  }
  const replacing = preview?.rows.filter((r) => r.action === 'replace').length ?? 0;

  async function onDownload() {
    try {
      const answer = await download.mutateAsync({});
      saveFile(answer);
      toast(t('operator_payments.downloaded', { count: answer.rows }), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">{t('operator_payments.csv_title')}</Title>
          <Button variant="default" loading={download.isPending} onClick={() => void onDownload()}>{t('operator_payments.download')}</Button>
        </Group>
        <Text size="sm">{t('operator_payments.csv_help', { max: PAYMENT_METHOD_CSV_MAX })}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{PAYMENT_METHOD_CSV_COLUMNS.join(',')}</Code>
        <FileInput label={t('operator_payments.file')} placeholder={t('operator_payments.choose')} accept=".csv,text/csv" value={file} clearable maw={420}
          onChange={(f) => { setFile(f); setDone(''); form.reset(); }} error={form.error('file')} />
        <FormAlert message={form.message} />
        {done && <Alert color="teal" variant="light">{done}</Alert>}
        {lines.length > 0 && (
          <Table striped data-testid="import-errors">
            <Table.Thead><Table.Tr><Table.Th>{t('operator_payments.line')}</Table.Th><Table.Th>{t('operator_payments.error')}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {lines.map((l) => (
                <Table.Tr key={l.line}><Table.Td>{l.line}</Table.Td><Table.Td><Text size="sm" c="red">{l.messages.join(' ')}</Text></Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button disabled={!file || importer.isPending} loading={importer.isPending && !preview} onClick={() => void send(true)}>{t('operator_payments.import')}</Button>
        </Group>
      </Stack>
      <ConfirmChange
        opened={preview !== null} onClose={() => setPreview(null)} title={t('operator_payments.confirm_import_title')}
        intro={t('operator_payments.confirm_import_intro', { replaced: replacing, added: (preview?.rows.length ?? 0) - replacing })}
        changes={[]} danger={replacing > 0} confirmLabel={t('operator_payments.import')} pending={importer.isPending} onConfirm={() => void send(false)}
      >
        {/* One block per row (not a table): it reads the same at 1280 and at 390 px. */}
        <Stack gap={0} data-testid="import-preview" mah={420} style={{ overflowY: 'auto' }}>
          {preview?.rows.map((r) => (
            <div key={r.line} data-testid="import-row" style={{ borderTop: '1px solid var(--mantine-color-gray-3)', padding: '8px 0' }}>
              <Group gap={6} wrap="wrap">
                <Text size="xs" c="dimmed">{t('operator_payments.line_no', { line: r.line })}</Text>
                <Text size="sm" fw={500}>{r.company_name}</Text>
                <Badge size="xs" variant="light" color={r.action === 'replace' ? 'orange' : 'teal'}>{t(ACTION_LABEL[r.action])}</Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {r.current && <Text span size="sm" c="dimmed">{methodText(t, r.current)} → </Text>}
                <Text span size="sm" fw={600}>{methodText(t, r.next)}</Text>
              </Text>
            </div>
          ))}
        </Stack>
      </ConfirmChange>
    </Card>
  );
}
