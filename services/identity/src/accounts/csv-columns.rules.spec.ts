import { describe, expect, it } from 'vitest';
import { csvColumns } from './csv-columns.rules.js';

describe('invitation CSV columns', () => {
  it('finds the three columns in any order, whatever the case and spaces', () => {
    expect(csvColumns(['email', 'family_name', 'given_name'])).toEqual({ ok: true, index: { email: 0, family_name: 1, given_name: 2 } });
    expect(csvColumns([' Given_Name', 'EMAIL ', 'family_name', ''])).toEqual({ ok: true, index: { email: 1, family_name: 2, given_name: 0 } });
  });

  it('refuses the former email,name header with its own message', () => {
    expect(csvColumns(['email', 'name'])).toEqual({ ok: false, refusal: { key: 'csv.name_column' } });
  });

  it('names a missing column', () => {
    expect(csvColumns(['email', 'family_name'])).toEqual({ ok: false, refusal: { key: 'csv.missing_columns', params: { columns: 'given_name' } } });
    expect(csvColumns(['a@example.com', 'Yamada', 'Taro'])).toEqual({ ok: false, refusal: { key: 'csv.missing_columns', params: { columns: 'email, family_name, given_name' } } });
  });

  it('names an unknown column, and refuses a column named twice', () => {
    expect(csvColumns(['email', 'family_name', 'given_name', 'phone'])).toEqual({ ok: false, refusal: { key: 'csv.unknown_columns', params: { columns: 'phone' } } });
    expect(csvColumns(['email', 'family_name', 'given_name', 'email'])).toEqual({ ok: false, refusal: { key: 'csv.format' } });
  });
});
