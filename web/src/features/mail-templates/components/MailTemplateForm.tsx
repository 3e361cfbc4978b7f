import { useRef, useState } from 'react';
import { Badge, Button, Card, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGE_NAMES, LANGUAGES, MAIL_BODY_MAX, ZMailDraft, ZMailTemplateUpdate, ZMailTestSend,
  type TLanguage, type ZMailPreview, type ZMailTemplateDetail,
} from '@portal/proto';
import type { z } from 'zod';
import { FormAlert } from '../../../components/FormAlert';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useSession } from '../../../lib/use-session';
import { usePreviewMail, useTestSendMail, useUpdateMailTemplate } from '../api';
import { TARGET_LABEL, nameKey, triggerKey } from '../labels';

type TDetail = z.infer<typeof ZMailTemplateDetail>['template'];
type TVersion = { subject: string; body: string; disabled: boolean };

/**
 * One system mail's edit form: sender, to, bcc, and per language a title and a plain-text body
 * (mails are sent as text, with an HTML copy made from it: so a textarea, not the rich-text
 * editor). The palette inserts the insertion codes valid for the mail's trigger and the common
 * parts at the cursor; a preview renders the draft with sample data; a test send mails it to the
 * operator.
 */
export function MailTemplateForm({ template, onDone }: { template: TDetail; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const form = useFormErrors();
  const update = useUpdateMailTemplate();
  const preview = usePreviewMail();
  const testSend = useTestSendMail();
  const [language, setLanguage] = useState<TLanguage>((LANGUAGES as readonly string[]).includes(i18n.language) ? i18n.language as TLanguage : 'ja-jp');
  const [head, setHead] = useState({ sender_address: template.sender_address, sender_name: template.sender_name, to: template.to, bcc: template.bcc });
  const [versions, setVersions] = useState<Partial<Record<TLanguage, TVersion>>>(
    Object.fromEntries(Object.entries(template.versions).map(([l, v]) => [l, { subject: v!.subject, body: v!.body, disabled: v!.disabled }])));
  const [testTo, setTestTo] = useState(session.email);
  const [testError, setTestError] = useState<string | undefined>();
  const [shown, setShown] = useState<z.infer<typeof ZMailPreview> | null>(null);
  const body = useRef<HTMLTextAreaElement>(null);
  const current: TVersion = versions[language] ?? { subject: '', body: '', disabled: false };
  const setCurrent = (patch: Partial<TVersion>) => setVersions((v) => ({ ...v, [language]: { ...current, ...patch } }));
  const field = (name: 'subject' | 'body') => form.error(`versions.${language}.${name}`) ?? form.error(name);
  // Refusals of versions in other languages than the one on screen are named above the form.
  const otherErrors = LANGUAGES.filter((l) => l !== language && Object.keys(form.errors).some((k) => k.startsWith(`versions.${l}.`)));

  /** Inserts a code or part reference at the body's cursor. */
  function insert(code: string) {
    const el = body.current;
    const at = el?.selectionStart ?? current.body.length;
    const end = el?.selectionEnd ?? at;
    setCurrent({ body: current.body.slice(0, at) + code + current.body.slice(end) });
    requestAnimationFrame(() => { el?.focus(); el?.setSelectionRange(at + code.length, at + code.length); });
  }

  async function save() {
    form.reset();
    const checked = validate(ZMailTemplateUpdate, { template: template.template, ...head, versions });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await update.mutateAsync(checked.data);
      toast(t('mail_templates.saved'), 'success');
      onDone();
    } catch (error) {
      form.fromError(error);
    }
  }

  async function draft(kind: 'preview' | 'test') {
    form.reset();
    setTestError(undefined);
    const input = { template: template.template, language, subject: current.subject, body: current.body, ...(kind === 'test' ? { to: testTo } : {}) };
    const checked = kind === 'test' ? validate(ZMailTestSend, input) : validate(ZMailDraft, input);
    if (!checked.ok) {
      const { to, ...rest } = checked.errors;
      setTestError(to?.join('\n'));
      return form.setErrors(rest);
    }
    try {
      if (kind === 'preview') setShown(await preview.mutateAsync(checked.data));
      else {
        await testSend.mutateAsync(checked.data as z.infer<typeof ZMailTestSend>);
        toast(t('mail_templates.test_sent', { to: testTo }), 'success');
      }
    } catch (error) {
      form.fromError(error);
    }
  }

  return (
    <Stack gap="md">
      <FormAlert message={form.message} />
      {otherErrors.length > 0 && <FormAlert message={t('mail_templates.errors_in', { languages: otherErrors.map((l) => LANGUAGE_NAMES[l]).join(', ') })} />}
      <div>
        <Title order={4}>{t(nameKey(template.template), { defaultValue: template.subject })}</Title>
        <Text size="sm" c="dimmed">{t(triggerKey(template.template, template.described))}</Text>
        <Badge mt={4} variant="light">{t(TARGET_LABEL[template.target])}</Badge>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('mail_templates.sender_address')} description={t('mail_templates.sender_default')} value={head.sender_address}
          onChange={(e) => setHead({ ...head, sender_address: e.currentTarget.value })} error={form.error('sender_address')} />
        <TextInput label={t('mail_templates.sender_name')} value={head.sender_name} maxLength={100}
          onChange={(e) => setHead({ ...head, sender_name: e.currentTarget.value })} error={form.error('sender_name')} />
        <TextInput label={t('mail_templates.to')} description={t('mail_templates.to_help')} value={head.to}
          onChange={(e) => setHead({ ...head, to: e.currentTarget.value })} error={form.error('to')} />
        <TextInput label={t('mail_templates.bcc')} description={t('mail_templates.to_help')} value={head.bcc}
          onChange={(e) => setHead({ ...head, bcc: e.currentTarget.value })} error={form.error('bcc')} />
      </SimpleGrid>
      <Select label={t('mail_templates.language')} value={language} allowDeselect={false} w={240}
        data={LANGUAGES.map((l) => ({ value: l, label: `${LANGUAGE_NAMES[l]}${template.edited.includes(l) ? ` (${t('mail_templates.edited')})` : ''}` }))}
        onChange={(v) => { if (v) { setLanguage(v as TLanguage); setShown(null); } }} />
      <Checkbox label={t('mail_templates.disabled')} checked={current.disabled} onChange={(e) => setCurrent({ disabled: e.currentTarget.checked })} />
      <TextInput label={t('mail_templates.subject')} value={current.subject} maxLength={200} required
        onChange={(e) => setCurrent({ subject: e.currentTarget.value })} error={field('subject')} />
      <Card withBorder padding="sm">
        <Text size="sm" fw={500}>{t('mail_templates.palette')}</Text>
        <Text size="xs" c="dimmed" mb={6}>{t('mail_templates.palette_help')}</Text>
        <Group gap={6}>
          {template.codes.map((code) => (
            <Button key={code} size="compact-xs" variant="light" onClick={() => insert(`{{${code}}}`)}>{`{{${code}}}`}</Button>
          ))}
          {template.parts.map((part) => (
            <Button key={part} size="compact-xs" variant="outline" color="grape" onClick={() => insert(`[[${part}]]`)}>{`[[${part}]]`}</Button>
          ))}
        </Group>
      </Card>
      <Textarea ref={body} label={t('mail_templates.body')} value={current.body} autosize minRows={8} maxRows={24} required
        description={t('mail_templates.counter', { count: current.body.length, max: MAIL_BODY_MAX })}
        onChange={(e) => setCurrent({ body: e.currentTarget.value })} error={field('body')} styles={{ input: { fontFamily: 'monospace' } }} />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <Button variant="default" onClick={() => draft('preview')} loading={preview.isPending}>{t('mail_templates.preview')}</Button>
          <TextInput aria-label={t('mail_templates.test_to')} placeholder={t('mail_templates.test_to')} value={testTo} w={240}
            onChange={(e) => setTestTo(e.currentTarget.value)} error={testError} />
          <Button variant="default" onClick={() => draft('test')} loading={testSend.isPending}>{t('mail_templates.test_send')}</Button>
        </Group>
        <Group gap="sm">
          <Button variant="default" onClick={onDone}>{t('mail_templates.cancel')}</Button>
          <Button onClick={save} loading={update.isPending}>{t('mail_templates.save')}</Button>
        </Group>
      </Group>
      {shown && (
        <Card withBorder data-testid="mail-preview">
          <Text size="xs" c="dimmed">{t('mail_templates.preview_note')}</Text>
          <Text fw={600} mt={4}>{shown.subject}</Text>
          <Text component="pre" size="sm" mt="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit' }}>{shown.text}</Text>
        </Card>
      )}
    </Stack>
  );
}
