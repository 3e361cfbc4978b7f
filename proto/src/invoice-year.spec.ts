import { describe, expect, it } from 'vitest';
import { invoiceYearAt } from './invoices.js';

describe('invoiceYearAt', () => {
  it('is the Asia/Tokyo year, not the UTC or viewer year', () => {
    expect(invoiceYearAt(new Date('2026-12-31T14:59:59.999Z'))).toBe(2026);
    expect(invoiceYearAt(new Date('2026-12-31T15:00:00.000Z'))).toBe(2027);
    expect(invoiceYearAt(Date.parse('2027-01-01T00:00:00Z'))).toBe(2027);
  });
});
