import { describe, expect, it } from 'vitest';
import { offeredInMasterOrder } from './products.rules.js';

describe('offeredInMasterOrder', () => {
  const master = [{ id: 'actibook' }, { id: 'bownow' }, { id: 'lpbuilder' }];

  it('orders by the master, then unknown-to-the-master products in proto order, once each', () => {
    expect(offeredInMasterOrder('jpn', ['cocoar', 'bownow', 'actibook', 'bownow', 'izanai'], master)).toEqual(['actibook', 'bownow', 'cocoar', 'izanai']);
  });

  it('keeps only what the region offers, and drops ids that are not products', () => {
    expect(offeredInMasterOrder('usa', ['lpbuilder', 'bownow', 'cmp', 'nope'], master)).toEqual(['bownow']);
    expect(offeredInMasterOrder('mys', ['actibook', 'bownow'], master)).toEqual(['bownow']);
  });
});
