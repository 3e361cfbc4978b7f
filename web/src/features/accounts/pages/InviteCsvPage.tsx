import { useState } from 'react';
import { Alert, Button, Card, Code, FileInput, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVITE_CSV_COLUMNS, INVITE_CSV_MAX, PERSON_NAME_PART_MAX, type TInviteCsvColumn } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors } from '../../../lib/forms';
import type { UploadPhase } from '../../../lib/upload';
import { useInviteCsv, type TInviteCsvResult } from '../api';

/** The template's file name. */
const CSV_TEMPLATE_NAME = 'invite-template.csv';

/**
 * The template: the header line and one example person, as the server reads them (proto's
 * INVITE_CSV_COLUMNS), UTF-8 with a BOM and CRLF so spreadsheet software opens it right.
 */
function csvTemplate(sample: Record<TInviteCsvColumn, string>): string {
  return `\uFEFF${INVITE_CSV_COLUMNS.join(',')}\r\n${INVITE_CSV_COLUMNS.map((c) => sample[c]).join(',')}\r\n`;
}

function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * /user/invite_csv (owner): check a CSV first (dry run), then import it; rows with errors are
 * listed. The bar shows the real share of the file sent; once sent, the page says the server is
 * checking or inviting (one request: the server does not report row progress; 100 rows take about
 * a second, docs/decisions.md).
 */
export default function InviteCsvPage() {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<TInviteCsvResult | null>(null);
  // Each count is its own phrase, so each agrees with its own number ("1 row has errors").
  const summary = (r: TInviteCsvResult) => {
    if (r.dry_run) {
      return t('csv.dry_result', { invitable: t('csv.rows_invitable', { count: r.registered }), errors: t('csv.rows_with_errors', { count: r.error_count }) });
    }
    const invited = t('csv.accounts_invited', { count: r.registered });
    return r.error_count ? t('csv.result', { invited, errors: t('csv.rows_had_errors', { count: r.error_count }) }) : t('csv.result_clean', { invited });
  };
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [progress, setProgress] = useState<UploadPhase | null>(null);
  const inviteCsv = useInviteCsv(setProgress);
  const form = useFormErrors();
  const sample: Record<TInviteCsvColumn, string> = { email: 'sample@example.com', family_name: t('csv.sample_family'), given_name: t('csv.sample_given') };
  const columnHelp: Record<TInviteCsvColumn, string> = {
    email: t('csv.column_email'), family_name: t('csv.column_family_name', { max: PERSON_NAME_PART_MAX }), given_name: t('csv.column_given_name', { max: PERSON_NAME_PART_MAX }),
  };

  async function send(dryRun: boolean) {
    if (!file) return;
    form.reset();
    setResult(null);
    setBusy(dryRun ? 'check' : 'import');
    try {
      setResult(await inviteCsv.mutateAsync({ file, dryRun }));
    } catch (error) {
      form.fromError(error);
    } finally {
      setBusy(null);
      setProgress(null);
    }
  }

  return (
    <Stack gap="md" maw={900}>
      <Title order={2}>{t('route.user_invite_csv')}</Title>
      <Text size="sm" c="dimmed">{t('csv.help', { max: INVITE_CSV_MAX })}</Text>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <Title order={3} size="h5">{t('csv.columns_title')}</Title>
          <Text size="sm">{t('csv.columns_help')}</Text>
          {/* Two short columns: the table wraps its text on a phone rather than scroll. */}
          <Table withTableBorder verticalSpacing={6} data-testid="csv-columns">
            <Table.Thead><Table.Tr><Table.Th>{t('csv.column')}</Table.Th><Table.Th>{t('csv.content')}</Table.Th></Table.Tr></Table.Thead>
            <Table.Tbody>
              {INVITE_CSV_COLUMNS.map((c) => (
                <Table.Tr key={c}><Table.Td><Code>{c}</Code></Table.Td><Table.Td><Text size="sm">{columnHelp[c]}</Text></Table.Td></Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="sm">{t('csv.example')}</Text>
          <Code block>{csvTemplate(sample).replace('\uFEFF', '').trimEnd()}</Code>
          <Group>
            <Button variant="light" onClick={() => download(CSV_TEMPLATE_NAME, csvTemplate(sample))}>{t('csv.template')}</Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <FileInput label={t('csv.file')} placeholder={t('csv.choose')} accept=".csv,text/csv" value={file} onChange={(f) => { setFile(f); setResult(null); form.reset(); }} maw={420} clearable error={form.error('file')} />
          <FormAlert message={form.message} />
          {busy && progress?.phase === 'uploading' && (
            <Stack gap={4}>
              <Text size="xs" c="dimmed">{progress.percent === null ? t('csv.progress') : t('csv.uploading', { percent: progress.percent })}</Text>
              <Progress value={progress.percent ?? 100} striped={progress.percent === null} animated={progress.percent === null}
                aria-label={t('csv.progress')} />
            </Stack>
          )}
          {busy && progress?.phase === 'processing' && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t(busy === 'check' ? 'csv.processing_check' : 'csv.processing_import')}</Text>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" disabled={!file || busy !== null} loading={busy === 'check'} onClick={() => void send(true)}>{t('csv.check')}</Button>
            <Button disabled={!file || busy !== null} loading={busy === 'import'} onClick={() => void send(false)}>{t('csv.import')}</Button>
          </Group>
        </Stack>
      </Card>
      {result && (
        <Card withBorder radius="md" padding="lg">
          <Stack gap="sm">
            <Alert color={result.error_count ? 'orange' : 'teal'} variant="light">
              {summary(result)}
            </Alert>
            {result.error_rows.length > 0 && (
              <Table striped>
                <Table.Thead><Table.Tr><Table.Th>{t('csv.line')}</Table.Th><Table.Th>{t('accounts.email')}</Table.Th><Table.Th>{t('csv.error')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {result.error_rows.map((e) => (
                    <Table.Tr key={e.line}><Table.Td>{e.line}</Table.Td><Table.Td>{e.email}</Table.Td><Table.Td><Text size="sm" c="red">{e.messages.join(' ')}</Text></Table.Td></Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {!result.dry_run && <Button component={Link} to="/user/list" variant="light" w="fit-content">{t('csv.to_list')}</Button>}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
