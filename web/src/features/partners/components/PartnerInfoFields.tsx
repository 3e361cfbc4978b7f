import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PersonNameFields } from '../../../components/PersonNameFields';

export interface PartnerInfoValues {
  company_name: string; representative: string; phone: string; address: string; email: string; family_name: string; given_name: string;
}
export const EMPTY_PARTNER_INFO: PartnerInfoValues = { company_name: '', representative: '', phone: '', address: '', email: '', family_name: '', given_name: '' };

/** The partner's company and its first account (invited by mail): the wizard's step 2 and the sub-partner form. */
export function PartnerInfoFields({ value, onChange, error }: {
  value: PartnerInfoValues; onChange: (patch: Partial<PartnerInfoValues>) => void; error: (field: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const text = (field: 'company_name' | 'representative' | 'phone' | 'address', label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={label} required value={value[field]} error={error(field)} onChange={(e) => onChange({ [field]: e.currentTarget.value })} {...extra} />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {text('company_name', t('partners.company_name'), { maxLength: 100 })}
        {text('representative', t('partners.representative'), { maxLength: 100 })}
        {text('phone', t('partners.phone'), { maxLength: 20, inputMode: 'tel' })}
        {text('address', t('partners.address'), { maxLength: 200 })}
      </SimpleGrid>
      <TextInput label={t('partners.owner_email')} description={t('partners.owner_email_help')} required type="email" value={value.email}
        error={error('email')} onChange={(e) => onChange({ email: e.currentTarget.value })} maxLength={254} />
      <PersonNameFields value={value} onChange={(patch) => onChange(patch)} error={error} />
    </>
  );
}
