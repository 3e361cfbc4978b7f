import { z } from 'zod';

export const ZEmail = z.email().max(254);

/**
 * The key a wizard (web/src/lib/use-wizard.ts) or the embedded form (gateway/src/embed/embed-script.ts)
 * makes when it opens: a v4 UUID, also on plain-http hosts (getRandomValues). Anything else is
 * 40011 'validation.invalid' naming `field.idempotency_key` in the caller's language.
 */
export const ZIdempotencyKey = z.uuid();

/** A boolean that may arrive as a form field ('true' / 'false'); z.coerce.boolean would read 'false' as true. */
export const ZFormBoolean = z.union([z.boolean(), z.enum(['true', 'false'])]).transform((v) => v === true || v === 'true');
