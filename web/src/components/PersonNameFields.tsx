import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { nameFieldOrder, type PersonName, type TNameField, type TRegion } from '@portal/proto';
import { currentLocale } from '../lib/locale';

interface PersonNameFieldsProps {
  value: PersonName;
  onChange: (patch: Partial<PersonName>) => void;
  /** The field's error, if any (the form's `error('family_name')`, or a row's). */
  error: (field: TNameField) => string | undefined;
  /** Props for both inputs (width, size). */
  inputProps?: Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'label'>;
  /** Whose order: the host's region, unless the server named the region (a sign-up link's). */
  region?: TRegion;
}

/**
 * Family and given name, both required (proto's ZPersonName), in the order of the host's region
 * (spec §1: family name first in Japan and Vietnam, given name first elsewhere). Every form that
 * asks a name uses it: sign-up, profile, account edit, invite.
 */
export function PersonNameFields({ value, onChange, error, inputProps, region = currentLocale().region }: PersonNameFieldsProps) {
  const { t } = useTranslation();
  const labels: Record<TNameField, string> = { family_name: t('id.family_name'), given_name: t('id.given_name') };
  return (
    <>
      {nameFieldOrder(region).map((field) => (
        <TextInput key={field} {...inputProps} label={labels[field]} required value={value[field]} error={error(field)}
          autoComplete={field === 'family_name' ? 'family-name' : 'given-name'}
          onChange={(e) => onChange({ [field]: e.currentTarget.value })} />
      ))}
    </>
  );
}
