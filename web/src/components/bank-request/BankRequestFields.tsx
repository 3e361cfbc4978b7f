import { Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_HOLDER_MAX, BANK_ACCOUNT_TYPES, type TBankAccountType } from '@portal/proto';

/** The form's values: contact and bank account, as typed (strings). */
export interface BankRequestValues {
  company_name: string;
  person_name: string;
  email: string;
  phone: string;
  details: string;
  bank_code: string;
  bank_name: string;
  branch_code: string;
  branch_name: string;
  account_type: TBankAccountType;
  account_number: string;
  account_holder: string;
}

export const EMPTY_BANK_REQUEST: BankRequestValues = {
  company_name: '', person_name: '', email: '', phone: '', details: '', bank_code: '', bank_name: '', branch_code: '', branch_name: '',
  account_type: 'ordinary', account_number: '', account_holder: '',
};

export const ACCOUNT_TYPE_LABEL: Record<TBankAccountType, string> = {
  ordinary: 'payment_request.account_type_ordinary', current: 'payment_request.account_type_current',
};

/**
 * Contact and bank fields of a request (spec §3) with the reference's shapes as hints; shared by
 * the client's request and the operator's registration. Errors come from the contract's schema
 * (client side) or the server, under each field.
 */
export function BankRequestFields({ values, onChange, error, details = true }: {
  values: BankRequestValues;
  onChange: (patch: Partial<BankRequestValues>) => void;
  error: (field: string) => string | undefined;
  details?: boolean;
}) {
  const { t } = useTranslation();
  const text = (field: keyof BankRequestValues, props: { label: string; description?: string; inputMode?: 'numeric' | 'email' | 'tel'; maxLength?: number }) => (
    <TextInput required {...props} value={values[field]} error={error(field)} onChange={(e) => onChange({ [field]: e.currentTarget.value })} />
  );
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('company_name', { label: t('payment_request.company_name'), maxLength: 100 })}
        {text('person_name', { label: t('payment_request.person_name'), maxLength: 60 })}
        {text('email', { label: t('payment_request.email'), inputMode: 'email' })}
        {text('phone', { label: t('payment_request.phone'), description: t('payment_request.phone_help'), inputMode: 'tel', maxLength: 11 })}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('bank_code', { label: t('payment_request.bank_code'), description: t('payment_request.bank_code_help'), inputMode: 'numeric', maxLength: 4 })}
        {text('bank_name', { label: t('payment_request.bank_name'), maxLength: 60 })}
        {text('branch_code', { label: t('payment_request.branch_code'), description: t('payment_request.branch_code_help'), inputMode: 'numeric', maxLength: 5 })}
        {text('branch_name', { label: t('payment_request.branch_name'), maxLength: 60 })}
        <Select
          required label={t('payment_request.account_type')} allowDeselect={false} value={values.account_type} error={error('account_type')}
          data={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(ACCOUNT_TYPE_LABEL[type]) }))}
          onChange={(v) => v && onChange({ account_type: v as TBankAccountType })}
        />
        {text('account_number', { label: t('payment_request.account_number'), description: t('payment_request.account_number_help'), inputMode: 'numeric', maxLength: 8 })}
      </SimpleGrid>
      {text('account_holder', { label: t('payment_request.account_holder'), description: t('payment_request.account_holder_help', { max: ACCOUNT_HOLDER_MAX }), maxLength: ACCOUNT_HOLDER_MAX })}
      {details && (
        <Textarea label={t('payment_request.details')} description={t('payment_request.details_help')} autosize minRows={3} maxLength={1000}
          value={values.details} error={error('details')} onChange={(e) => onChange({ details: e.currentTarget.value })} />
      )}
    </>
  );
}
