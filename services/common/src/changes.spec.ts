import { describe, expect, it } from 'vitest';
import { changeDetail, changedFields } from './changes.js';

describe('changedFields', () => {
  it('finds nothing when every value is the same', () => {
    expect(changedFields({ a: 'x', b: 1, c: true, d: ['p', 'q'] }, { a: 'x', b: 1, c: true, d: ['p', 'q'] })).toEqual([]);
  });

  it('names each field that differs, in the order of the new values', () => {
    expect(changedFields({ a: 'x', b: 1, c: true }, { c: false, b: 1, a: 'y' })).toEqual(['c', 'a']);
  });

  it('compares lists in order, unless the field is a set', () => {
    const before = { products: ['bownow', 'actibook'], addresses: ['10.0.0.1', '10.0.0.2'] };
    const after = { products: ['actibook', 'bownow'], addresses: ['10.0.0.2', '10.0.0.1'] };
    expect(changedFields(before, after)).toEqual(['products', 'addresses']);
    expect(changedFields(before, after, { unordered: ['products'] })).toEqual(['addresses']);
    expect(changedFields(before, { ...after, products: ['bownow', 'bownow'] }, { unordered: ['products'] })).toEqual(['products', 'addresses']);
    expect(changedFields(before, { products: ['bownow'], addresses: before.addresses }, { unordered: ['products'] })).toEqual(['products']);
  });

  it('treats null and undefined alike, and an empty string as a value', () => {
    expect(changedFields({ industry: null as string | null | undefined }, { industry: undefined })).toEqual([]);
    expect(changedFields({ industry: null as string | null }, { industry: '' })).toEqual(['industry']);
  });

  it('compares nested values by content', () => {
    expect(changedFields({ crop: { x: 1, y: 2 } }, { crop: { x: 1, y: 2 } })).toEqual([]);
    expect(changedFields({ crop: { x: 1, y: 2 } }, { crop: { x: 1, y: 3 } })).toEqual(['crop']);
  });
});

describe('changeDetail', () => {
  it('keeps the changed fields with their values before and after', () => {
    const before = { family_name: 'Smith', given_name: 'Alex', language: 'en-us' };
    const after = { family_name: 'Smyth', given_name: 'Alex', language: 'en-us' };
    expect(changeDetail(before, after, changedFields(before, after))).toEqual({ fields: ['family_name'], before: { family_name: 'Smith' }, after: { family_name: 'Smyth' } });
  });
});
