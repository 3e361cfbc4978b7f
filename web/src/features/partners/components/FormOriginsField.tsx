import { Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PARTNER_FORM_ORIGINS_MAX, type TFieldErrors } from '@portal/proto';
import { errorLines } from '../../../components/FormAlert';

/** The origins typed one per line, as the routes take them (blank lines dropped). */
export const originsOf = (text: string): string[] => text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);

/**
 * The sites that may embed the partner's client registration form, one origin per line: the
 * operator's wizard (step 4), the partner's info page and the partner's own settings edit the
 * same list with this field. The server's refusals (`form_origins`, `form_origins.<i>`) show under it.
 */
export function FormOriginsField({ value, onChange, errors, disabled }: {
  value: string;
  onChange: (text: string) => void;
  errors: TFieldErrors;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const messages = Object.entries(errors).filter(([k]) => k === 'form_origins' || k.startsWith('form_origins.')).flatMap(([, m]) => m);
  return (
    <Textarea label={t('partners.form_origins')} description={t('partners.form_origins_help', { max: PARTNER_FORM_ORIGINS_MAX })} autosize minRows={3}
      value={value} onChange={(e) => onChange(e.currentTarget.value)} error={errorLines(messages)} disabled={disabled} />
  );
}
