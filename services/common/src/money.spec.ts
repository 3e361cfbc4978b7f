import { describe, expect, it } from 'vitest';
import {
  convert, formatMinor, formatRateTenths, MoneyError, normaliseDecimal, parseRateTenths, sumLines, taxPerRate, type MoneyLine,
} from './money.js';

const yen = (amount_minor: number): MoneyLine => ({ amount_minor, currency: 'JPY' });
const cents = (amount_minor: number): MoneyLine => ({ amount_minor, currency: 'USD' });

describe('money: sums and tax per rate', () => {
  it('three ¥105 lines at 10 % with floor give ¥31 (rounded once, not ¥10 per line = ¥30)', () => {
    const lines = [yen(105), yen(105), yen(105)];
    expect(sumLines(lines)).toEqual(yen(315));
    expect(taxPerRate(lines, 100)).toEqual(yen(31));
    expect(taxPerRate(lines, 100, 'floor')).toEqual(yen(31));
  });

  it('rounds as asked: half up and ceil', () => {
    expect(taxPerRate([yen(315)], 100, 'half_up')).toEqual(yen(32));
    expect(taxPerRate([yen(314)], 100, 'half_up')).toEqual(yen(31));
    expect(taxPerRate([yen(311)], 100, 'ceil')).toEqual(yen(32));
    expect(taxPerRate([yen(310)], 100, 'ceil')).toEqual(yen(31));
  });

  it('takes a rate with one decimal place (8.5 % of ¥1,000 = ¥85) and a credit line', () => {
    expect(taxPerRate([yen(1000)], 85)).toEqual(yen(85));
    // A credit (negative) line floors towards minus infinity: -¥15 × 10 % = -1.5 → -¥2.
    expect(taxPerRate([yen(-15)], 100)).toEqual(yen(-2));
  });

  it('refuses mixed currencies, fractions of a minor unit and rates out of range', () => {
    expect(() => sumLines([yen(1), cents(1)])).toThrow(MoneyError);
    expect(() => sumLines([yen(1.5)])).toThrow(MoneyError);
    expect(() => taxPerRate([yen(1)], 1001)).toThrow(MoneyError);
    expect(() => taxPerRate([yen(1)], 10.5)).toThrow(MoneyError);
    expect(sumLines([], 'USD')).toEqual(cents(0));
  });

  it('parses and prints tax rates with one decimal place only', () => {
    expect(parseRateTenths('10')).toBe(100);
    expect(parseRateTenths('8.0')).toBe(80);
    expect(parseRateTenths('7.5')).toBe(75);
    expect(() => parseRateTenths('10.25')).toThrow(MoneyError);
    expect(() => parseRateTenths('-1')).toThrow(MoneyError);
    expect(() => parseRateTenths('100.1')).toThrow(MoneyError);
    expect(formatRateTenths(100)).toBe('10.0');
    expect(formatRateTenths(75)).toBe('7.5');
  });
});

describe('money: FX conversion with exact decimals', () => {
  it('converts USD cents to yen at a decimal rate, exactly and rounded once', () => {
    // $12.34 × 151.25 = 1866.425 → ¥1,866 (floor), ¥1,866 (half up), ¥1,867 (ceil).
    expect(convert(1234, 'USD', 'JPY', '151.25')).toBe(1866);
    expect(convert(1234, 'USD', 'JPY', '151.25', 'half_up')).toBe(1866);
    expect(convert(1234, 'USD', 'JPY', '151.25', 'ceil')).toBe(1867);
    // $0.10 × 150.5 = 15.05 with no float error (0.1 × 150.5 in floats is 15.050000000000002).
    expect(convert(10, 'USD', 'JPY', '150.5', 'ceil')).toBe(16);
    expect(convert(10, 'USD', 'JPY', '150.5')).toBe(15);
  });

  it('is exact where floats are not: $1,000,000.07 at 149.999999', () => {
    // 100000007 cents × 149.999999 / 100 = 150000009.4999993 → floor 150000009, half up 150000009.
    expect(convert(100_000_007, 'USD', 'JPY', '149.999999')).toBe(150_000_009);
    expect(convert(100_000_007, 'USD', 'JPY', '149.999999', 'half_up')).toBe(150_000_009);
  });

  it('converts yen to cents (rate = cents per yen in major units) and leaves one currency alone', () => {
    expect(convert(1000, 'JPY', 'USD', '0.0066')).toBe(660);
    expect(convert(1234, 'JPY', 'JPY', '151.25')).toBe(1234);
  });

  it('refuses malformed and zero rates', () => {
    expect(() => convert(100, 'USD', 'JPY', '1e2')).toThrow(MoneyError);
    expect(() => convert(100, 'USD', 'JPY', '-150')).toThrow(MoneyError);
    expect(() => convert(100, 'USD', 'JPY', '0.00')).toThrow(MoneyError);
    expect(normaliseDecimal('0151.2500')).toBe('151.25');
    expect(normaliseDecimal('150.000')).toBe('150');
    expect(normaliseDecimal('0.0500')).toBe('0.05');
  });

  it('formats minor units in the major unit', () => {
    expect(formatMinor(1234, 'USD')).toBe('12.34');
    expect(formatMinor(5, 'USD')).toBe('0.05');
    expect(formatMinor(-5, 'USD')).toBe('-0.05');
    expect(formatMinor(31, 'JPY')).toBe('31');
  });
});
