import { useState } from 'react';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, MAIL_PART_MAX, MAIL_PARTS, ZMailPartUpdate, type TLanguage, type TMailPart } from '@portal/proto';
import { FormAlert } from '../../../components/FormAlert';
import { QueryState } from '../../../components/QueryState';
import { useFormErrors, validate } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { useMailParts, useUpdateMailPart } from '../api';

/** The common parts every template includes by reference (`[[header]]` ...), one text per language. */
export function MailPartsForm() {
  const parts = useMailParts();
  return (
    <QueryState query={parts}>
      {(data) => <PartEditor key={JSON.stringify(data.parts)} parts={data.parts} />}
    </QueryState>
  );
}

function PartEditor({ parts: stored }: { parts: Record<TMailPart, Partial<Record<TLanguage, string>>> }) {
  const { t } = useTranslation();
  const form = useFormErrors();
  const save = useUpdateMailPart();
  const [part, setPart] = useState<TMailPart>('footer');
  const [language, setLanguage] = useState<TLanguage>('ja-jp');
  const [text, setText] = useState(stored[part][language] ?? '');
  const pick = (p: TMailPart, l: TLanguage) => { setPart(p); setLanguage(l); setText(stored[p][l] ?? ''); form.reset(); };
  async function submit() {
    form.reset();
    const checked = validate(ZMailPartUpdate, { part, language, text });
    if (!checked.ok) return form.setErrors(checked.errors);
    try {
      await save.mutateAsync(checked.data);
      toast(t('mail_templates.saved'), 'success');
    } catch (error) {
      form.fromError(error);
    }
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">{t('mail_templates.parts_help')}</Text>
      <FormAlert message={form.message} />
      <Group gap="sm" wrap="wrap">
        <Select label={t('mail_templates.part')} value={part} allowDeselect={false} w={200}
          data={MAIL_PARTS.map((p) => ({ value: p, label: `${t(`mail_templates.part_name.${p}`)} [[${p}]]` }))} onChange={(v) => v && pick(v as TMailPart, language)} />
        <Select label={t('mail_templates.language')} value={language} allowDeselect={false} w={200}
          data={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} onChange={(v) => v && pick(part, v as TLanguage)} />
      </Group>
      <Textarea label={t('mail_templates.part_text')} value={text} autosize minRows={3} maxRows={10} onChange={(e) => setText(e.currentTarget.value)}
        description={t('mail_templates.counter', { count: text.length, max: MAIL_PART_MAX })} error={form.error('text')} />
      <Group justify="flex-end"><Button onClick={submit} loading={save.isPending}>{t('mail_templates.save')}</Button></Group>
    </Stack>
  );
}
