import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_CSV_COLUMNS } from '@portal/proto';
import { paymentMethodCsvCells, readPaymentMethodCsv } from './payment-method-csv.rules.js';

const header = PAYMENT_METHOD_CSV_COLUMNS.join(',');
const A = '0b9f3c5e-7a1d-4c2e-9f00-000000000101';
const B = '0b9f3c5e-7a1d-4c2e-9f00-000000000102';
const row = (client: string, patch: Partial<Record<string, string>> = {}) => {
  const cells: Record<string, string> = {
    client_uuid: client, method: 'direct_debit', company_name: 'デモ商事株式会社', person_name: '山田 一郎', email: 'billing@example.com',
    phone: '0312345678', bank_code: '0005', bank_name: '三菱ＵＦＪ銀行', branch_code: '001', branch_name: '本店', account_type: '1',
    account_number: '1234567', account_holder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ', ...patch,
  };
  return PAYMENT_METHOD_CSV_COLUMNS.map((c) => cells[c]).join(',');
};

/** Issue 11, slice B: reading a payment-method import (all rows or none, errors by line). */
describe('payment-method CSV', () => {
  it('reads valid rows in any column order, with the zengin account type', () => {
    const reversed = [...PAYMENT_METHOD_CSV_COLUMNS].reverse();
    const line = (client: string) => row(client, { account_type: '2' }).split(',').reverse().join(',');
    const read = readPaymentMethodCsv(`${reversed.map((c) => ` ${c.toUpperCase()} `).join(',')}\n${line(A)}\n${line(B)}\n`);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.rows.map((r) => [r.client_uuid, r.account_type, r.method])).toEqual([[A, 'current', 'direct_debit'], [B, 'current', 'direct_debit']]);
  });

  it('names every broken row by its line (the header is line 1) and keeps none', () => {
    const read = readPaymentMethodCsv([header, row(A), row(B, { bank_code: '12', account_holder: 'ﾃﾞﾓ株式会社' }), row(A), row('not-a-uuid', { account_type: '3' })].join('\r\n'));
    expect(read.ok).toBe(false);
    if (read.ok || !('lines' in read)) throw new Error('expected row errors');
    expect(Object.keys(read.lines)).toEqual(['3', '4', '5']);
    expect(read.lines[3]!.map((r) => r.key).sort()).toEqual(['payment_request.account_holder_format', 'payment_request.bank_code_format']);
    expect(read.lines[4]!.map((r) => r.key)).toEqual(['payment_method.csv_duplicate_client']);
    expect(read.lines[5]!.map((r) => r.key).sort()).toEqual(['payment_request.client_uuid_format', 'validation.invalid']);
  });

  it('refuses a file without the columns, or without rows, as a whole', () => {
    expect(readPaymentMethodCsv('email,family_name,given_name\na@example.com,A,B\n')).toMatchObject({ ok: false, refusal: { key: 'payment_method.csv_columns' } });
    expect(readPaymentMethodCsv(`${header},extra\n${row(A)}\n`)).toMatchObject({ ok: false, refusal: { key: 'payment_method.csv_columns' } });
    expect(readPaymentMethodCsv(`${header}\n`)).toMatchObject({ ok: false, refusal: { key: 'csv.empty' } });
    expect(readPaymentMethodCsv('"unclosed\n')).toMatchObject({ ok: false, refusal: { key: 'payment_method.csv_columns' } });
  });

  it('writes a registered method back in the import\'s columns, so a download can be imported again', () => {
    const cells = paymentMethodCsvCells({
      id: 'x', clientUuid: A, method: 'bank_transfer', status: 'registered', source: 'operator', companyName: 'デモ商事株式会社', personName: '山田 一郎',
      email: 'billing@example.com', phone: '0312345678', details: '', bankCode: '0005', bankName: '三菱ＵＦＪ銀行', branchCode: '001', branchName: '本店',
      accountType: 'current', accountNumber: '1234567', accountHolder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ', requestedBy: null, language: 'ja-jp', reason: null, reviewedBy: null,
      reviewedAt: null, createdAt: new Date(),
    });
    const read = readPaymentMethodCsv(`${header}\n${cells.join(',')}\n`);
    expect(read).toMatchObject({ ok: true, rows: [{ client_uuid: A, method: 'bank_transfer', account_type: 'current', account_holder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ' }] });
  });
});
