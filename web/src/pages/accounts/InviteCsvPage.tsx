import { useState } from 'react';
import { Alert, Button, Card, FileInput, Group, Loader, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { INVITE_CSV_HEADER, INVITE_CSV_MAX, ZInviteCsvResult, type TInviteCsvResult } from '@portal/proto';
import { FormAlert } from '../../components/FormAlert';
import { useFormErrors } from '../../lib/forms';
import { uploadWithProgress, type UploadPhase } from '../../lib/upload';

/** The template: the header row and one example, UTF-8 with a BOM so spreadsheet software opens it right. */
function downloadTemplate() {
  const text = `\uFEFF${INVITE_CSV_HEADER.join(',')}\r\nsample@example.com,Sample User\r\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = 'invite-template.csv';
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
  const [busy, setBusy] = useState<'check' | 'import' | null>(null);
  const [progress, setProgress] = useState<UploadPhase | null>(null);
  const form = useFormErrors();

  async function send(dryRun: boolean) {
    if (!file) return;
    form.reset();
    setResult(null);
    setBusy(dryRun ? 'check' : 'import');
    const body = new FormData();
    body.append('dry_run', String(dryRun));
    body.append('file', file, file.name);
    try {
      setResult(ZInviteCsvResult.parse(await uploadWithProgress('/user/invite_csv', body, setProgress)));
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
          <Group align="flex-end">
            <FileInput label={t('csv.file')} placeholder={t('csv.choose')} accept=".csv,text/csv" value={file} onChange={(f) => { setFile(f); setResult(null); form.reset(); }} w={360} clearable error={form.error('file')} />
            <Button variant="subtle" onClick={downloadTemplate}>{t('csv.template')}</Button>
          </Group>
          <FormAlert message={form.error('file') ? '' : form.message} />
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
              {t(result.dry_run ? 'csv.dry_result' : 'csv.result', { registered: result.registered, errors: result.error_count })}
            </Alert>
            {result.error_rows.length > 0 && (
              <Table striped>
                <Table.Thead><Table.Tr><Table.Th>{t('csv.line')}</Table.Th><Table.Th>{t('accounts.email')}</Table.Th><Table.Th>{t('csv.error')}</Table.Th></Table.Tr></Table.Thead>
                <Table.Tbody>
                  {result.error_rows.map((e) => (
                    <Table.Tr key={e.line}><Table.Td>{e.line}</Table.Td><Table.Td>{e.email}</Table.Td><Table.Td><Text size="sm" c="red.7">{e.messages.join(' ')}</Text></Table.Td></Table.Tr>
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
