import { describe, expect, it } from 'vitest';
import { meteredCharge, projectedUsage, type MeterSpec } from './metered-pricing.js';

// The seed's "Extra page views (10,000 PV)": ¥1,000 per 10,000 page views, 20,000 to 1,000,000 billed.
const pv: MeterSpec = { unitValue: 10_000, lower: 20_000, upper: 1_000_000, unitAmount: 1000 };

describe('pricing a metered quantity (issue 23, item 3)', () => {
  it('bills nothing for a month without usage, whatever the lower bound', () => {
    expect(meteredCharge(0, pv)).toEqual({ billedUsage: 0, quantity: 0, amount: 0 });
  });

  it('bills usage below the lower bound as the lower bound', () => {
    expect(meteredCharge(1, pv)).toEqual({ billedUsage: 20_000, quantity: 2, amount: 2000 });
    expect(meteredCharge(19_999, pv)).toEqual({ billedUsage: 20_000, quantity: 2, amount: 2000 });
  });

  it('bills usage within the range in whole billing units, rounded up', () => {
    expect(meteredCharge(20_000, pv)).toEqual({ billedUsage: 20_000, quantity: 2, amount: 2000 });
    expect(meteredCharge(25_001, pv)).toEqual({ billedUsage: 25_001, quantity: 3, amount: 3000 });
    expect(meteredCharge(1_000_000, pv)).toEqual({ billedUsage: 1_000_000, quantity: 100, amount: 100_000 });
  });

  it('bills usage above the upper bound as the upper bound', () => {
    expect(meteredCharge(1_000_001, pv)).toEqual({ billedUsage: 1_000_000, quantity: 100, amount: 100_000 });
    expect(meteredCharge(9_000_000, pv)).toEqual({ billedUsage: 1_000_000, quantity: 100, amount: 100_000 });
  });

  it('has no cap without an upper bound, and no minimum without a lower one', () => {
    const open: MeterSpec = { unitValue: 1000, lower: null, upper: null, unitAmount: 290 };
    expect(meteredCharge(1, open)).toEqual({ billedUsage: 1, quantity: 1, amount: 290 });
    expect(meteredCharge(5_000_000, open)).toEqual({ billedUsage: 5_000_000, quantity: 5000, amount: 1_450_000 });
  });

  it('refuses a negative or fractional usage and a unit value below 1', () => {
    expect(() => meteredCharge(-1, pv)).toThrow(RangeError);
    expect(() => meteredCharge(1.5, pv)).toThrow(RangeError);
    expect(() => meteredCharge(1, { ...pv, unitValue: 0 })).toThrow(RangeError);
  });

  it('projects the month-to-date usage to the month at the same pace', () => {
    expect(projectedUsage(0, 10, 30)).toBe(0);
    expect(projectedUsage(10_000, 10, 30)).toBe(30_000);
    expect(projectedUsage(10_001, 10, 31)).toBe(31_004);
    expect(projectedUsage(500, 30, 30)).toBe(500);
  });
});
