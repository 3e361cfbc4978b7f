import { describe, expect, it } from 'vitest';
import { ServiceError } from '@portal/service-common/errors';
import { isEmailUniqueViolation, mapEmailTaken } from './email-taken.js';

describe('a duplicate email met at the unique index', () => {
  it('recognises Prisma\'s and PostgreSQL\'s unique violation on the email only', () => {
    expect(isEmailUniqueViolation({ code: 'P2002', meta: { target: ['email'] } })).toBe(true);
    expect(isEmailUniqueViolation({ code: 'P2002', meta: { driverAdapterError: { cause: { kind: 'UniqueConstraintViolation', constraint: { fields: ['email'] } } } } })).toBe(true);
    expect(isEmailUniqueViolation({ message: 'x', cause: { code: '23505', constraint: 'accounts_email_key' } })).toBe(true);
    expect(isEmailUniqueViolation({ code: 'P2002', meta: { target: ['uuid'] } })).toBe(false);
    expect(isEmailUniqueViolation({ code: '23503', constraint: 'accounts_email_key' })).toBe(false);
    expect(isEmailUniqueViolation(new Error('email'))).toBe(false);
    expect(isEmailUniqueViolation(null)).toBe(false);
  });

  it('answers 40011 under the given field and lets anything else through', async () => {
    const taken = await mapEmailTaken('users', () => Promise.reject({ code: 'P2002', meta: { target: ['email'] } })).catch((e: unknown) => e);
    expect(taken).toBeInstanceOf(ServiceError);
    expect(taken).toMatchObject({ code: 40011, fields: { users: [{ key: 'signup.email_exists' }] } });
    const other = new Error('boom');
    await expect(mapEmailTaken('users', () => Promise.reject(other))).rejects.toBe(other);
    await expect(mapEmailTaken('users', async () => 7)).resolves.toBe(7);
  });
});
