import type { TOperatorContext } from '@portal/proto';
import type { Account, Tenant } from '../db.js';

/** The admin area an account works in (login_operator_type); a partner with a primary contract is a primary partner. */
export function contextOf(account: Account, tenant: Tenant | null): TOperatorContext {
  if (account.kind === 'operator') return 'operator';
  if (account.kind === 'partner') return tenant?.contractType === 'primary' ? 'primary_partner' : 'partner';
  return 'client';
}
