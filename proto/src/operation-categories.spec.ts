import { describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_CATEGORIES, OPERATION_CATEGORY, operationCategory, operationsOf } from './api-routes.js';
import { isMessageKey } from './messages.js';

describe('operation categories (spec §3 "target operation")', () => {
  it('puts every operation in one category, each with a label', () => {
    for (const op of OPERATIONS) {
      expect(OPERATION_CATEGORIES, op).toContain(OPERATION_CATEGORY[op]);
      expect(isMessageKey(`operation.${op}`), op).toBe(true);
    }
    for (const category of OPERATION_CATEGORIES) expect(isMessageKey(`operation_category.${category}`), category).toBe(true);
    expect(OPERATION_CATEGORIES.flatMap((c) => operationsOf(c)).sort()).toEqual([...OPERATIONS].sort());
  });

  it('maps the events of the spec to their target operation', () => {
    expect(operationCategory('login_failed')).toBe('login');
    expect(operationCategory('product_login')).toBe('service_use');
    expect(operationCategory('password_changed')).toBe('profile');
    expect(operationCategory('authority_changed')).toBe('accounts');
    expect(operationCategory('company_changed')).toBe('company_info');
    expect(operationCategory('mfa_setting_changed')).toBe('system_settings');
    expect(operationCategory('no_such_event')).toBeNull();
  });
});
