import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, List, Modal, ScrollArea, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLIENT_BULK_MAX, NOTICE_BODY_MAX, NOTICE_TITLE_MAX, type TBackofficeClientRow, type TClientBulkSuspended } from '@portal/proto';
import { ApiError, FormError } from '../../../lib/api';
import { hostLocale } from '../../../lib/locale';
import { saveFile } from '../../../lib/save-file';
import { toast } from '../../../lib/toast';
import { useBulkCsv, useBulkSuspend, useNoticeDraftForClients } from '../api';

type TRow = TBackofficeClientRow;
export const selectionKey = (row: Pick<TRow, 'region' | 'uuid'>) => `${row.region}/${row.uuid}`;
const refs = (rows: TRow[]) => rows.map((r) => ({ region: r.region, uuid: r.uuid }));
const OUTCOME_COLOR = { suspended: 'teal', already_suspended: 'gray', not_found: 'red' } as const;
/** Catalogue keys of the outcomes (whole keys, so the unused-key test sees them). */
const OUTCOME_LABEL = { suspended: 'client_bulk.outcome_suspended', already_suspended: 'client_bulk.outcome_already_suspended', not_found: 'client_bulk.outcome_not_found' } as const;

/** A refusal in a toast: a field's message (the selection's) or the answer's; anything else is a bug and thrown on. */
function report(error: unknown): void {
  if (!(error instanceof ApiError)) throw error;
  const message = error instanceof FormError ? (Object.values(error.errors).flat()[0] ?? error.message) : error.message;
  if (message) toast(message, 'error');
}

/** Plain text as the notice body's HTML: each line a paragraph, nothing interpreted. */
function paragraphs(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text.split(/\r?\n/).filter((l) => l.trim()).map((l) => `<p>${escape(l)}</p>`).join('');
}

/**
 * Issue 25 point 5: the client list's bulk actions on the selected rows (kept across pages, at most
 * CLIENT_BULK_MAX): export them as the list's CSV, start a notice draft to exactly them (operators),
 * and suspend them after a confirmation that names every company and says how many. The server
 * suspends each as the one-client suspend does and answers what happened to each; the answer is
 * shown in the same dialog.
 */
export function ClientBulkBar({ area, selected, onClear, onSuspended }: {
  area: 'operator' | 'partner'; selected: TRow[]; onClear: () => void; onSuspended: (done: TClientBulkSuspended) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const csv = useBulkCsv(area);
  const suspend = useBulkSuspend(area);
  const draft = useNoticeDraftForClients();
  const [confirming, setConfirming] = useState(false);
  const [outcome, setOutcome] = useState<TClientBulkSuspended | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const hostRegion = hostLocale().region;
  const elsewhere = selected.filter((r) => r.region !== hostRegion).length;
  const names = new Map(selected.map((r) => [selectionKey(r), r.company_name]));

  async function exportCsv() {
    try {
      const file = await csv.mutateAsync({ clients: refs(selected), sort: 'company_name', order: 'asc' });
      saveFile(file);
      toast(t('bo_clients.downloaded', { count: file.rows }), 'success');
    } catch (error) {
      report(error);
    }
  }

  async function runSuspend() {
    try {
      const done = await suspend.mutateAsync({ clients: refs(selected) });
      setOutcome(done);
      onSuspended(done);
    } catch (error) {
      report(error);
    }
  }

  async function createDraft() {
    try {
      await draft.mutateAsync({ clients: refs(selected), title: title.trim(), body: paragraphs(body) });
      toast(t('client_bulk.notice_created'), 'success');
      setNoticeOpen(false);
      onClear();
      void navigate('/operator/notices');
    } catch (error) {
      report(error);
    }
  }

  const closeSuspend = () => { setConfirming(false); setOutcome(null); };
  return (
    <>
      <Card withBorder padding="sm" data-testid="bulk-bar">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" fw={600}>{t('client_bulk.selected', { count: selected.length, max: CLIENT_BULK_MAX })}</Text>
          <Group gap="xs" wrap="wrap">
            <Button size="compact-sm" variant="default" loading={csv.isPending} onClick={() => void exportCsv()}>{t('client_bulk.export')}</Button>
            {area === 'operator' && <Button size="compact-sm" variant="default" onClick={() => setNoticeOpen(true)}>{t('client_bulk.notice')}</Button>}
            <Button size="compact-sm" color="red" variant="light" onClick={() => setConfirming(true)}>{t('client_bulk.suspend')}</Button>
            <Button size="compact-sm" variant="subtle" onClick={onClear}>{t('client_bulk.clear')}</Button>
          </Group>
        </Group>
      </Card>

      <Modal opened={confirming} onClose={closeSuspend} title={t('client_bulk.suspend_title', { count: outcome ? outcome.results.length : selected.length })}>
        {outcome ? (
          <Stack gap="sm">
            <Text size="sm">{t('client_bulk.suspend_done', { count: outcome.suspended })}</Text>
            <ScrollArea.Autosize mah={280}>
              <List spacing={4} size="sm" listStyleType="none" data-testid="bulk-outcome">
                {outcome.results.map((r) => (
                  <List.Item key={selectionKey(r)}>
                    <Group gap="xs" wrap="nowrap">
                      <Badge size="sm" variant="light" color={OUTCOME_COLOR[r.outcome]}>{t(OUTCOME_LABEL[r.outcome])}</Badge>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{r.company_name ?? names.get(selectionKey(r)) ?? ''}</Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </ScrollArea.Autosize>
            <Group justify="flex-end"><Button onClick={closeSuspend}>{t('client_bulk.close')}</Button></Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">{t('client_bulk.suspend_text', { count: selected.length })}</Text>
            <ScrollArea.Autosize mah={280}>
              <List spacing={2} size="sm" data-testid="bulk-confirm-list">
                {selected.map((r) => <List.Item key={selectionKey(r)} style={{ overflowWrap: 'anywhere' }}>{r.company_name}</List.Item>)}
              </List>
            </ScrollArea.Autosize>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={closeSuspend}>{t('client_bulk.cancel')}</Button>
              <Button color="red" loading={suspend.isPending} onClick={() => void runSuspend()}>{t('client_bulk.suspend_confirm', { count: selected.length })}</Button>
            </Group>
          </Stack>
        )}
      </Modal>

      <Modal opened={noticeOpen} onClose={() => setNoticeOpen(false)} title={t('client_bulk.notice_title', { count: selected.length })} size="lg">
        <Stack gap="sm">
          <Text size="sm">{t('client_bulk.notice_text', { count: selected.length })}</Text>
          {elsewhere > 0 && <Alert color="yellow">{t('client_bulk.notice_elsewhere', { count: elsewhere })}</Alert>}
          <TextInput label={t('client_bulk.notice_subject')} value={title} maxLength={NOTICE_TITLE_MAX} required onChange={(e) => setTitle(e.currentTarget.value)} />
          <Textarea label={t('client_bulk.notice_body')} value={body} maxLength={NOTICE_BODY_MAX} required autosize minRows={4} onChange={(e) => setBody(e.currentTarget.value)} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setNoticeOpen(false)}>{t('client_bulk.cancel')}</Button>
            <Button loading={draft.isPending} disabled={!title.trim() || !body.trim() || elsewhere > 0} onClick={() => void createDraft()}>{t('client_bulk.notice_create')}</Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
