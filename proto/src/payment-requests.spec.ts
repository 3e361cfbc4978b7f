import { describe, expect, it } from 'vitest';
import { ZPaymentRequestInput } from './payment-requests.js';
import { fieldMessages } from './validation.js';

/** Issue 11, slice B: the bank data shapes of ../shared/ref/payments-jp.md, field by field. */
describe('payment-method request validation', () => {
  const valid = {
    method: 'bank_transfer', company_name: 'デモ商事株式会社', person_name: '山田 一郎', email: 'owner@example.com', phone: '0312345678',
    details: '', bank_code: '0005', bank_name: '三菱ＵＦＪ銀行', branch_code: '001', branch_name: '本店', account_type: 'ordinary',
    account_number: '1234567', account_holder: 'ﾃﾞﾓｼｮｳｼﾞ(ｶ',
  };
  const errorsOf = (patch: Record<string, unknown>) => {
    const parsed = ZPaymentRequestInput.safeParse({ ...valid, ...patch });
    if (parsed.success) return {};
    return Object.fromEntries(Object.entries(fieldMessages(parsed.error.issues)).map(([f, refs]) => [f, refs.map((r) => r.key)]));
  };

  it('accepts the reference\'s shapes, for a bank and for Japan Post Bank (5-digit branch, 8-digit number)', () => {
    expect(errorsOf({})).toEqual({});
    expect(errorsOf({ method: 'direct_debit', account_type: 'current', phone: '09012345678' })).toEqual({});
    expect(errorsOf({ bank_code: '9900', branch_code: '10170', account_number: '12345678' })).toEqual({});
    expect(errorsOf({ account_holder: 'ﾔﾏﾀﾞ ﾀﾛｳ' })).toEqual({});
  });

  it('refuses a malformed bank code, branch code and account number with their own messages', () => {
    expect(errorsOf({ bank_code: '005' })).toEqual({ bank_code: ['payment_request.bank_code_format'] });
    expect(errorsOf({ bank_code: '０００５' })).toEqual({ bank_code: ['payment_request.bank_code_format'] });
    expect(errorsOf({ branch_code: '01' })).toEqual({ branch_code: ['payment_request.branch_code_format'] });
    expect(errorsOf({ account_number: '123456' })).toEqual({ account_number: ['payment_request.account_number_format'] });
    expect(errorsOf({ account_number: '12345678' })).toEqual({ account_number: ['payment_request.account_number_format'] });
    // Japan Post Bank's own lengths: a 3-digit branch and a 7-digit number are refused there.
    expect(errorsOf({ bank_code: '9900' })).toEqual({
      branch_code: ['payment_request.branch_code_format_post'], account_number: ['payment_request.account_number_format_post'],
    });
  });

  it('takes the holder in half-width katakana only, up to 30 characters', () => {
    expect(errorsOf({ account_holder: 'デモショウジ' })).toEqual({ account_holder: ['payment_request.account_holder_format'] });
    expect(errorsOf({ account_holder: 'DEMO SHOJI' })).toEqual({ account_holder: ['payment_request.account_holder_format'] });
    expect(errorsOf({ account_holder: 'ｱ'.repeat(31) })).toEqual({ account_holder: ['payment_request.account_holder_format'] });
    expect(errorsOf({ account_holder: 'ｱ'.repeat(30) })).toEqual({});
  });

  it('takes the phone number without hyphens, and refuses an unknown account type or method', () => {
    expect(errorsOf({ phone: '03-1234-5678' })).toEqual({ phone: ['payment_request.phone_format'] });
    expect(errorsOf({ phone: '12345' })).toEqual({ phone: ['payment_request.phone_format'] });
    expect(Object.keys(errorsOf({ account_type: 'savings', method: 'credit_card' })).sort()).toEqual(['account_type', 'method']);
    expect(errorsOf({ company_name: ' ', email: 'not-an-email' })).toEqual({ company_name: ['validation.required'], email: ['validation.email'] });
  });
});
