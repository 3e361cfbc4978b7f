/**
 * Money (issue 11, slice C1): amounts are integers in the currency's minor unit (JPY has none, USD
 * has cents), never floats. Tax rates are integers in tenths of a percent (spec §9: one decimal
 * place, 10.0 % = 100). FX rates are decimal strings ("151.25" yen per dollar) multiplied exactly
 * with BigInt. Every rounding is explicit; the default is floor (docs/decisions.md, slice C1).
 */
import type { TCurrency } from '@portal/proto';

export type { TCurrency };

/** Digits after the decimal point of each currency's major unit (ISO 4217). */
export const CURRENCY_EXPONENT: Readonly<Record<TCurrency, number>> = { JPY: 0, USD: 2 };

export const ROUNDINGS = ['floor', 'half_up', 'ceil'] as const;
export type TRounding = (typeof ROUNDINGS)[number];

/** Anything with an amount: an invoice line, a subtotal. */
export interface MoneyLine {
  readonly amount_minor: number;
  readonly currency: TCurrency;
}

export class MoneyError extends Error {
  override readonly name = 'MoneyError';
}

function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`${what} must be a safe integer of minor units, got ${value}`);
}

/** Divides with the given rounding; `den` is positive. Works for negative numerators (credit lines). */
function divide(num: bigint, den: bigint, rounding: TRounding): bigint {
  const q = num / den;
  const r = num % den;
  if (r === 0n) return q;
  switch (rounding) {
    case 'floor': return num < 0n ? q - 1n : q;
    case 'ceil': return num < 0n ? q : q + 1n;
    case 'half_up': {
      // Half away from zero: compare twice the remainder's size with the divisor.
      const twice = (r < 0n ? -r : r) * 2n;
      if (twice < den) return q;
      return num < 0n ? q - 1n : q + 1n;
    }
    default: return rounding satisfies never;
  }
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError(`amount ${value} is outside the safe integer range`);
  }
  return Number(value);
}

/** The sum of lines of one currency (an empty list sums to 0 of `currency`). */
export function sumLines(lines: readonly MoneyLine[], currency?: TCurrency): MoneyLine {
  const cur = currency ?? lines[0]?.currency;
  if (!cur) throw new MoneyError('sumLines needs a currency for an empty list');
  let total = 0n;
  for (const line of lines) {
    if (line.currency !== cur) throw new MoneyError(`cannot add ${line.currency} to ${cur}`);
    assertMinor(line.amount_minor, 'amount_minor');
    total += BigInt(line.amount_minor);
  }
  return { amount_minor: toSafeNumber(total), currency: cur };
}

/** A tax rate in tenths of a percent: 0..1000 (0.0 % to 100.0 %). */
export function assertRateTenths(rateTenths: number): void {
  if (!Number.isInteger(rateTenths) || rateTenths < 0 || rateTenths > 1000) {
    throw new MoneyError(`tax rate must be 0..1000 tenths of a percent, got ${rateTenths}`);
  }
}

/**
 * The tax of the lines taxed at one rate: their sum times the rate, rounded ONCE (the qualified-
 * invoice rule: once per invoice per rate, never per line). Three ¥105 lines at 10 % with floor:
 * 315 × 0.1 = 31.5 → ¥31.
 */
export function taxPerRate(lines: readonly MoneyLine[], rateTenths: number, rounding: TRounding = 'floor', currency?: TCurrency): MoneyLine {
  assertRateTenths(rateTenths);
  const base = sumLines(lines, currency);
  const tax = divide(BigInt(base.amount_minor) * BigInt(rateTenths), 1000n, rounding);
  return { amount_minor: toSafeNumber(tax), currency: base.currency };
}

/** "10", "10.0", "8.5" → tenths (100, 100, 85). Refuses more than one decimal place, signs and exponents. */
export function parseRateTenths(text: string): number {
  const m = /^(\d{1,3})(?:\.(\d))?$/.exec(text.trim());
  if (!m) throw new MoneyError(`not a tax rate with at most one decimal place: ${JSON.stringify(text)}`);
  const tenths = Number(m[1]) * 10 + Number(m[2] ?? '0');
  assertRateTenths(tenths);
  return tenths;
}

/** 100 → "10.0", 85 → "8.5" (always one decimal place, spec §9). */
export function formatRateTenths(rateTenths: number): string {
  assertRateTenths(rateTenths);
  return `${Math.trunc(rateTenths / 10)}.${rateTenths % 10}`;
}

/** A positive decimal string as a scaled integer: "151.25" → { units: 15125n, scale: 2 }. */
export function parseDecimal(text: string): { units: bigint; scale: number } {
  const m = /^(\d{1,12})(?:\.(\d{1,12}))?$/.exec(text.trim());
  if (!m) throw new MoneyError(`not a plain positive decimal: ${JSON.stringify(text)}`);
  const frac = m[2] ?? '';
  return { units: BigInt(`${m[1]}${frac}`), scale: frac.length };
}

/** The canonical spelling of a decimal rate: no leading zeros, no trailing fractional zeros ("0151.250" → "151.25"). */
export function normaliseDecimal(text: string): string {
  const { units, scale } = parseDecimal(text);
  if (scale === 0) return units.toString();
  const digits = units.toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale).replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole;
}

/**
 * Converts an amount between currencies at `rate` (units of `to` per one major unit of `from`,
 * e.g. "151.25" JPY per USD), exactly: minor × rate × 10^(exp(to) − exp(from)), rounded once.
 * $12.34 (1234 cents) at 151.25 → 1866.425 → ¥1,866 with floor.
 */
export function convert(minor: number, from: TCurrency, to: TCurrency, rate: string, rounding: TRounding = 'floor'): number {
  assertMinor(minor, 'minor');
  if (from === to) return minor;
  const { units, scale } = parseDecimal(rate);
  if (units === 0n) throw new MoneyError('an FX rate must be positive');
  const shift = CURRENCY_EXPONENT[to] - CURRENCY_EXPONENT[from] - scale;
  let num = BigInt(minor) * units;
  let den = 1n;
  if (shift >= 0) num *= 10n ** BigInt(shift);
  else den = 10n ** BigInt(-shift);
  return toSafeNumber(divide(num, den, rounding));
}

/** Minor units as a plain decimal of the major unit: (1234, USD) → "12.34", (31, JPY) → "31". No grouping, no symbol: the SPA formats for display. */
export function formatMinor(minor: number, currency: TCurrency): string {
  assertMinor(minor, 'minor');
  const exp = CURRENCY_EXPONENT[currency];
  if (exp === 0) return String(minor);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exp + 1, '0');
  return `${sign}${digits.slice(0, -exp)}.${digits.slice(-exp)}`;
}
