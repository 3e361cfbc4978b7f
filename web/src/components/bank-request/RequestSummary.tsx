import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TBankAccountType, TRequestedMethod } from '@portal/proto';
import { ACCOUNT_TYPE_LABEL } from './BankRequestFields';

export const METHOD_LABEL: Record<TRequestedMethod, string> = {
  bank_transfer: 'payment_request.method_bank_transfer', direct_debit: 'payment_request.method_direct_debit',
};

/** What a request says, in words (the confirm step, the confirming page and the operator's detail). */
export function RequestSummary({ request }: {
  request: {
    method: TRequestedMethod; company_name: string; person_name: string; email: string; phone: string; details?: string; bank_code: string; bank_name: string;
    branch_code: string; branch_name: string; account_type: TBankAccountType; account_number: string; account_holder: string;
  };
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('payment_request.method'), t(METHOD_LABEL[request.method])],
    [t('payment_request.company_name'), request.company_name],
    [t('payment_request.person_name'), request.person_name],
    [t('payment_request.email'), request.email],
    [t('payment_request.phone'), request.phone],
    [t('payment_request.bank'), `${request.bank_name} (${request.bank_code})`],
    [t('payment_request.branch'), `${request.branch_name} (${request.branch_code})`],
    [t('payment_request.account'), `${t(ACCOUNT_TYPE_LABEL[request.account_type])} ${request.account_number}`],
    [t('payment_request.account_holder'), request.account_holder],
    ...(request.details ? [[t('payment_request.details'), request.details] as [string, string]] : []),
  ];
  return (
    <Table withTableBorder verticalSpacing="xs" data-testid="request-summary">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="38%" fw={500}>{label}</Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
