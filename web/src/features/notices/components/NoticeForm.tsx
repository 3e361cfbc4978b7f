import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  NOTICE_BODY_MAX, NOTICE_PAYMENTS, NOTICE_TARGETS, NOTICE_TITLE_MAX, PRODUCT_IDS, REGION_PROFILES, ZNoticeCreate, ZNoticeUpdate,
  noticeFullyEditable, noticeTargetTakesPayment, productName, type TNoticeAdmin, type TNoticePayment, type TNoticeTarget, type TProductId,
} from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { useDateTime } from '../../../lib/datetime';
import { useFormErrors, validate } from '../../../lib/forms';
import { hostLocale } from '../../../lib/locale';
import { toast } from '../../../lib/toast';
import { useCreateNotice, useUpdateNotice } from '../api';
import { ClientPicker } from '../../../components/ClientPicker';
import { PAYMENT_LABEL, TARGET_LABEL, fromLocalInput, toLocalInput } from '../labels';

/** Characters used of a limit, shown under a text field (spec §5: the limit with a counter). */
function Counter({ value, max }: { value: string; max: number }) {
  return <Text size="xs" c={value.length > max ? 'red' : 'dimmed'} ta="right">{value.length} / {max}</Text>;
}

/**
 * Create or edit a notice. A draft or scheduled notice may change every field; once delivery has
 * started only title and body (the other fields are shown disabled; the server refuses them too):
 * duplicate it as a draft and edit that. An archived notice is shown read-only by the page.
 */
export function NoticeForm({ notice, onDone }: { notice: TNoticeAdmin | null; onDone: () => void }) {
  const { t } = useTranslation();
  const region = hostLocale().region;
  const format = useDateTime();
  const locked = notice !== null && !noticeFullyEditable(notice.state);
  const [product, setProduct] = useState<string>(notice?.product ?? '');
  const [target, setTarget] = useState<TNoticeTarget>(notice?.target ?? 'all');
  const [payment, setPayment] = useState<TNoticePayment>(notice?.payment ?? 'all');
  const [clientUuid, setClientUuid] = useState(notice?.target === 'client' ? notice.clients[0]?.client_uuid ?? '' : '');
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const [title, setTitle] = useState(notice?.title ?? '');
  const [body, setBody] = useState(notice?.body ?? '');
  const [url, setUrl] = useState(notice?.url ?? '');
  const [startsAt, setStartsAt] = useState(notice?.starts_at ? toLocalInput(notice.starts_at, region) : '');
  const [endsAt, setEndsAt] = useState(notice?.ends_at ? toLocalInput(notice.ends_at, region) : '');
  const [onTop, setOnTop] = useState(notice?.on_top ?? false);
  const [fixed, setFixed] = useState(notice?.fixed ?? false);
  const form = useFormErrors();
  const create = useCreateNotice();
  const update = useUpdateNotice();
  const products = PRODUCT_IDS.filter((p) => (REGION_PROFILES[region].products as readonly string[]).includes(p));

  async function save() {
    form.reset();
    const input = {
      product: (product || null) as TProductId | null, target, payment: noticeTargetTakesPayment(target) ? payment : 'all',
      client_uuid: target === 'client' ? clientUuid.trim() || undefined : undefined,
      csv: target === 'csv' && csvFile ? await csvFile.text() : undefined,
      title, body, url: url.trim(), starts_at: fromLocalInput(startsAt, region), ends_at: fromLocalInput(endsAt, region), on_top: onTop, fixed,
    };
    const checked = notice ? validate(ZNoticeUpdate, { ...input, id: notice.id }) : validate(ZNoticeCreate, input);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    try {
      if (notice) await update.mutateAsync({ ...input, id: notice.id });
      else await create.mutateAsync(input);
      toast(t('notices.saved'), 'success');
      onDone();
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      {notice?.state === 'draft' && <Alert color="yellow">{t('notices.draft_help')}</Alert>}
      {locked && <Alert color="yellow">{t('notices.locked_help')}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('notices.product')} disabled={locked} value={product} onChange={(v) => setProduct(v ?? '')} error={form.error('product')}
          data={[{ value: '', label: t('notices.product_any') }, ...products.map((p) => ({ value: p, label: productName(p) }))]} allowDeselect={false}
        />
        <Select
          label={t('notices.target')} disabled={locked} value={target} onChange={(v) => setTarget((v ?? 'all') as TNoticeTarget)} error={form.error('target')}
          data={NOTICE_TARGETS.map((v) => ({ value: v, label: t(TARGET_LABEL[v]) }))} allowDeselect={false}
        />
      </SimpleGrid>
      {noticeTargetTakesPayment(target) && (
        <Select
          label={t('notices.payment')} disabled={locked} value={payment} onChange={(v) => setPayment((v ?? 'all') as TNoticePayment)} error={form.error('payment')}
          data={NOTICE_PAYMENTS.map((v) => ({ value: v, label: t(PAYMENT_LABEL[v]) }))} allowDeselect={false} description={t('notices.payment_help')}
        />
      )}
      {target === 'client' && (
        <ClientPicker region={region} value={clientUuid} initialName={notice?.target === 'client' ? notice.clients[0]?.company_name : undefined}
          onChange={setClientUuid} disabled={locked} error={form.error('client_uuid')} />
      )}
      {target === 'csv' && (
        <Stack gap={4}>
          <FileInput label={t('notices.csv')} description={notice?.clients.length ? t('notices.csv_keep', { count: notice.clients.length }) : t('notices.csv_help')}
            placeholder={t('csv.choose')} accept=".csv,text/csv" value={csvFile} onChange={setCsvFile} clearable disabled={locked} error={form.error('csv')} />
        </Stack>
      )}
      <div>
        <TextInput label={t('notices.title')} required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={form.error('title')} />
        <Counter value={title} max={NOTICE_TITLE_MAX} />
      </div>
      <div>
        <Textarea label={t('notices.body')} description={t('notices.body_help')} required autosize minRows={5} maxRows={14} value={body}
          onChange={(e) => setBody(e.currentTarget.value)} error={form.error('body')} />
        <Counter value={body} max={NOTICE_BODY_MAX} />
      </div>
      <TextInput label={t('notices.url')} placeholder="https://" disabled={locked} value={url} onChange={(e) => setUrl(e.currentTarget.value)} error={form.error('url')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput type="datetime-local" label={t('notices.starts_at')} required disabled={locked} value={startsAt}
          onChange={(e) => setStartsAt(e.currentTarget.value)} error={form.error('starts_at')} />
        <TextInput type="datetime-local" label={t('notices.ends_at')} required disabled={locked} value={endsAt}
          onChange={(e) => setEndsAt(e.currentTarget.value)} error={form.error('ends_at')} />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={-8}>{t('notices.zone', { zone: format.zoneName })}</Text>
      <Group>
        <Checkbox label={t('notices.on_top')} disabled={locked} checked={onTop} onChange={(e) => setOnTop(e.currentTarget.checked)} />
        <Checkbox label={t('notices.fixed')} disabled={locked} checked={fixed} onChange={(e) => setFixed(e.currentTarget.checked)} />
      </Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>{t('common.cancel')}</Button>
        <Button onClick={() => void save()} loading={create.isPending || update.isPending}>{t('common.save')}</Button>
      </Group>
    </Stack>
  );
}
