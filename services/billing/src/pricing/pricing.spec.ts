import { describe, expect, it } from 'vitest';
import { fxInForce, rateInForce } from '@portal/service-common/rates';
import { priceInvoice, PricingError, type PricingLine, type PricingTaxRate } from './pricing.js';

const yen = (amount_minor: number, tax_category: PricingLine['tax_category'] = 'standard'): PricingLine => ({ amount_minor, currency: 'JPY', tax_category });
const usd = (amount_minor: number): PricingLine => ({ amount_minor, currency: 'USD', tax_category: 'standard' });
const JP_2026: PricingTaxRate[] = [
  { category: 'standard', rate_tenths: 100, applies_from: '2019-10-01' },
  { category: 'reduced', rate_tenths: 80, applies_from: '2019-10-01' },
];

describe('priceInvoice', () => {
  it('Japan: three ¥105 lines at 10 % with floor give ¥31 of tax, ¥346 in all, charged in yen without FX', () => {
    const priced = priceInvoice({ country: 'jpn', invoice_date: '2026-12-01', lines: [yen(105), yen(105), yen(105)], tax_rates: JP_2026, fx_rate: null });
    expect(priced.per_rate).toEqual([{ rate: '10.0', rate_tenths: 100, categories: ['standard'], applies_from: '2019-10-01', subtotal_minor: 315, tax_minor: 31 }]);
    expect(priced).toMatchObject({ display_currency: 'JPY', charge_currency: 'JPY', subtotal_minor: 315, tax_minor: 31, total_minor: 346, charge_total_minor: 346, fx: null, rounding: 'floor' });
  });

  it('Japan: one block per rate (10 % and 8 %), each rounded once', () => {
    const priced = priceInvoice({ country: 'jpn', invoice_date: '2026-12-01', lines: [yen(999), yen(1), yen(555, 'reduced'), yen(556, 'reduced')], tax_rates: JP_2026, fx_rate: null });
    // 10 %: 1000 → 100 (per line it would be 99 + 0 = 99); 8 %: 1111 × 0.08 = 88.88 → 88.
    expect(priced.per_rate.map((r) => [r.rate, r.subtotal_minor, r.tax_minor])).toEqual([['10.0', 1000, 100], ['8.0', 1111, 88]]);
    expect(priced.total_minor).toBe(1000 + 1111 + 100 + 88);
  });

  it('overseas: USD shown, yen charged at the standard rate with its time, the converted total', () => {
    const at = new Date('2026-10-01T00:00:00+09:00');
    const priced = priceInvoice({
      country: 'tha', invoice_date: '2026-12-01', lines: [usd(4999), usd(1250)],
      tax_rates: [{ category: 'standard', rate_tenths: 70, applies_from: '2000-01-01' }],
      fx_rate: { rate: '150.25', applies_at: at },
    });
    // $62.49 + 7 % = $4.3743 → $4.37 (floor): $66.86 × 150.25 = 10045.715 → ¥10,045.
    expect(priced).toMatchObject({ display_currency: 'USD', charge_currency: 'JPY', subtotal_minor: 6249, tax_minor: 437, total_minor: 6686, charge_total_minor: 10045 });
    expect(priced.fx).toEqual({ base: 'USD', quote: 'JPY', rate: '150.25', applies_at: at.toISOString() });
  });

  it('refuses a line in the wrong currency, a missing rate, a rate not yet in force and a missing FX rate', () => {
    const code = (f: () => unknown) => { try { f(); } catch (e) { return e instanceof PricingError ? e.code : String(e); } return 'no error'; };
    expect(code(() => priceInvoice({ country: 'jpn', invoice_date: '2026-12-01', lines: [usd(1)], tax_rates: JP_2026, fx_rate: null }))).toBe('currency_mismatch');
    expect(code(() => priceInvoice({ country: 'jpn', invoice_date: '2026-12-01', lines: [yen(1, 'reduced')], tax_rates: [JP_2026[0]!], fx_rate: null }))).toBe('no_tax_rate');
    expect(code(() => priceInvoice({ country: 'jpn', invoice_date: '2019-09-30', lines: [yen(1)], tax_rates: JP_2026, fx_rate: null }))).toBe('rate_not_in_force');
    expect(code(() => priceInvoice({ country: 'usa', invoice_date: '2026-12-01', lines: [usd(1)], tax_rates: [{ category: 'standard', rate_tenths: 0, applies_from: '2000-01-01' }], fx_rate: null }))).toBe('no_fx_rate');
  });
});

describe('rates in force', () => {
  const history = [
    { category: 'standard' as const, rate_tenths: 80, applies_from: '2014-04-01' },
    { category: 'standard' as const, rate_tenths: 100, applies_from: '2027-01-15' },
  ];

  it('a tax change mid-month: an invoice dated the day before keeps the old rate, one dated that day takes the new', () => {
    expect(rateInForce(history, '2027-01-14')?.rate_tenths).toBe(80);
    expect(rateInForce(history, '2027-01-15')?.rate_tenths).toBe(100);
    expect(rateInForce(history, '2014-03-31')).toBeNull();
    const jan14 = priceInvoice({ country: 'jpn', invoice_date: '2027-01-14', lines: [yen(1000)], tax_rates: [rateInForce(history, '2027-01-14')!], fx_rate: null });
    const jan15 = priceInvoice({ country: 'jpn', invoice_date: '2027-01-15', lines: [yen(1000)], tax_rates: [rateInForce(history, '2027-01-15')!], fx_rate: null });
    expect([jan14.tax_minor, jan14.per_rate[0]?.rate]).toEqual([80, '8.0']);
    expect([jan15.tax_minor, jan15.per_rate[0]?.rate]).toEqual([100, '10.0']);
  });

  it('FX at a rate time: the rate taking effect at that very instant applies, a later one does not', () => {
    const fx = [
      { rate: '145.5', applies_at: new Date('2026-04-01T00:00:00+09:00') },
      { rate: '150.25', applies_at: new Date('2026-10-01T00:00:00+09:00') },
    ];
    expect(fxInForce(fx, new Date('2026-09-30T23:59:59.999+09:00'))?.rate).toBe('145.5');
    expect(fxInForce(fx, new Date('2026-10-01T00:00:00+09:00'))?.rate).toBe('150.25');
    expect(fxInForce(fx, new Date('2026-03-31T00:00:00+09:00'))).toBeNull();
    const before = priceInvoice({ country: 'usa', invoice_date: '2026-09-30', lines: [usd(10000)], tax_rates: [{ category: 'standard', rate_tenths: 0, applies_from: '2000-01-01' }], fx_rate: fxInForce(fx, new Date('2026-09-30T12:00:00+09:00')) });
    expect([before.charge_total_minor, before.fx?.rate]).toEqual([14550, '145.5']);
  });
});
