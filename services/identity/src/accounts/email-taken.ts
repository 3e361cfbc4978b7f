import { AccessCode } from '@portal/proto';
import { ServiceError } from '@portal/service-common/errors';

/** The message of an address that already has an account (also when two requests raced for it). */
export const EMAIL_TAKEN = 'signup.email_exists';

/**
 * Whether `error` is PostgreSQL's unique violation (23505) on an account's email: Prisma's P2002,
 * with or without a driver adapter, names the column or the constraint (`accounts_email_key`).
 * The pre-checks (`emailExists`) answer the usual case; this is the race of two concurrent
 * requests for one address, where the second insert or update meets the unique index.
 */
export function isEmailUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  let unique = false;
  let text = '';
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; meta?: unknown; message?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === 'P2002' || e.code === '23505') unique = true;
    text += ` ${typeof e.message === 'string' ? e.message : ''} ${typeof e.constraint === 'string' ? e.constraint : ''} ${safeJson(e.meta)}`;
    current = e.cause;
  }
  return unique && /email/i.test(text);
}

function safeJson(value: unknown): string {
  try {
    return value === undefined ? '' : JSON.stringify(value);
  } catch {
    return '';
  }
}

/** The form error for an address taken under a field (`email`, `users.2.email`, `file`). */
export const emailTaken = (field: string) =>
  new ServiceError(AccessCode.FORM_ERROR, EMAIL_TAKEN, undefined, { [field]: [{ key: EMAIL_TAKEN }] });

/** Runs `work`; a unique violation on the email becomes a 40011 under `field` (the transaction has rolled back). */
export async function mapEmailTaken<T>(field: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isEmailUniqueViolation(error)) throw emailTaken(field);
    throw error;
  }
}
