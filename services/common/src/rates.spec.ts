import { describe, expect, it } from 'vitest';
import { earliestNewTaxDate, fxInForce, invoiceDateOf, rateInForce, rateInstant, ratesForInvoice, type RateTables } from './rates.js';

const tables: RateTables = {
  tax: [
    { country: 'jpn', category: 'standard', rate_tenths: 100, applies_from: '2019-10-01' },
    { country: 'jpn', category: 'reduced', rate_tenths: 80, applies_from: '2019-10-01' },
    { country: 'usa', category: 'standard', rate_tenths: 0, applies_from: '2000-01-01' },
    { country: 'usa', category: 'standard', rate_tenths: 120, applies_from: '2027-03-15' },
    { country: 'usa', category: 'standard', rate_tenths: 150, applies_from: '2027-06-01' },
  ],
  fx: [
    { rate: '150.25', applies_at: new Date('2026-10-01T00:00:00+09:00') },
    { rate: '155.75', applies_at: new Date('2027-02-01T00:00:01+09:00') },
    { rate: '160.5', applies_at: new Date('2027-01-20T09:00:00+09:00') },
  ],
};

const standard = (r: ReturnType<typeof ratesForInvoice>) => r.tax.find((t) => t.category === 'standard')?.rate_tenths;

describe('rates: one rule, the rates at 00:00 JST on the invoice date', () => {
  it("month M's invoice is dated the first of M; its rate instant is that day's start in Tokyo", () => {
    expect(invoiceDateOf('2027-04')).toBe('2027-04-01');
    expect(rateInstant('2027-04-01').toISOString()).toBe('2027-03-31T15:00:00.000Z');
    expect(() => invoiceDateOf('2027-13')).toThrow(RangeError);
  });

  it('a rate change mid-month reaches the next invoice, not the month it starts in', () => {
    // 12 % from 2027-03-15: March's invoice (dated 03-01) keeps 0 %, April's (04-01) has 12 %.
    expect(standard(ratesForInvoice(tables, 'usa', invoiceDateOf('2027-03')))).toBe(0);
    expect(standard(ratesForInvoice(tables, 'usa', invoiceDateOf('2027-04')))).toBe(120);
    expect(standard(ratesForInvoice(tables, 'usa', invoiceDateOf('2027-05')))).toBe(120);
  });

  it("a run days late across a rate change: April's invoice run on 2027-06-02 has April's 12 %, not June's 15 %", () => {
    // Nothing about the run's day goes in: the month gives the date, the date gives the rates.
    const april = ratesForInvoice(tables, 'usa', invoiceDateOf('2027-04'));
    expect(standard(april)).toBe(120);
    expect(april.tax[0]?.applies_from).toBe('2027-03-15');
    expect(standard(ratesForInvoice(tables, 'usa', invoiceDateOf('2027-06')))).toBe(150);
  });

  it('the quote and the run agree on the FX rate of one invoice date (160.5 in force at 00:00 JST on 2027-02-01)', () => {
    const feb = ratesForInvoice(tables, 'usa', '2027-02-01');
    expect(feb.fx?.rate).toBe('160.5');
    expect(feb.fx?.applies_at.toISOString()).toBe('2027-01-20T00:00:00.000Z');
    // A rate taking effect one second after the instant belongs to the next invoice date.
    expect(ratesForInvoice(tables, 'usa', '2027-03-01').fx?.rate).toBe('155.75');
  });

  it('a resumed run prices alike: rates added after the first attempt (never backdated) do not reach the invoice date', () => {
    const first = ratesForInvoice(tables, 'jpn', invoiceDateOf('2027-04'));
    // Resumed on 2027-04-03: the operator meanwhile added a tax rate from tomorrow and an FX rate from now.
    const resumedAt = new Date('2027-04-03T10:00:00+09:00');
    const later: RateTables = {
      tax: [...tables.tax, { country: 'jpn', category: 'standard', rate_tenths: 120, applies_from: earliestNewTaxDate('2027-04-03') }],
      fx: [...tables.fx, { rate: '170', applies_at: resumedAt }],
    };
    expect(ratesForInvoice(later, 'jpn', invoiceDateOf('2027-04'))).toEqual(first);
    expect(standard(ratesForInvoice(later, 'jpn', invoiceDateOf('2027-05')))).toBe(120);
  });

  it('answers every category the country has, and nothing for a date before its first rate', () => {
    expect(ratesForInvoice(tables, 'jpn', '2027-01-01').tax.map((t) => [t.category, t.rate_tenths])).toEqual([['reduced', 80], ['standard', 100]]);
    const early = ratesForInvoice(tables, 'jpn', '2019-09-01');
    expect(early.tax).toEqual([]);
    expect(early.fx).toBeNull();
  });

  it('rateInForce and fxInForce take the latest row at or before the date or instant', () => {
    expect(rateInForce(tables.tax.filter((t) => t.country === 'usa'), '2027-05-31')?.rate_tenths).toBe(120);
    expect(fxInForce(tables.fx, new Date('2027-02-01T00:00:00+09:00'))?.rate).toBe('160.5');
    expect(fxInForce(tables.fx, new Date('2027-02-01T00:00:01+09:00'))?.rate).toBe('155.75');
  });
});
